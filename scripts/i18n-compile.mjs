// npm run i18n:compile: the dictionaries (src/shared/i18n/messages) to typed message functions
// (src/shared/i18n/generated), by Paraglide's compiler.
//
// The compiler takes about 13 s however little changed, and one `npm ci` and `npm test` asked for
// it three times (install, the test run's first step, the build). It runs only when something it
// reads is newer than its last output: a dictionary, the project's settings, this script (which
// holds its options) or the compiler itself. Extra arguments (`-- --watch`) always run it.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const i18n = join(root, 'src/shared/i18n');
const outdir = join(i18n, 'generated');
/** Written after each compile: its time is the output's. */
const stamp = join(outdir, '.compiled');

const options = [
  ...['--project', join(i18n, 'project.inlang'), '--outdir', outdir, '--strategy', 'baseLocale'],
  ...['--emit-ts-declarations', '--no-emit-git-ignore', '--no-emit-prettier-ignore', '--no-emit-readme', '--silent'],
];
const extra = process.argv.slice(2);

/** The newest modification time of the files under `path` (or of the file itself). */
function newest(path) {
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return Math.max(stats.mtimeMs, ...readdirSync(path).map((name) => newest(join(path, name))));
}

const inputs = [join(i18n, 'messages'), join(i18n, 'project.inlang'), import.meta.filename, join(root, 'node_modules/@inlang/paraglide-js/package.json')];
const upToDate = extra.length === 0 && existsSync(stamp) && existsSync(join(outdir, 'messages.js')) && Math.max(...inputs.map(newest)) < statSync(stamp).mtimeMs;

if (!upToDate) {
  const compiler = spawnSync(join(root, 'node_modules/.bin/paraglide-js'), ['compile', ...options, ...extra], { stdio: 'inherit' });
  if (compiler.status !== 0) process.exit(compiler.status ?? 1);
  writeFileSync(stamp, '');
}
