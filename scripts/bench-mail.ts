/**
 * The outbox's throughput, part of `npm run bench`: a newsletter issue to 10,000 confirmed
 * subscribers, queued by the same function the admin's Send calls, then handed to one SMTP
 * server by two real server processes (dist/server/main.js) sharing the PostgreSQL outbox.
 * It reports the time to queue, the time until every mail was sent, mails per second, and
 * checks that none was sent twice or never. PostgreSQL only: the processes share the
 * database, which PGlite (one process) can't.
 *
 * It makes a scratch database beside BENCH_DATABASE_URL (or TEST_DATABASE_URL) and drops it
 * after; without either it says so and measures nothing.
 *
 *   BENCH_MAILS=3000     how many subscribers (default 10000)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { createDb } from '#db/client';
import { runMigrations } from '#db/migrate';
import { mailOutbox, newsletterIssues, newsletterSubscriptions } from '#db/schema';
import { sendIssue } from '#server/newsletter';
import { createScratchDatabase } from '#server/test/scratch-database';
import { freePort, sleep } from './bench-kit';

const ROOT = resolve(import.meta.dirname, '..');
const MAILS = Number(process.env.BENCH_MAILS ?? 10_000);
export const PROCESSES_SHARING_THE_OUTBOX = 2;

export interface MailBenchResult {
  mails: number;
  /** Seconds to queue the issue for every subscriber (one INSERT ... SELECT). */
  queueSeconds: number;
  /** Seconds from the send until the last mail was handed to SMTP. */
  seconds: number;
  perSecond: number;
  duplicates: number;
  lost: number;
}

async function waitForHealth(port: number): Promise<void> {
  for (let attempt = 0; attempt < 150; attempt++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(1000) })).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`the server on port ${port} did not come up`);
}

/** The URL of a scratch database beside the given one: same server, another name. */
export async function benchMailOutbox(): Promise<MailBenchResult | 'skipped'> {
  const baseUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!baseUrl) return 'skipped';
  const name = `bloom_bench_mail_${process.pid}`;
  const database = await createScratchDatabase(baseUrl, name);
  const url = database.url;
  const handle = createDb({ url, maxConnections: 4 });
  const children: ChildProcess[] = [];

  // The SMTP server counts the mails each recipient got: one each, or something went wrong.
  const received = new Map<string, number>();
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        for (const { address } of session.envelope.rcptTo) received.set(address, (received.get(address) ?? 0) + 1);
        callback();
      });
    },
  });
  const smtpPort = await freePort();
  await new Promise<void>((done) => smtp.listen(smtpPort, '127.0.0.1', () => done()));

  try {
    await runMigrations(handle);
    // Both processes up first, so the figure is sending, not starting.
    for (let i = 0; i < PROCESSES_SHARING_THE_OUTBOX; i++) {
      const port = await freePort();
      const child = spawn(process.execPath, ['dist/server/main.js'], {
        cwd: ROOT,
        env: { ...process.env, NODE_ENV: 'production', DATABASE_URL: url, SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', SEED_DEMO: '', REDIS_URL: '' },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      children.push(child);
      await waitForHealth(port);
    }
    const subscribers = Array.from({ length: MAILS }, (_, i) => ({ email: `reader-${i}@example.com`, frequency: 'weekly' as const, confirmedAt: new Date() }));
    for (let i = 0; i < subscribers.length; i += 1000) await handle.db.insert(newsletterSubscriptions).values(subscribers.slice(i, i + 1000));
    const [issue] = await handle.db.insert(newsletterIssues).values({ subject: 'Bench issue', markdown: '# Hello\n\nA letter for everyone.', frequency: 'weekly' }).returning();
    const started = performance.now();
    await sendIssue(handle.db, { name: 'Bloom Circle', url: 'http://localhost' }, issue!.id);
    const queueSeconds = (performance.now() - started) / 1000;
    const deadline = Date.now() + 300_000;
    for (;;) {
      const [row] = await handle.db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox).where(sql`${mailOutbox.status} = 'sent'`);
      if ((row?.n ?? 0) >= MAILS || Date.now() > deadline) break;
      await sleep(50);
    }
    const seconds = (performance.now() - started) / 1000;
    await sleep(500);
    const deliveries = [...received.values()].reduce((sum, n) => sum + n, 0);
    return {
      mails: MAILS,
      queueSeconds,
      seconds,
      perSecond: MAILS / seconds,
      duplicates: deliveries - received.size,
      lost: MAILS - received.size,
    };
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(children.map((child) => new Promise((done) => (child.exitCode !== null ? done(null) : child.once('exit', done)))));
    await handle.close();
    await new Promise<void>((done) => smtp.close(() => done()));
    await database.drop();
  }
}

if (process.argv[1] === import.meta.filename) {
  const result = await benchMailOutbox();
  console.log(result === 'skipped' ? 'mail outbox: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL to a PostgreSQL server)' : result);
}
