import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, DbHandle } from '#db/client';
import { mailOutbox } from '#db/schema';
import { createTestDb } from '../test/test-db';
import { queueMail } from './outbox';
import { mailServerAway, startMailWorker, type MailTransport } from './worker';

/**
 * The mail worker when the database goes away mid-batch. (Its SMTP conversation, outages of the
 * mail server and the lease between processes are tested in mail.int.test.ts and
 * mail-outage.process.test.ts.)
 */
let database: DbHandle;

beforeAll(async () => {
  database = await createTestDb();
});
afterAll(async () => {
  await database.close();
});

/** The database as the worker sees it while it is away: every update fails as a lost connection does. */
function databaseThatCanGoAway(db: Db, lostConnection: Error) {
  const state = { away: false };
  // A query builder whose every step leads on, and which fails when awaited.
  const refused = (): unknown => new Proxy(() => undefined, { get: (_, key) => (key === 'then' ? (_done: unknown, fail: (error: unknown) => void) => fail(lostConnection) : () => refused()) });
  const proxy = new Proxy(db, { get: (target, key) => (key === 'update' && state.away ? () => refused() : Reflect.get(target, key)) });
  return { db: proxy, state };
}

describe('the mail worker', () => {
  it('gives back the mail it claimed but never tried when the database refused it, at its next run, with no attempt counted', async () => {
    const lostConnection = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    const { db, state } = databaseThatCanGoAway(database.db, lostConnection);
    const recipients = ['first@worker.test', 'second@worker.test', 'third@worker.test'];
    for (const to of recipients) await queueMail(database.db, { kind: 'test', to, subject: `To ${to}`, text: 'Hello', html: '<p>Hello</p>' });
    const sent: string[] = [];
    const transport: MailTransport = {
      async send(mail) {
        sent.push(mail.recipient);
        // The database goes away while the first mail is with the mail server.
        if (sent.length === 1) state.away = true;
      },
      close: () => undefined,
    };
    // The default lease (30 s) is far longer than the test: the mail must not wait for it.
    const worker = startMailWorker({ db, site: { name: 'Bloom Circle', url: 'http://localhost:3000' }, transport, log: { warn: () => undefined }, pollMs: 600_000 });
    try {
      await expect(worker.runOnce()).rejects.toBe(lostConnection);
      expect(sent).toEqual(['first@worker.test']);

      state.away = false;
      await worker.runOnce();
      expect(sent).toEqual(recipients);
      const rows = await database.db.select().from(mailOutbox).where(inArray(mailOutbox.recipient, recipients));
      expect(rows.map((row) => [row.recipient, row.status, row.attempts])).toEqual(recipients.map((to) => [to, 'sent', 1]));
    } finally {
      await worker.stop();
    }
  });
});

describe('a mail server', () => {
  it('is away when it cannot be reached, hangs up, or is shutting down (421); a refusal of the mail is not that', () => {
    expect(mailServerAway(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:2525'), { code: 'ESOCKET' }))).toBe(true);
    expect(mailServerAway(Object.assign(new Error('Invalid greeting. response=421 Server shutting down'), { responseCode: 421 }))).toBe(true);
    expect(mailServerAway(Object.assign(new Error('550 Mailbox unavailable'), { responseCode: 550 }))).toBe(false);
    expect(mailServerAway(Object.assign(new Error('452 Too many recipients'), { responseCode: 452 }))).toBe(false);
  });
});
