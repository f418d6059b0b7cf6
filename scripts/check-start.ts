/**
 * The built server starts: `node dist/server/main.js` (the production entry, as `npm start` runs
 * it, without tsx) on a fresh PGlite folder answers /api/health, then stops on SIGTERM with exit
 * code 0. Part of `npm test`, after the build: the other tests run the sources through tsx, which
 * forgives what plain Node refuses (a JSON import without its `type` attribute, say).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '../src/server/test/free-port';

const root = resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(join(tmpdir(), 'bloom-check-start-'));
const port = await freePort();
const output: string[] = [];
const server = spawn(process.execPath, ['dist/server/main.js'], {
  cwd: root,
  env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', SMTP_URL: '', LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'pipe', 'pipe'],
});
server.stdout.on('data', (chunk) => output.push(String(chunk)));
server.stderr.on('data', (chunk) => output.push(String(chunk)));
const exited = new Promise<number | null>((done) => server.once('exit', (code) => done(code)));

function fail(why: string): never {
  console.error(`check:start: ${why}\n${output.join('').slice(-3000)}`);
  server.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(1);
}

const started = Date.now();
let healthy = false;
while (!healthy && Date.now() - started < 120_000 && server.exitCode === null) {
  healthy = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(1000) }).then(
    (answer) => answer.ok,
    () => false,
  );
  if (!healthy) await new Promise((done) => setTimeout(done, 250));
}
if (!healthy) fail('the built server did not answer /api/health');
server.kill('SIGTERM');
const code = await Promise.race([exited, new Promise<'timeout'>((done) => setTimeout(() => done('timeout'), 20_000))]);
if (code !== 0) fail(`the built server did not stop cleanly on SIGTERM (exit: ${String(code)})`);
rmSync(dataDir, { recursive: true, force: true });
console.log(`check:start: the built server answered /api/health in ${((Date.now() - started) / 1000).toFixed(1)} s and stopped on SIGTERM`);
