import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { freePort } from './free-port';

/**
 * The site as its own process, for the tests and scripts that need a real one (a start, a
 * crash, a SIGTERM, an outage): the built entry (`dist/server/main.js`, as `npm start` runs it)
 * or a source entry bundled for the tests (server-bundle.ts). Its output is kept, for a
 * failure's message and for the lines a test looks for.
 */
export interface SiteProcess {
  child: ChildProcess;
  port: number;
  base: string;
  output: string[];
  exited: Promise<number | null>;
  /** The output so far, its last `chars` characters. */
  tail(chars?: number): string;
}

const ROOT = resolve(import.meta.dirname, '../../..');

/**
 * Starts the entry (a built or bundled server: a path to its .js file, absolute or from the
 * project's folder) on a free port on 127.0.0.1; `env` adds to (or, with '', clears) the
 * inherited variables.
 */
export async function spawnSite(entry: string, env: Record<string, string>): Promise<SiteProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [entry], {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', REDIS_URL: '', CLIENT_DIR: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout!.on('data', (chunk) => output.push(String(chunk)));
  child.stderr!.on('data', (chunk) => output.push(String(chunk)));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  return { child, port, base: `http://127.0.0.1:${port}`, output, exited, tail: (chars = 2000) => output.join('').slice(-chars) };
}

/**
 * Waits until the site answers /api/health; false if it exited or `timeoutMs` passed first
 * (a start takes long while other suites share the cores).
 */
export async function untilServing(site: SiteProcess, timeoutMs = 120_000): Promise<boolean> {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline && site.child.exitCode === null; ) {
    const healthy = await fetch(`${site.base}/api/health`, { signal: AbortSignal.timeout(1000) }).then(
      (answer) => answer.ok,
      () => false,
    );
    if (healthy) return true;
    await new Promise((done) => setTimeout(done, 200));
  }
  return false;
}

/** SIGTERM, then SIGKILL if it has not exited within `graceMs`; resolves with its exit code. */
export async function stopSite(site: SiteProcess, graceMs = 10_000): Promise<number | null> {
  if (site.child.exitCode === null && site.child.signalCode === null) site.child.kill('SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const code = await Promise.race([site.exited, new Promise<'timeout'>((done) => (timer = setTimeout(() => done('timeout'), graceMs)))]);
  // A pending timer would keep the caller's process alive for the rest of the grace.
  clearTimeout(timer);
  if (code !== 'timeout') return code;
  site.child.kill('SIGKILL');
  return site.exited;
}
