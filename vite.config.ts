import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';

// The client lives in src/client; its build goes to dist/client, which the server serves.
// In development (npm run dev) Vite serves the client and proxies the API to the dev server.
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3001}`;

export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/client',
  publicDir: '../../public',
  plugins: [
    tanstackRouter({
      target: 'react',
      // Paths are relative to the Vite root (src/client).
      // Each route's component becomes its own chunk: a page ships only its own code.
      autoCodeSplitting: true,
      routesDirectory: './routes',
      generatedRouteTree: './routeTree.gen.ts',
    }),
    react(),
    tailwindcss(),
  ],
  // `vite build --ssr entry-server.tsx` builds the server's side of the client (dist/ssr), which
  // renders each page's first screen as HTML (SSR). It bundles its libraries too, like the
  // browser's build.
  ssr: { noExternal: true },
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : undefined,
  build: isSsrBuild ? { outDir: '../../dist/ssr', emptyOutDir: true, sourcemap: false, copyPublicDir: false } : {
    outDir: '../../dist/client',
    emptyOutDir: true,
    sourcemap: false,
    modulePreload: {
      // The page's own entry keeps its preload hints. A lazily loaded chunk (a route's screen)
      // lets the browser find its imports itself: the hints the helper would add cost the
      // phone more main-thread time (about 40 ms here) than the round trips they save.
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []),
    },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Form validation (zod, the shared schemas and the text rules they use) is shared by many pages but needed by
          // none at first paint; its own chunk keeps it out of the landing page's initial load.
          groups: [
            {
              // The libraries every page starts with, in one file: one request, and gzip sees them together.
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|@tanstack|@trpc|use-sync-external-store)[\\/]/,
            },
            {
              name: 'validation',
              test: /node_modules[\\/]zod[\\/]|src[\\/]shared[\\/](schemas[\\/]|moderation\.ts|text[\\/])/,
              // Only what the test names: small constants the schemas import stay where they're used.
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    proxy: { '/api': apiTarget, '/trpc': apiTarget, '/uploads': apiTarget },
  },
}));
