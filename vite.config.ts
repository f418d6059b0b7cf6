import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import type { Plugin } from 'vite';
import { DEFAULT_LOCALE, directionOf, isLocale, type Locale } from './src/shared/i18n/locale';

// The client lives in src/client; its build goes to dist/client, which the server serves.
// In development (npm run dev) Vite serves the client and proxies the API to the dev server.
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3001}`;

/**
 * The browser's build is made once per language (`vite build` for English, `vite build --mode ar-EG`
 * for Arabic), so a page loads only its own language's words. This plugin fixes the compiled
 * messages' locale to the build's, which lets the bundler drop every other language's branch, and
 * writes the Arabic build's page as index.ar-EG.html with `lang="ar-EG" dir="rtl"` beside English's
 * index.html (the server picks one per request), with the Arabic font preloaded. Development and SSR leave the locale to the
 * request (the server's AsyncLocalStorage) or the page's `<html lang>`.
 */
function languageBuild(locale: Locale): Plugin {
  return {
    name: 'bloom-language-build',
    apply: 'build',
    // After Vite's own HTML plugin has put the page into the bundle.
    enforce: 'post',
    transform(code, id) {
      if (!/i18n[\\/]generated[\\/]runtime\.js$/.test(id)) return null;
      const unset = /export const experimentalStaticLocale = [^;]+;/;
      if (!unset.test(code)) throw new Error('the compiled i18n runtime no longer declares experimentalStaticLocale');
      return code.replace(unset, `export const experimentalStaticLocale = ${JSON.stringify(locale)};`);
    },
    transformIndexHtml: (html) => html.replace('<html lang="en" dir="ltr">', `<html lang="${locale}" dir="${directionOf(locale)}">`),
    generateBundle(_options, bundle) {
      const page = bundle['index.html'];
      if (!page || page.type !== 'asset' || locale === DEFAULT_LOCALE) return;
      page.fileName = `index.${locale}.html`;
      // Arabic pages ask for the Arabic font at once, beside the styles, instead of after them.
      const font = Object.values(bundle).find((file) => /cairo-arabic-wght-normal[^/]*\.woff2$/.test(file.fileName));
      if (!font) throw new Error('the Arabic font is missing from the build');
      page.source = String(page.source).replace('</head>', `  <link rel="preload" href="/${font.fileName}" as="font" type="font/woff2" crossorigin>\n  </head>`);
    },
  };
}

export default defineConfig(({ isSsrBuild, mode }) => {
  const locale: Locale = isLocale(mode) ? mode : DEFAULT_LOCALE;
  const otherLanguage = locale !== DEFAULT_LOCALE;
  return {
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
    ...(isSsrBuild ? [] : [languageBuild(locale)]),
  ],
  // `vite build --ssr entry-server.tsx` builds the server's side of the client (dist/ssr), which
  // renders each page's first screen as HTML (SSR). It bundles its libraries too, like the
  // browser's build.
  ssr: { noExternal: true },
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : undefined,
  build: isSsrBuild ? { outDir: '../../dist/ssr', emptyOutDir: true, sourcemap: false, copyPublicDir: false } : {
    outDir: '../../dist/client',
    // English builds first and empties the folder; Arabic adds its own page and chunks beside it.
    emptyOutDir: !otherLanguage,
    copyPublicDir: !otherLanguage,
    sourcemap: false,
    modulePreload: {
      // The page's own entry keeps its preload hints. A lazily loaded chunk (a route's screen)
      // lets the browser find its imports itself: the hints the helper would add cost the
      // phone more main-thread time (about 40 ms here) than the round trips they save.
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []),
    },
    rolldownOptions: {
      // tRPC's packages don't declare themselves free of side effects, so the client kept the
      // links it never uses (WebSocket, streaming) and their helpers. Their modules only define
      // things: the ones nothing imports can go.
      treeshake: { moduleSideEffects: (id: string) => !/node_modules[\\/]@trpc[\\/]/.test(id) },
      output: {
        codeSplitting: {
          // Form validation (zod, the shared schemas and the roles and text rules they use) is shared by many pages but needed by
          // none at first paint; its own chunk keeps it out of the landing page's initial load.
          groups: [
            {
              // The libraries every page starts with, in one file: one request, and gzip sees them together.
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|@tanstack|@trpc|use-sync-external-store)[\\/]/,
            },
            {
              name: 'validation',
              test: /node_modules[\\/]zod[\\/]|src[\\/]shared[\\/](schemas[\\/]|moderation\.ts|roles\.ts|text[\\/])/,
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
};
});
