// npm start: builds the site only when dist is missing or older than what it is built from,
// then runs the built server in this process. A restart with nothing changed answers in seconds.
// `npm run build` always builds; BUILD=always makes `npm start` do the same.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(fileURLToPath(import.meta.url), '../..');
/** Written after a build that finished; its time is the build's. */
const stamp = join(root, 'dist/.built');
const sources = ['src', 'db', 'public', 'scripts', 'package.json', 'package-lock.json', 'vite.config.ts', 'tsconfig.json'];
/** Made from other sources by the build itself (the message compiler's output), or never built. */
const notSources = new Set([join(root, 'src/shared/i18n/generated')]);

function newestChange(path) {
  if (notSources.has(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestChange(join(path, entry)));
  return newest;
}

function builtIsCurrent() {
  if (process.env.BUILD === 'always' || !existsSync(stamp) || !existsSync(join(root, 'dist/server/main.js'))) return false;
  const builtAt = statSync(stamp).mtimeMs;
  return sources.every((source) => !existsSync(join(root, source)) || newestChange(join(root, source)) <= builtAt);
}

if (builtIsCurrent()) {
  console.log('dist is current: starting without a build (BUILD=always npm start to build anyway)');
} else {
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  writeFileSync(stamp, `${new Date().toISOString()}\n`);
}

await import(pathToFileURL(join(root, 'dist/server/main.js')).href);
