/**
 * `npm run build` (after the client's builds): brotli and gzip copies of the client's text
 * assets beside them, which the server reads at start instead of compressing them itself.
 */
import { resolve } from 'node:path';
import { compressBuiltAssets } from '#server/asset-compression';

const clientDir = resolve(import.meta.dirname, '..', 'dist', 'client');
const started = performance.now();
const count = await compressBuiltAssets(clientDir);
console.log(`compressed ${count} client assets (brotli and gzip) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
