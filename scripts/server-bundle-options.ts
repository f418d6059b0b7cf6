import type { BuildOptions } from 'esbuild';

/**
 * How esbuild bundles the server: one file per entry, npm packages left external (they load from
 * node_modules). `npm run build:server` (scripts/build-server.ts) bundles the production entries
 * with them, and the tests their own server entries (src/server/test/server-bundle.ts), so the
 * two never differ.
 */
export const SERVER_BUNDLE_OPTIONS = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  packages: 'external',
  sourcemap: true,
} as const satisfies BuildOptions;
