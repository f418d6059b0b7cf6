import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, rowsOf, type DbHandle } from '#db/client';
import { mailOutbox, notificationDigests, notifications } from '#db/schema';
import { buildApp } from '../app';
import { RELAXED_RATE_LIMITS } from '../auth/rate-limit';
import { readEnv } from '../env';
import { withDatabase } from '../test/scratch-database';
import { startTestMailServer, type TestMailServer } from '../test/smtp';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * Daily digests with several server processes: two app instances on one database (on
 * PostgreSQL each with its own connection pool, as two processes have), each running its own
 * digest job every 100 ms, so their runs overlap; then one is stopped and a new one started (a
 * restart) within the same day. Each member gets one digest for the day, never two.
 */
const TIME_ZONE = 'Africa/Cairo';
const DIGEST_EVERY_MS = 100;
const env = (smtp: TestMailServer) => ({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://bloom.example', SITE_TIME_ZONE: TIME_ZONE });

let smtp: TestMailServer;
let t: TestApp;
const others: { app: FastifyInstance; database: DbHandle }[] = [];

/** Another server process on the same database: its own pool on PostgreSQL; PGlite has one connection to share. */
async function anotherProcess(): Promise<FastifyInstance> {
  let database: DbHandle = { ...t.database, close: async () => {} };
  if (t.database.driver === 'postgres') {
    const [row] = rowsOf<{ name: string }>(await t.db.execute(sql`select current_database() as name`));
    database = createDb({ url: withDatabase(process.env.TEST_DATABASE_URL!, row!.name), maxConnections: 5 });
  }
  const app = await buildApp({
    db: database.db,
    env: readEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SITE_NAME: 'Bloom Circle', ...env(smtp) }),
    rateLimits: RELAXED_RATE_LIMITS,
    clientDir: null,
    logger: false,
    responseCache: false,
    mailWorker: { pollMs: 50, retryBaseMs: 50 },
    notificationDigests: { intervalMs: DIGEST_EVERY_MS },
  });
  await app.ready();
  others.push({ app, database });
  return app;
}

beforeAll(async () => {
  smtp = await startTestMailServer();
  t = await createTestApp({ env: env(smtp), mailWorker: { pollMs: 50, retryBaseMs: 50 }, notificationDigests: { intervalMs: DIGEST_EVERY_MS } });
});
afterAll(async () => {
  for (const other of others) {
    await other.app.close();
    await other.database.close();
  }
  await t?.close();
  await smtp?.stop();
});

type Someone = Awaited<ReturnType<TestApp['signInAs']>>;
const as = (who: Someone, url: string, payload: object) => t.request({ method: 'POST', url, payload, cookie: who.cookie });
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** Her digest mails: those queued (the outbox) and those the mail server received. */
async function digestsOf(who: Someone) {
  const [queued] = await t.db
    .select({ n: count() })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.recipient, who.user.email), eq(mailOutbox.kind, 'notification_digest_daily')));
  return { queued: queued!.n, received: smtp.to(who.user.email).filter((mail) => mail.subject === 'Your day on Bloom Circle').length };
}

describe('digests across processes', () => {
  it('two processes running the job together, then a restart in the same day: one digest per member', async () => {
    const second = await anotherProcess();
    expect(second).toBeDefined();

    // Twelve members (replies in a daily digest: the default), each answered twice on her post.
    const answering = await t.signInAs('member', { firstName: 'Laila' });
    const members = await Promise.all(Array.from({ length: 12 }, (_, i) => t.signInAs('member', { firstName: `Member${i}` })));
    for (const who of members) {
      const post = await as(who, '/api/forum/posts', { title: 'What are you reading?', content: 'Twenty characters of content here.', category: 'general' });
      expect(post.statusCode, post.body).toBe(201);
      const { id } = post.json() as { id: number };
      for (const content of ['A novel', 'Poetry']) expect((await as(answering, `/api/forum/posts/${id}/comments`, { content })).statusCode).toBe(201);
    }
    const ids = members.map((who) => who.user.id);
    // Nothing is mailed during the day.
    await sleep(5 * DIGEST_EVERY_MS);
    for (const who of members) expect(await digestsOf(who)).toEqual({ queued: 0, received: 0 });

    // The day ends: their notifications now lie in yesterday (noon, where the site lives), and
    // both processes' jobs, each running every 100 ms, find the period at their next run.
    await t.db
      .update(notifications)
      .set({ createdAt: sql`(date_trunc('day', now() at time zone ${TIME_ZONE}) - interval '12 hours') at time zone ${TIME_ZONE}` })
      .where(inArray(notifications.userId, ids));
    await expect.poll(async () => (await Promise.all(members.map(digestsOf))).every((mails) => mails.received >= 1), { timeout: 20_000, interval: 100 }).toBe(true);

    // A restart: the second process stops and a new one starts, later in the same day.
    const stopped = others.shift()!;
    await stopped.app.close();
    await stopped.database.close();
    await anotherProcess();
    await sleep(10 * DIGEST_EVERY_MS);

    for (const who of members) expect(await digestsOf(who), who.user.firstName).toEqual({ queued: 1, received: 1 });
    const [claims] = await t.db.select({ n: count() }).from(notificationDigests).where(inArray(notificationDigests.userId, ids));
    expect(claims!.n).toBe(members.length);
    const [digest] = smtp.to(members[0]!.user.email);
    expect((digest!.text ?? '').match(/Laila .\. replied in “What are you reading\?”/g)).toHaveLength(2);
    // Twelve members' posts and replies, two processes and a restart: more than a unit of work.
  }, 90_000);
});
