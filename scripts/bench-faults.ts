/**
 * The fault run, part of `npm run bench` (alone: `npm run bench:faults`): the built server under
 * its supervisor (WEB_CONCURRENCY=2) on a throwaway PostgreSQL cluster, with a real SMTP server,
 * while clients write without pause. Each write is a newsletter subscription, which also queues
 * a confirmation mail; a client retries a refused or unanswered write with the same
 * Idempotency-Key until it is acknowledged. Meanwhile PostgreSQL stops several times, a server
 * process is killed, and the SMTP server stops for a while.
 *
 * It reports: acknowledged writes, lost (acknowledged but not stored: must be 0), stored twice
 * (a write kept twice, so its mail was queued twice: must be 0), mails sent, mails sent twice
 * (at most one per incident per process), mails set aside as failed (must be 0), the longest wait for the mail queued before a recovery
 * to be sent after it (under 60 s), and processes that did not come back (must be 0).
 *
 * Then two runs of their own: the reliability suite's supervisor scenario with 20 database stops
 * under writes (every process serving again within 2 s of each return), and cold starts of the
 * built server while CPU-bound processes keep every core busy (each must come up: Fastify's 10 s
 * per-plugin start-up limit once failed some).
 *
 *   BENCH_OUTAGES=4          database stops (default 4), each BENCH_OUTAGE_SECONDS long (default 6)
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import postgres from 'postgres';
import { spawnSite, stopSite, untilServing } from '#server/test/site-process';
import { startTestMailServer } from '#server/test/smtp';
import { findPgBin, startThrowawayCluster } from '#server/test/throwaway-cluster';
import { sleep } from './bench-kit';

const ROOT = resolve(import.meta.dirname, '..');
const OUTAGES = Number(process.env.BENCH_OUTAGES ?? 4);
const OUTAGE_MS = Number(process.env.BENCH_OUTAGE_SECONDS ?? 6) * 1000;
const WORKERS = 2;
// Writes at a steady ~10 a second, each queuing a mail: well under what the mail worker sends,
// so a wait measured after an incident is the incident's, not a backlog of the load's own.
const CLIENTS = 3;

export interface FaultRunResult {
  acknowledged: number;
  lost: number;
  storedTwice: number;
  mailsSent: number;
  mailsTwice: number;
  /** Mails (or mail jobs) set aside as failed: an outage is no fault of a mail's, so none. */
  failedMails: number;
  incidents: number;
  longestMailWaitMs: number;
  /** Each recovery's wait, in order: the database stops, the killed process, the mail server's return. */
  waitsMs: number[];
  notBack: number;
}

