import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsletterSubscriptions } from '#db/schema';
import { messages } from '#shared/messages';
import { DEFAULT_RATE_LIMITS } from '#server/auth/rate-limit';
import { createTestApp, type TestApp } from '#server/test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const subscribe = (payload: Record<string, unknown>, cookie?: string) =>
  t.request({ method: 'POST', url: '/api/newsletter/subscriptions', payload, cookie });
const rowsFor = (email: string) =>
  t.db.select().from(newsletterSubscriptions).where(sql`lower(${newsletterSubscriptions.email}) = ${email.toLowerCase()}`);

describe('POST /api/newsletter/subscriptions', () => {
  it('stores a visitor subscription lower-cased, unconfirmed, and answers 201 with what happens next', async () => {
    const response = await subscribe({ email: '  Noor.Reader@Example.com ', frequency: 'weekly' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ email: 'noor.reader@example.com', frequency: 'weekly', message: messages.newsletter.confirmSent('noor.reader@example.com') });
    const rows = await rowsFor('noor.reader@example.com');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: 'noor.reader@example.com', frequency: 'weekly', confirmedAt: null });
  });

  it('changes nothing of an existing subscription until the link is opened, and answers the same', async () => {
    await subscribe({ email: 'again@example.com', frequency: 'weekly' });
    await t.db.update(newsletterSubscriptions).set({ confirmedAt: new Date() }).where(sql`${newsletterSubscriptions.email} = 'again@example.com'`);
    const response = await subscribe({ email: 'AGAIN@example.COM', frequency: 'monthly' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ email: 'again@example.com', frequency: 'monthly', message: messages.newsletter.confirmSent('again@example.com') });
    const rows = await rowsFor('again@example.com');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ frequency: 'weekly', pendingFrequency: 'monthly' });
  });

  it('works for signed-in members too', async () => {
    const { cookie } = await t.signInAs('member');
    expect((await subscribe({ email: 'member-news@example.com', frequency: 'biweekly' }, cookie)).statusCode).toBe(201);
  });

  const m = messages.newsletter;
  const cases: [string, Record<string, unknown>, string][] = [
    ['an empty email', { email: '', frequency: 'daily' }, m.emailInvalid],
    ['a missing email', { frequency: 'weekly' }, m.emailInvalid],
    ['a malformed email', { email: 'not-an-email', frequency: 'weekly' }, m.emailInvalid],
    ['an email with spaces inside', { email: 'a b@example.com', frequency: 'weekly' }, m.emailInvalid],
    ['an email with a NUL character', { email: 'a\u0000b@example.com', frequency: 'weekly' }, messages.http.unsupportedCharacters],
    ['an unknown frequency', { email: 'bad-frequency@example.com', frequency: 'daily' }, m.frequencyInvalid],
    ['a missing frequency', { email: 'no-frequency@example.com' }, m.frequencyInvalid],
  ];
  it.each(cases)('refuses %s with its message and stores nothing', async (_name, payload, message) => {
    const before = await t.db.select().from(newsletterSubscriptions);
    const response = await subscribe(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
    expect(await t.db.select().from(newsletterSubscriptions)).toHaveLength(before.length);
  });

  it('limits subscriptions per address with 429', async () => {
    const limited = await createTestApp({ rateLimits: DEFAULT_RATE_LIMITS });
    try {
      const attempt = (i: number) =>
        limited.request({ method: 'POST', url: '/api/newsletter/subscriptions', payload: { email: `flood${i}@example.com`, frequency: 'weekly' } });
      for (let i = 0; i < DEFAULT_RATE_LIMITS.subscribe.max; i++) expect((await attempt(i)).statusCode).toBe(201);
      const refused = await attempt(99);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ message: messages.access.rateLimited });
      expect(await limited.db.select().from(newsletterSubscriptions)).toHaveLength(DEFAULT_RATE_LIMITS.subscribe.max);
    } finally {
      await limited.close();
    }
  });
});
