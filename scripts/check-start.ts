/**
 * The built server starts: `node dist/server/main.js` (the production entry, as `npm start` runs
 * it, without tsx) on a fresh PGlite folder answers /api/health, then stops on SIGTERM with exit
 * code 0. Part of `npm test`, after the build: the other tests run the sources through tsx or
 * bundles of their own, which forgive what the production build may not (a JSON import without
 * its `type` attribute, say).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSite, stopSite, untilServing } from '../src/server/test/site-process';

const dataDir = mkdtempSync(join(tmpdir(), 'bloom-check-start-'));
const started = Date.now();
const site = await spawnSite('dist/server/main.js', { NODE_ENV: 'production', DATA_DIR: dataDir, DATABASE_URL: '', SMTP_URL: '' });

function fail(why: string): never {
  console.error(`check:start: ${why}\n${site.tail(3000)}`);
  site.child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(1);
}

if (!(await untilServing(site))) fail('the built server did not answer /api/health');
const code = await stopSite(site, 20_000);
if (code !== 0) fail(`the built server did not stop cleanly on SIGTERM (exit: ${String(code)})`);
rmSync(dataDir, { recursive: true, force: true });
console.log(`check:start: the built server answered /api/health in ${((Date.now() - started) / 1000).toFixed(1)} s and stopped on SIGTERM`);
