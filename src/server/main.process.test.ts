import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import { freePort } from './test/free-port';

/**
 * The production entry (main.ts) as a deployment runs it: no environment variable weakens
 * it. Variables that once switched test behaviour on (RATE_LIMIT_RELAXED, NODE_ENV=test)
 * are set here and must change nothing.
 */

const ROOT = resolve(import.meta.dirname, '../..');
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

let child: ChildProcess;
let base = '';
let dataDir = '';
const output: string[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'bloom-main-'));
  const port = await freePort();
  child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      RATE_LIMIT_RELAXED: '1',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      CLIENT_DIR: '',
      SEED_DEMO: '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk) => output.push(String(chunk)));
  child.stderr!.on('data', (chunk) => output.push(String(chunk)));
  base = `http://127.0.0.1:${port}`;
  // A start compiles the server's sources (tsx), which takes long while other suites share the cores.
  for (const deadline = Date.now() + 120_000; Date.now() < deadline && child.exitCode === null; ) {
    try {
      if ((await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(1000) })).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`main.ts did not start: ${output.join('').slice(-2000)}`);
}, 150_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    await Promise.race([exited, sleep(10_000)]);
    if (child.exitCode === null) child.kill('SIGKILL');
  }
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
