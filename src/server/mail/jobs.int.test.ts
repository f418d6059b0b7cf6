import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, DbHandle } from '#db/client';
import { accountTokens, mailOutbox } from '#db/schema';
import { readEnv } from '../env';
import { publicSite } from '../site';
import { createUser } from '../test/factories';
import { createTestDb } from '../test/test-db';
import { queueMailJob, runMailJobs } from './jobs';

/**
 * Mail jobs (a password reset asked for, an email change) run in a transaction each. A job that
 * fails for a reason of its own is set aside as failed; one cut off because the database went
 * away is still queued when the database is back, and runs then.
 */
let database: DbHandle;
const site = publicSite(readEnv({ NODE_ENV: 'test', SITE_NAME: 'Bloom Circle' }));

beforeAll(async () => {
  database = await createTestDb();
});
afterAll(async () => {
  await database.close();
});

/** The database as the job sees it when the connection drops just before the job is done: its last statement fails as a lost connection does. */
function databaseGoingAwayMidJob(db: Db, lostConnection: Error): Db {
  const cutOff = (tx: Db) => new Proxy(tx, { get: (target, key) => (key === 'delete' ? () => ({ where: () => Promise.reject(lostConnection) }) : Reflect.get(target, key)) });
  return new Proxy(db, {
    get: (target, key) => (key === 'transaction' ? (work: (tx: Db) => Promise<unknown>) => target.transaction((tx) => work(cutOff(tx))) : Reflect.get(target, key)),
  });
}

const jobsFor = (email: string) => database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, email));

describe('a mail job', () => {
  it('cut off by the database going away stays queued with no attempt counted, and runs once the database is back', async () => {
    const member = await createUser(database.db, { status: 'approved' });
    await queueMailJob(database.db, 'password_reset', member.email, { type: 'password_reset', email: member.email });
    // 57P01: PostgreSQL's "terminating connection due to administrator command".
    const lostConnection = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    const failures: number[] = [];

    await expect(runMailJobs(databaseGoingAwayMidJob(database.db, lostConnection), site, 10, (id) => failures.push(id))).rejects.toBe(lostConnection);
    expect(failures).toEqual([]);
    const [job] = await jobsFor(member.email);
    expect(job).toMatchObject({ status: 'queued', attempts: 0 });
    // Its transaction rolled back: no reset link was issued.
    expect(await database.db.select().from(accountTokens).where(eq(accountTokens.userId, member.id))).toEqual([]);

    expect(await runMailJobs(database.db, site, 10, (id) => failures.push(id))).toBe(1);
    expect(failures).toEqual([]);
    // The job is gone and the reset mail it drew waits to be sent.
    const rows = await jobsFor(member.email);
    expect(rows.map((row) => [row.kind, row.job === null])).toEqual([['password_reset', true]]);
    expect(await database.db.select().from(accountTokens).where(eq(accountTokens.userId, member.id))).toHaveLength(1);
  });

  it('that fails for a reason of its own is set aside as failed and does not hold up the jobs behind it', async () => {
    const member = await createUser(database.db, { status: 'approved' });
    const other = await createUser(database.db, { status: 'approved' });
    await queueMailJob(database.db, 'password_reset', member.email, { type: 'password_reset', email: member.email });
    await queueMailJob(database.db, 'password_reset', other.email, { type: 'password_reset', email: other.email });
    const brokenJob = new Error('a job that cannot be done');
    const failures: number[] = [];
    let first = true;
    const failingOnce = new Proxy(database.db, {
      get: (target, key) =>
        key === 'transaction'
          ? (work: (tx: Db) => Promise<unknown>) =>
              target.transaction(async (tx) => {
                const result = await work(tx);
                if (first && result) {
                  first = false;
                  throw brokenJob;
                }
                return result;
              })
          : Reflect.get(target, key),
    });

    expect(await runMailJobs(failingOnce, site, 10, (id) => failures.push(id))).toBe(2);
    const [failed] = await jobsFor(member.email);
    expect(failures).toEqual([failed!.id]);
    expect(failed).toMatchObject({ status: 'failed', attempts: 1, lastError: 'a job that cannot be done' });
    expect((await jobsFor(other.email)).map((row) => row.job === null)).toEqual([true]);
  });
});
