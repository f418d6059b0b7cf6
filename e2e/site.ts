import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { createScratchDatabase } from '#server/test/scratch-database';

/**
 * The site under test, one per Playwright worker: the real server with the built client
 * (e2e/server.ts, bundled by e2e/global-setup.ts), a fresh database with the demo content, and
 * a real SMTP server beside it whose mail the journeys read. Each worker has its own, so
 * journeys in different workers never see each other's changes.
 *
 * The database is an embedded PGlite in a folder of its own, as `npm start` runs, unless
 * TEST_DATABASE_URL names a PostgreSQL server (as in CI): then it is a database of its own on
 * that server, made at start and dropped at stop. PGlite is PostgreSQL compiled to WebAssembly
 * and runs in the server's own thread; on a slow two-core machine the sites on PGlite took
 * 80 s of CPU over the admin and accessibility journeys, and 50 s with PostgreSQL's (server and
 * database), while the browsers took 120-160 s. The integration tests and `check:start` still
 * run the server on PGlite.
 *
 * Worker n listens on E2E_PORT + n (3100 by default); E2E_CLIENT_DIR tests another build.
 */
export interface E2eSite {
  url: string;
  port: number;
  /** Where the site's mail arrives (e2e/mailbox.ts reads it). */
  mailDir: string;
  stop(): Promise<void>;
}

export const firstPort = () => Number(process.env.E2E_PORT ?? 3100);
export const mailDirFor = (port: number) => `.tmp/e2e-mail-${port}`;

/** Starting builds the database and the demo content; on a busy machine that takes a while. */
const START_TIMEOUT_MS = 120_000;

/**
 * The browser and the site's PUBLIC_URL name the site `localhost`, not an address: passkeys need
 * a domain name (WebAuthn refuses an IP address as the relying party). One name for every
 * journey lets a worker's site serve every file; a file on a host of its own took a worker and a
 * site start of its own.
 */
export async function startE2eSite(workerSlot: number): Promise<E2eSite> {
  const port = firstPort() + workerSlot;
  const url = `http://localhost:${port}`;
  const dataDir = `.tmp/e2e-data-${port}-${Date.now()}`;
  const mailDir = mailDirFor(port);
  rmSync(mailDir, { recursive: true, force: true });
  const database = process.env.TEST_DATABASE_URL ? await createScratchDatabase(process.env.TEST_DATABASE_URL, `bloom_e2e_${port}`) : null;

  const server = process.env.E2E_SERVER_BUNDLE;
  if (!server) throw new Error('E2E_SERVER_BUNDLE is not set: the journeys run through playwright.config.ts, whose global setup bundles the site');
  const child = spawn(process.execPath, [server], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: '1',
      CLIENT_DIR: process.env.E2E_CLIENT_DIR ?? 'dist/client',
      LOG_LEVEL: 'warn',
      E2E_MAIL_DIR: mailDir,
      PUBLIC_URL: url,
      ...(database ? { DATABASE_URL: database.url } : {}),
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const errors: string[] = [];
  child.stderr!.on('data', (chunk: Buffer) => errors.push(chunk.toString()));

  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([exited, new Promise((done) => (timer = setTimeout(done, 5_000)))]);
      clearTimeout(timer);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    rmSync(resolve(dataDir), { recursive: true, force: true });
    await database?.drop();
  };

  try {
    await waitUntilUp(`${url}/api/health`, child);
  } catch (error) {
    await stop();
    throw new Error(`the site on port ${port} did not start: ${(error as Error).message}\n${errors.join('')}`, { cause: error });
  }
  return { url, port, mailDir, stop };
}

async function waitUntilUp(healthUrl: string, child: ChildProcess) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`it exited with ${child.exitCode}`);
    const up = await fetch(healthUrl).then(
      (response) => response.ok,
      () => false,
    );
    if (up) return;
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error(`no answer within ${START_TIMEOUT_MS / 1000} s`);
}
