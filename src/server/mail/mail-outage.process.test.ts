import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clusterSkipReason, sleep, startRig, waitFor, workersOf, type ReliabilityRig } from '../test/reliability-kit';
import { startTestMailServer } from '../test/smtp';

/**
 * Mail through incidents, on a throwaway PostgreSQL cluster with real server processes and a
 * real SMTP server: the database stops while two processes send, then one process dies while
 * it holds claimed mail. Each mail arrives, once but for at most one per incident and process,
 * with one Message-ID across its tries. (The database's other incidents:
 * reliability.process.test.ts, whose cluster this suite doesn't share, so the two run side by side.)
 */

const skipReason = clusterSkipReason();
/**
 * Mails queued for each incident. The incident comes once 20 have arrived, so most are still
 * waiting, claimed or in hand when it comes.
 */
const MAILS = 100;

describe.skipIf(Boolean(skipReason))('mail on a real PostgreSQL', () => {
  let rig: ReliabilityRig;

  beforeAll(async () => {
    rig = await startRig();
  }, 180_000);

  afterAll(() => rig?.stop(), 60_000);

  it('sends each mail once through a database outage mid-send, and another process takes over the mail of one that died once its lease runs out', async () => {
    // A slow mail provider, so the outage and the death land while mail is going out.
    const smtp = await startTestMailServer({ acceptAfterMs: 15 });
    // A short lease (30 s by default), so the test waits seconds for a dead process's mail.
    const site = await rig.startServer({ WEB_CONCURRENCY: '2', SMTP_URL: smtp.url, MAIL_FROM: '"Bloom Circle" <hello@reliability.test>', MAIL_LEASE_SECONDS: '5' });
    const listening = () => site.output.join('').match(/a server process is listening/g)?.length ?? 0;
    expect(await waitFor(() => listening() === 2, 120_000), 'two server processes listening').toBe(true);
    const sql = postgres(rig.cluster.url, { max: 1, onnotice: () => {} });
    const queue = (count: number, label: string) =>
      sql`insert into mail_outbox (kind, recipient, subject, text, html)
          select 'test', 'reader' || n || '@reliability.test', ${label} || ' ' || n, 'Hello', '<p>Hello</p>' from generate_series(1, ${count}) as n`;
    const unsent = async () => Number((await sql`select count(*) as n from mail_outbox where status <> 'sent' and (subject like 'Outage %' or subject like 'Death %')`)[0]!.n);
    const arrived = (label: string) => new Set(smtp.delivered.filter((mail) => mail.subject?.startsWith(`${label} `)).map((mail) => mail.messageId)).size;
    try {
      // 1. The database stops while both processes send.
      await queue(MAILS, 'Outage');
      expect(await waitFor(() => arrived('Outage') >= 20, 30_000), 'mail goes out before the outage').toBe(true);
      rig.cluster.stop('immediate');
      await sleep(1500);
      rig.cluster.start();
      const back = Date.now();
      // Bounds are loose: the mails go one at a time per process through a slow provider, on a
      // machine busy with other tests. The fault run (npm run bench:faults) measures the waits.
      expect(await waitFor(async () => arrived('Outage') === MAILS && (await unsent().catch(() => 1)) === 0, 45_000), 'every mail sent and recorded soon after the return').toBe(true);
      const waitAfterOutage = Date.now() - back;

      // 2. A process dies while it holds claimed mail: the other takes it once its lease runs out.
      await queue(MAILS, 'Death');
      expect(await waitFor(() => arrived('Death') >= 20, 30_000), 'mail goes out before the death').toBe(true);
      const [victim] = workersOf(site);
      process.kill(victim!, 'SIGKILL');
      const died = Date.now();
      expect(await waitFor(async () => arrived('Death') === MAILS && (await unsent().catch(() => 1)) === 0, 45_000), 'every mail sent and recorded once the lease of the dead process ran out').toBe(true);
      const waitAfterDeath = Date.now() - died;

      // Each mail kept one Message-ID across tries (else a copy would count as a new mail above),
      // and each incident sent at most one mail twice per process.
      const ids = smtp.delivered.filter((mail) => /^(Outage|Death) /.test(mail.subject ?? '')).map((mail) => mail.messageId);
      expect(new Set(ids).size, 'one Message-ID per mail').toBe(2 * MAILS);
      expect(ids.length - 2 * MAILS, `mails sent twice (waits: ${waitAfterOutage} ms after the outage, ${waitAfterDeath} ms after the death)`).toBeLessThanOrEqual(3);
    } finally {
      await sql.end({ timeout: 5 });
      site.child.kill('SIGTERM');
      await Promise.race([site.exited, sleep(15_000)]);
      await smtp.stop();
    }
  }, 300_000);
});
