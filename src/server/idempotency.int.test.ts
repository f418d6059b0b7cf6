import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forumComments, forumPosts, idempotentAnswers, mailOutbox, newsletterSubscriptions, podcasts, users } from '#db/schema';
import { PODCAST_CATEGORIES } from '#shared/categories';
import { messages } from '#shared/messages';
import { validApplication } from './test/factories';
import { errorMessage, trpcRequest } from './test/procedures';
import { createTestApp, type TestApp } from './test/test-app';

/**
 * A write that creates something, retried with the same Idempotency-Key (its first answer lost
 * to an outage or a dropped connection), answers the first result and makes nothing twice, on
 * both APIs, for members and visitors. A key is no way into someone else's answer.
 */
let t: TestApp;
let member: Awaited<ReturnType<TestApp['signInAs']>>;
beforeAll(async () => {
  t = await createTestApp();
  member = await t.signInAs('member', { established: true });
});
afterAll(() => t.close());

let keys = 0;
const newKey = () => `key-${Date.now().toString(36)}-${(keys++).toString().padStart(8, '0')}`;
const post = (title: string, key: string | undefined, cookie = member.cookie) =>
  t.request({
    method: 'POST',
    url: '/api/forum/posts',
    cookie,
    headers: key === undefined ? {} : { 'idempotency-key': key },
    payload: { title, content: 'Which playlists help you focus during exam season?', category: 'lifestyle' },
  });
const postsTitled = async (title: string) => (await t.db.select().from(forumPosts).where(eq(forumPosts.title, title))).length;

