/** `npm run build:server`: the server's entries bundled into dist/server (the options: server-bundle-options.ts). */
import { resolve } from 'node:path';
import { build } from 'esbuild';
import { SERVER_BUNDLE_OPTIONS } from './server-bundle-options';

const root = resolve(import.meta.dirname, '..');
await build({
  ...SERVER_BUNDLE_OPTIONS,
  entryPoints: ['src/server/main.ts', 'src/server/server-process.ts', 'src/server/cli/admin-create.ts', 'src/server/cli/seed.ts', 'src/server/cli/migrate.ts'].map((entry) => resolve(root, entry)),
  outbase: resolve(root, 'src/server'),
  outdir: resolve(root, 'dist/server'),
  logLevel: 'info',
});
