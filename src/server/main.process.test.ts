import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { messages } from '#shared/messages';
import { SERVER_PROCESS_V8_FLAGS } from './server-process-flags';
import { bundledEntry } from './test/server-bundle';
import { spawnSite, stopSite, untilServing, type SiteProcess } from './test/site-process';

/**
 * The production entry (main.ts) as a deployment runs it: no environment variable weakens
 * it. Variables that once switched test behaviour on (RATE_LIMIT_RELAXED, NODE_ENV=test)
 * are set here and must change nothing.
 */

let site: SiteProcess | undefined;
let base = '';
let dataDir = '';

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'bloom-main-'));
  site = await spawnSite(bundledEntry(inject('serverBundle'), 'src/server/main.ts'), { NODE_ENV: 'test', RATE_LIMIT_RELAXED: '1', DATA_DIR: dataDir, DATABASE_URL: '', SEED_DEMO: '' });
  base = site.base;
  if (!(await untilServing(site))) throw new Error(`main.ts did not start: ${site.tail()}`);
}, 150_000);

afterAll(async () => {
  if (site) await stopSite(site);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

it('keeps the sign-in limit with RATE_LIMIT_RELAXED=1 in the environment', async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 11; i++) {
    const response = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `nobody${i}@example.com`, password: 'Wrong1234' }),
    });
    statuses.push(response.status);
    if (response.status === 429) expect(await response.json()).toEqual({ message: messages.access.rateLimited });
  }
  expect(statuses).toEqual([...Array<number>(10).fill(401), 429]);
}, 30_000);

it('serves the same server with NODE_ENV=test: public reads come from the read cache', async () => {
  await fetch(`${base}/api/podcasts`);
  const again = await fetch(`${base}/api/podcasts`);
  expect(again.status).toBe(200);
  expect(again.headers.get('x-cache')).toBe('hit');
});

/** The command lines of a process's children, read from Linux's /proc. */
function childCommandLines(parentPid: number): string[][] {
  const lines: string[][] = [];
  for (const entry of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      // The parent's pid is the field after the command name, which is in parentheses.
      const parent = Number(readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]?.split(' ')[1]);
      if (parent === parentPid) lines.push(readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').filter(Boolean));
    } catch {
      // The process ended while it was being read.
    }
  }
  return lines;
}

it("starts its server process with the server's V8 flags", () => {
  const servers = childCommandLines(site!.child.pid!).filter((line) => line.some((part) => part.includes('server-process')));
  expect(servers).toHaveLength(1);
  expect(servers[0]).toEqual(expect.arrayContaining(SERVER_PROCESS_V8_FLAGS));
});