describe('Idempotency-Key', () => {
  it('answers a retried REST write with its first answer and stores it once', async () => {
    const key = newKey();
    const first = await post('Retried once', key);
    const retry = await post('Retried once', key);
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
    expect(await postsTitled('Retried once')).toBe(1);
    // Without a key, the same write is a new post each time, as before.
    await post('Retried once', undefined);
    expect(await postsTitled('Retried once')).toBe(2);
  });

  it('answers a retried tRPC write with its first answer and stores it once', async () => {
    const postId = (await post('A post to answer', newKey())).json().id as number;
    const key = newKey();
    const send = () =>
      trpcRequest(t.app, { path: 'content.forum.comments.create', type: 'mutation', input: { id: postId, content: 'Sent twice, kept once.' }, cookie: member.cookie, headers: { 'idempotency-key': key } });
    const first = await send();
    const retry = await send();
    expect(first.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    expect(await t.db.select().from(forumComments).where(eq(forumComments.postId, postId))).toHaveLength(1);
  });

  it('makes one post of three tries sent at once with one key', async () => {
    const key = newKey();
    const answers = await Promise.all([post('Three at once', key), post('Three at once', key), post('Three at once', key)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201]);
    for (const answer of answers) expect(answer.json()).toEqual(answers[0]!.json());
    expect(await postsTitled('Three at once')).toBe(1);
  });

  it('refuses the key from another account or on another procedure, and answers nothing of the first', async () => {
    const key = newKey();
    expect((await post('Hers alone', key)).statusCode).toBe(201);
    const other = await t.signInAs('member', { established: true });
    const stolen = await post('Hers alone', key, other.cookie);
    expect(stolen.statusCode).toBe(422);
    expect(stolen.json()).toEqual({ message: messages.http.idempotencyKeyReused });
    const elsewhere = await t.request({ method: 'POST', url: '/api/newsletter/subscriptions', headers: { 'idempotency-key': key }, payload: { email: 'elsewhere@example.com', frequency: 'weekly' } });
    expect(elsewhere.statusCode).toBe(422);
    expect(await postsTitled('Hers alone')).toBe(1);
    expect(await t.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, 'elsewhere@example.com'))).toHaveLength(0);
  });

  it('refuses a key that is not one, and stores nothing', async () => {
    for (const key of ['short', 'x'.repeat(101), 'has spaces in it, sixteen+', 'ключ-ключ-ключ-ключ']) {
      const answer = await post('Bad key', key);
      expect(answer.statusCode, key).toBe(400);
      expect(errorMessage(answer)).toBe(messages.http.idempotencyKeyInvalid);
    }
    expect(await postsTitled('Bad key')).toBe(0);
  });

  it('keeps no answer for a refused write: the corrected retry with the same key goes through', async () => {
    const key = newKey();
    const refused = await t.request({ method: 'POST', url: '/api/forum/posts', cookie: member.cookie, headers: { 'idempotency-key': key }, payload: { title: 'Too short', content: 'short', category: 'lifestyle' } });
    expect(refused.statusCode).toBe(400);
    expect(await t.db.select().from(idempotentAnswers).where(eq(idempotentAnswers.key, key))).toHaveLength(0);
    expect((await post('Corrected retry', key)).statusCode).toBe(201);
    expect(await postsTitled('Corrected retry')).toBe(1);
  });

  it('answers a visitor\'s retried application and subscription once each', async () => {
    const application = validApplication();
    const key = newKey();
    const apply = () => t.request({ method: 'POST', url: '/api/join-request', headers: { 'idempotency-key': key }, payload: application });
    const first = await apply();
    expect(first.statusCode).toBe(201);
    expect((await apply()).json()).toEqual(first.json());
    expect(await t.db.select().from(users).where(eq(users.email, application.email))).toHaveLength(1);

    const subscriptionKey = newKey();
    const subscribe = () => t.request({ method: 'POST', url: '/api/newsletter/subscriptions', headers: { 'idempotency-key': subscriptionKey }, payload: { email: 'once@example.com', frequency: 'weekly' } });
    const subscribed = await subscribe();
    expect(subscribed.statusCode).toBe(201);
    expect((await subscribe()).json()).toEqual(subscribed.json());
    expect(await t.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, 'once@example.com'))).toHaveLength(1);
  });

  it("answers an admin's retried new podcast and newsletter send once each: one podcast, one mail per subscriber", async () => {
    const admin = await t.signInAs('admin');
    const podcastKey = newKey();
    const podcast = { title: 'Retried episode', description: 'Recorded once, sent twice.', category: PODCAST_CATEGORIES[0], iframe: '<iframe src="https://www.youtube.com/embed/abc123"></iframe>' };
    const create = () => t.request({ method: 'POST', url: '/api/podcasts', cookie: admin.cookie, headers: { 'idempotency-key': podcastKey }, payload: podcast });
    const created = await create();
    expect(created.statusCode).toBe(201);
    expect((await create()).json()).toEqual(created.json());
    expect(await t.db.select().from(podcasts).where(eq(podcasts.title, 'Retried episode'))).toHaveLength(1);

    await t.db.insert(newsletterSubscriptions).values({ email: 'weekly-reader@example.com', frequency: 'weekly', confirmedAt: new Date() });
    const issue = (await t.request({ method: 'POST', url: '/api/admin/newsletter/issues', cookie: admin.cookie, payload: { subject: 'This week', markdown: 'Hello, readers.', frequency: 'weekly' } })).json() as { id: number };
    const sendKey = newKey();
    const send = () => t.request({ method: 'POST', url: `/api/admin/newsletter/issues/${issue.id}/send`, cookie: admin.cookie, headers: { 'idempotency-key': sendKey } });
    const sent = await send();
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await send()).json()).toEqual(sent.json());
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.issueId, issue.id))).toHaveLength(1);
  });

  it('refuses one key on a batch of several calls, before any runs', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/trpc/content.newsletter.subscribe,content.newsletter.subscribe?batch=1',
      headers: { 'content-type': 'application/json', 'idempotency-key': newKey() },
      payload: JSON.stringify({ 0: { email: 'batch-a@example.com', frequency: 'weekly' }, 1: { email: 'batch-b@example.com', frequency: 'weekly' } }),
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ message: messages.http.idempotencyKeyOneCall });
    expect(await t.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, 'batch-a@example.com'))).toHaveLength(0);
  });

  it('forgets keys after a day', async () => {
    await t.db.insert(idempotentAnswers).values({ key: 'an-old-key-from-last-week', userId: null, procedure: 'content.newsletter.subscribe', answer: null, createdAt: new Date(Date.now() - 25 * 3600_000) });
    expect((await post('After a day', newKey())).statusCode).toBe(201);
    expect(await t.db.select().from(idempotentAnswers).where(eq(idempotentAnswers.key, 'an-old-key-from-last-week'))).toHaveLength(0);
  });
});