export async function benchFaults(): Promise<FaultRunResult | 'skipped'> {
  if (!findPgBin()) return 'skipped';
  const cluster = await startThrowawayCluster();
  const smtp = await startTestMailServer();
  const dataDir = mkdtempSync(join(tmpdir(), 'bloom-faults-'));
  const site = await spawnSite('dist/server/main.js', {
    NODE_ENV: 'production',
    DATABASE_URL: cluster.url,
    WEB_CONCURRENCY: String(WORKERS),
    DATA_DIR: dataDir,
    SMTP_URL: smtp.url,
    MAIL_FROM: '"Bloom Circle" <hello@faults.test>',
    // Each client write comes from its own address, as many visitors' would.
    TRUST_PROXY: '1',
  });
  const { base, output } = site;
  const sql = postgres(cluster.url, { max: 1, onnotice: () => {}, connect_timeout: 2 });
  const workers = () =>
    spawnSync('pgrep', ['-P', String(site.child.pid)], { encoding: 'utf8' })
      .stdout.split('\n')
      .filter(Boolean)
      .map(Number);

  try {
    const listening = () => output.join('').match(/a server process is listening/g)?.length ?? 0;
    for (const until = Date.now() + 120_000; listening() < WORKERS; ) {
      if (Date.now() > until || site.child.exitCode !== null) throw new Error(`the site did not start:\n${site.tail()}`);
      await sleep(200);
    }

    // Clients: each write gets a key, kept through its retries until the server acknowledges it.
    const acknowledged: string[] = [];
    let stop = false;
    let written = 0;
    const client = async (index: number) => {
      while (!stop) {
        const email = `reader-${index}-${written++}@faults.test`;
        const key = `faults-${index}-${written}-${Date.now().toString(36)}`;
        const forwardedFor = `10.${index}.${Math.floor(written / 250) % 250}.${written % 250}`;
        for (let tries = 0; !stop || tries > 0; tries++) {
          const answer = await fetch(`${base}/api/newsletter/subscriptions`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'idempotency-key': key, 'x-forwarded-for': forwardedFor },
            body: JSON.stringify({ email, frequency: 'weekly' }),
            signal: AbortSignal.timeout(10_000),
          }).catch(() => null);
          if (answer?.status === 201) {
            acknowledged.push(email);
            break;
          }
          if (tries > 200) break;
          await sleep(200);
        }
        await sleep(300);
      }
    };
    const clients = Array.from({ length: CLIENTS }, (_, index) => client(index));

    // After each recovery: how long until every mail queued before it was sent. The next
    // incident waits for that, so each wait is its own incident's.
    const waits: number[] = [];
    const drainAfterRecovery = async (recoveredAt: number) => {
      // Mail set aside as failed is counted apart (it must be none), not waited for.
      const pending = async () => Number((await sql`select count(*)::int as n from mail_outbox where status in ('queued', 'sending') and created_at < to_timestamp(${recoveredAt / 1000})`)[0]!.n);
      for (;;) {
        const left = await pending().catch(() => 1);
        if (left === 0) return Date.now() - recoveredAt;
        if (Date.now() - recoveredAt > 180_000) return Number.POSITIVE_INFINITY;
        await sleep(250);
      }
    };

    await sleep(3000);
    let incidents = 0;
    for (let outage = 0; outage < OUTAGES; outage++) {
      cluster.stop('immediate');
      await sleep(OUTAGE_MS);
      cluster.start();
      incidents++;
      waits.push(await drainAfterRecovery(Date.now()));
      await sleep(2000);
    }
    // A server process dies mid-work; the supervisor starts another, the survivor takes its mail.
    const [victim] = workers();
    if (victim) {
      process.kill(victim, 'SIGKILL');
      incidents++;
      waits.push(await drainAfterRecovery(Date.now()));
    }
    await sleep(2000);
    // The mail server goes away for 10 s.
    await smtp.stop();
    await sleep(10_000);
    await smtp.start();
    incidents++;
    waits.push(await drainAfterRecovery(Date.now()));
    await sleep(2000);
    stop = true;
    await Promise.all(clients);
    // The last writes' mail too, before counting what was sent.
    await drainAfterRecovery(Date.now());

    const stored = new Set((await sql`select email from newsletter_subscriptions`).map((row) => row.email as string));
    const queuedTwice = Number((await sql`select count(*)::int as n from (select recipient from mail_outbox where recipient like '%@faults.test' group by recipient having count(*) > 1) twice`)[0]!.n);
    const failedMails = Number((await sql`select count(*)::int as n from mail_outbox where status = 'failed'`)[0]!.n);
    const messageIds = smtp.delivered.map((mail) => mail.messageId);
    const back = workers().length;
    return {
      acknowledged: acknowledged.length,
      lost: acknowledged.filter((email) => !stored.has(email)).length,
      storedTwice: queuedTwice,
      mailsSent: new Set(messageIds).size,
      mailsTwice: messageIds.length - new Set(messageIds).size,
      failedMails,
      incidents,
      longestMailWaitMs: Math.max(...waits),
      waitsMs: waits,
      notBack: Math.max(0, WORKERS - back),
    };
  } finally {
    await sql.end({ timeout: 1 }).catch(() => undefined);
    await stopSite(site);
    await smtp.stop();
    cluster.remove();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The fault run's lines; false when a promise was broken (a lost write, a mail twice too often, a process gone). */
export function reportFaults(result: FaultRunResult | 'skipped'): boolean {
  if (result === 'skipped') {
    console.log('\nFault run: skipped (it needs PostgreSQL\'s server binaries, initdb and pg_ctl)');
    return true;
  }
  const allowedTwice = result.incidents * WORKERS;
  const kept = result.lost === 0 && result.storedTwice === 0 && result.mailsTwice <= allowedTwice && result.failedMails === 0 && result.longestMailWaitMs < 60_000 && result.notBack === 0;
  console.log(`\nFault run (PostgreSQL, ${WORKERS} server processes, ${OUTAGES} database stops of ${OUTAGE_MS / 1000} s, a process killed, the SMTP server away 10 s):`);
  console.log(`  acknowledged writes ${result.acknowledged}, lost ${result.lost}, stored twice ${result.storedTwice}`);
  console.log(`  mails sent ${result.mailsSent}, sent twice ${result.mailsTwice} (at most ${allowedTwice}: one per incident per process), set aside as failed ${result.failedMails}`);
  console.log(`  longest wait for mail after a recovery ${(result.longestMailWaitMs / 1000).toFixed(1)} s (under 60 s; each: ${result.waitsMs.map((ms) => (ms / 1000).toFixed(1)).join(', ')} s); processes that did not come back ${result.notBack}`);
  console.log(`  ${kept ? 'Every promise kept.' : 'A promise was broken.'}`);
  return kept;
}

const REPEATED_OUTAGES = 20;

/** The reliability suite's supervisor scenario (one implementation) with 20 database stops instead of its usual 3. */
export function benchRepeatedOutages(): boolean {
  if (!findPgBin()) {
    console.log('\nSupervisor under database stops: skipped (it needs PostgreSQL\'s server binaries, initdb and pg_ctl)');
    return true;
  }
  const run = spawnSync('npx', ['vitest', 'run', 'src/server/reliability.process.test.ts', '-t', 'repeated database outages'], {
    cwd: ROOT,
    env: { ...process.env, RELIABILITY_OUTAGES: String(REPEATED_OUTAGES) },
    encoding: 'utf8',
  });
  const passed = run.status === 0 && /1 passed/.test(run.stdout);
  console.log(`\nSupervisor under ${REPEATED_OUTAGES} database stops with writes: ${passed ? 'every process stayed up and served again within 2 s of each return' : 'FAILED'}`);
  if (!passed) console.log((run.stdout + run.stderr).slice(-4000));
  return passed;
}

const COLD_STARTS = 4;

/** Cold starts of the built server (embedded PGlite on a fresh folder, as `npm start` runs it) while every core is busy. */
export async function benchColdStarts(): Promise<boolean> {
  const burners = Array.from({ length: availableParallelism() * 2 }, () => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
  const times: number[] = [];
  let failed = 0;
  try {
    for (let start = 0; start < COLD_STARTS; start++) {
      const dataDir = mkdtempSync(join(tmpdir(), 'bloom-cold-'));
      const started = Date.now();
      const site = await spawnSite('dist/server/main.js', { NODE_ENV: 'production', DATA_DIR: dataDir, DATABASE_URL: '', SMTP_URL: '' });
      const serving = await untilServing(site, 180_000);
      times.push(Date.now() - started);
      if (!serving || /AVV_ERR/.test(site.output.join(''))) {
        failed++;
        console.log(site.tail());
      }
      await stopSite(site);
      rmSync(dataDir, { recursive: true, force: true });
    }
  } finally {
    for (const burner of burners) burner.kill('SIGKILL');
  }
  console.log(`\nCold starts with every core busy: ${COLD_STARTS - failed} of ${COLD_STARTS} came up (${times.map((ms) => (ms / 1000).toFixed(1)).join(', ')} s)`);
  return failed === 0;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const kept = reportFaults(await benchFaults());
  const survived = benchRepeatedOutages();
  const started = await benchColdStarts();
  process.exitCode = kept && survived && started ? 0 : 1;
}
