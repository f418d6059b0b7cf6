import { eq, isNotNull } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { accountTokens, blocks, blogComments, eventRsvps, forumPosts, mailOutbox, newsletterIssues, podcastLikes, reports, sessions, users, watchedWords } from '#db/schema';
import { createBlog, createEvent, createPodcast } from '../test/content-factories';
import { messages } from '#shared/messages';
import { hashPassword } from '#server/auth/password';
import { DEFAULT_RATE_LIMITS, RELAXED_RATE_LIMITS } from '#server/auth/rate-limit';
import { findUserByEmail } from '#server/services/accounts';
import { startMailWorker } from '#server/mail/worker';
import { createUser, TEST_PASSWORD, type TestUser, validApplication } from '../test/factories';
import { trpcRequest } from '../test/procedures';
import { createTestApp, createTestAppWithMail, sessionCookieFrom, type MailTestApp, type TestApp } from '../test/test-app';
import { forgetWatchedWords } from '../moderation/watched-words';
import { describeBrowser } from '../trpc/routers/account';

// Counted, not changed: the tests below check that a reset or email change request runs no
// account lookup and no password hash, whoever the address belongs to.
vi.mock('#server/auth/password', async (importOriginal) => {
  const actual = await importOriginal<typeof import('#server/auth/password')>();
  return { ...actual, hashPassword: vi.fn(actual.hashPassword) };
});
vi.mock('#server/services/accounts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('#server/services/accounts')>();
  return { ...actual, findUserByEmail: vi.fn(actual.findUserByEmail) };
});

/** Her own account, through both doors, with mail delivered over real SMTP and its links followed. */
const a = messages.account;
let t: MailTestApp;

beforeAll(async () => {
  t = await createTestAppWithMail();
});
afterAll(async () => {
  await t.close();
});

async function signIn(user: TestUser, password = user.password, userAgent = 'Mozilla/5.0 (X11; Linux x86_64) Firefox/130.0') {
  const response = await t.request({ method: 'POST', url: '/api/login', payload: { email: user.email, password }, headers: { 'user-agent': userAgent } });
  expect(response.statusCode, response.body).toBe(200);
  return sessionCookieFrom(response);
}
/** The token of the newest link mailed to an address. */
async function linkTokenFor(email: string, count: number): Promise<string> {
  const mail = (await t.smtp.waitFor(count, email)).at(-1)!;
  const match = /token=([a-z0-9]+)/.exec(mail.text ?? '');
  expect(match, mail.text).not.toBeNull();
  return match![1]!;
}
const as = (cookie: string | undefined, method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object) => t.request({ method, url, payload, cookie });

/** What the reset page learns of its link when it opens. */
const checkReset = async (token: string) => (await trpcRequest(t.app, { path: 'auth.account.checkPasswordReset', type: 'query', input: { token } })).json().result.data as unknown;

describe('password reset', () => {
  it('answers the same whether or not the email has an account, and mails only an account', async () => {
    const member = await createUser(t.db);
    const unknown = await as(undefined, 'POST', '/api/password-reset', { email: 'nobody-here@example.com' });
    const known = await as(undefined, 'POST', '/api/password-reset', { email: member.email.toUpperCase() });
    expect(unknown.statusCode).toBe(200);
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json()).toEqual({ success: true, message: a.resetRequested });
    const [mail] = await t.smtp.waitFor(1, member.email);
    expect(mail!.subject).toBe('Reset your Bloom Circle password');
    expect(t.smtp.to('nobody-here@example.com')).toEqual([]);
    // Only the token's hash is stored.
    const token = await linkTokenFor(member.email, 1);
    const stored = await t.db.select().from(accountTokens).where(eq(accountTokens.userId, member.id));
    expect(stored.map((row) => row.id)).not.toContain(token);
  });

  it('sets the password from the mailed link once, ends every session, and refuses the link again', async () => {
    const member = await createUser(t.db);
    const cookie = await signIn(member);
    await as(undefined, 'POST', '/api/password-reset', { email: member.email });
    const token = await linkTokenFor(member.email, 1);
    expect(await checkReset(token)).toEqual({ state: 'usable' });

    const weak = await as(undefined, 'POST', '/api/password-reset/confirm', { token, password: 'short' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toEqual({ message: messages.signup.passwordLength });

    const done = await trpcRequest(t.app, { path: 'auth.account.confirmPasswordReset', type: 'mutation', input: { token, password: 'NewSecret123' } });
    expect(done.json().result.data).toEqual({ success: true, message: a.passwordChanged });
    expect((await as(cookie, 'GET', '/api/auth/user')).statusCode).toBe(401);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, member.id))).toEqual([]);
    await signIn(member, 'NewSecret123');

    const again = await as(undefined, 'POST', '/api/password-reset/confirm', { token, password: 'OtherSecret123' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: a.resetInvalid });
    // The page checks the link when it opens: a used one says so before she types anything.
    expect(await checkReset(token)).toEqual({ state: 'used', message: a.linkUsed });
    await signIn(member, 'NewSecret123');
  });

  it('refuses an expired, unknown or superseded link, changing nothing', async () => {
    const member = await createUser(t.db);
    await as(undefined, 'POST', '/api/password-reset', { email: member.email });
    const first = await linkTokenFor(member.email, 1);
    await as(undefined, 'POST', '/api/password-reset', { email: member.email });
    const second = await linkTokenFor(member.email, 2);
    const [before] = await t.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, member.id));

    // Only the newest link works.
    expect((await as(undefined, 'POST', '/api/password-reset/confirm', { token: first, password: 'NewSecret123' })).json()).toEqual({ message: a.resetInvalid });
    await t.db.update(accountTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(accountTokens.userId, member.id));
    expect((await as(undefined, 'POST', '/api/password-reset/confirm', { token: second, password: 'NewSecret123' })).json()).toEqual({ message: a.resetInvalid });
    expect((await as(undefined, 'POST', '/api/password-reset/confirm', { token: 'x'.repeat(40), password: 'NewSecret123' })).statusCode).toBe(400);
    expect(await checkReset(first)).toEqual({ state: 'used', message: a.linkUsed });
    expect(await checkReset(second)).toEqual({ state: 'expired', message: a.linkExpired });
    expect(await checkReset('x'.repeat(40))).toEqual({ state: 'unknown', message: a.resetInvalid });
    const [after] = await t.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, member.id));
    expect(after!.hash).toBe(before!.hash);
  });
});

describe('the same work whoever the address belongs to', () => {
  // No worker: what the request itself did stays in the outbox to be read.
  let quiet: TestApp;
  beforeAll(async () => {
    quiet = await createTestApp({ mailWorker: false });
  });
  afterAll(async () => {
    await quiet.close();
  });
  const outbox = () => quiet.db.select().from(mailOutbox);
  const tokens = () => quiet.db.select().from(accountTokens);

  it('a password reset request queues one job holding only the address, looking up no account and hashing nothing', async () => {
    const member = await createUser(quiet.db);
    const rows: (typeof mailOutbox.$inferSelect)[][] = [];
    for (const email of [member.email, 'nobody-here@example.com']) {
      vi.mocked(findUserByEmail).mockClear();
      vi.mocked(hashPassword).mockClear();
      const before = await outbox();
      const viaRest = await quiet.request({ method: 'POST', url: '/api/password-reset', payload: { email } });
      const viaTrpc = await trpcRequest(quiet.app, { path: 'auth.account.requestPasswordReset', type: 'mutation', input: { email } });
      expect([viaRest.statusCode, viaTrpc.statusCode]).toEqual([200, 200]);
      // Counts only: a failure printing the calls would print the database handle they were given.
      expect(vi.mocked(findUserByEmail).mock.calls.length).toBe(0);
      expect(vi.mocked(hashPassword).mock.calls.length).toBe(0);
      rows.push((await outbox()).slice(before.length));
    }
    const [known, unknown] = rows;
    expect(known!.map((row) => ({ kind: row.kind, job: row.job, text: row.text }))).toEqual([
      { kind: 'password_reset_request', job: { type: 'password_reset', email: member.email }, text: '' },
      { kind: 'password_reset_request', job: { type: 'password_reset', email: member.email }, text: '' },
    ]);
    expect(unknown!.map((row) => row.job)).toEqual([
      { type: 'password_reset', email: 'nobody-here@example.com' },
      { type: 'password_reset', email: 'nobody-here@example.com' },
    ]);
    expect(await tokens()).toEqual([]);
  });

  it('an email change request queues one job whether or not the new address has an account', async () => {
    const member = await createUser(quiet.db);
    const other = await createUser(quiet.db);
    const login = await quiet.request({ method: 'POST', url: '/api/login', payload: { email: member.email, password: member.password } });
    const cookie = sessionCookieFrom(login);
    const jobs: unknown[] = [];
    for (const email of [other.email, 'free-address@example.com']) {
      vi.mocked(findUserByEmail).mockClear();
      const before = await outbox();
      const asked = await quiet.request({ method: 'POST', url: '/api/profile/email', cookie, payload: { email, password: TEST_PASSWORD } });
      expect(asked.json()).toEqual({ success: true, message: a.emailLinkSent(email) });
      expect(vi.mocked(findUserByEmail).mock.calls.length).toBe(0);
      jobs.push(...(await outbox()).slice(before.length).map((row) => ({ kind: row.kind, job: row.job })));
    }
    expect(jobs).toEqual([
      { kind: 'email_change_request', job: { type: 'email_change', userId: member.id, newEmail: other.email, locale: 'en' } },
      { kind: 'email_change_request', job: { type: 'email_change', userId: member.id, newEmail: 'free-address@example.com', locale: 'en' } },
    ]);
    expect(await tokens()).toEqual([]);
  });

  it('the worker then mails the account (token hashed, body kept from admins) and nothing to an unknown address, and removes the jobs', async () => {
    const member = await createUser(quiet.db);
    await quiet.request({ method: 'POST', url: '/api/password-reset', payload: { email: member.email } });
    await quiet.request({ method: 'POST', url: '/api/password-reset', payload: { email: 'still-nobody@example.com' } });
    // The quiet app runs no worker: one of the test's own runs the jobs.
    const run = startMailWorker({ db: quiet.db, site: { name: 'Bloom Circle', url: 'http://localhost:3000' }, transport: null, log: { warn: () => {} }, pollMs: 60_000 });
    await run.runOnce();
    await run.stop();
    expect(await quiet.db.select().from(mailOutbox).where(isNotNull(mailOutbox.job))).toEqual([]);
    const mails = (await outbox()).filter((row) => row.kind === 'password_reset');
    expect(mails.map((row) => row.recipient)).toContain(member.email);
    expect(mails.map((row) => row.recipient)).not.toContain('still-nobody@example.com');
    expect(mails.every((row) => row.holdsSecret)).toBe(true);
    const token = /token=([a-z0-9]+)/.exec(mails.find((row) => row.recipient === member.email)!.text)![1]!;
    expect((await tokens()).map((row) => row.id)).not.toContain(token);
  });
});

describe('mail limits', () => {
  // The real limits for mail; the rest relaxed, as in every test app.
  const { max: perAddress } = DEFAULT_RATE_LIMITS.mailRecipient;
  const { max: perAccount } = DEFAULT_RATE_LIMITS.mailSender;
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ mailWorker: false, rateLimits: { ...RELAXED_RATE_LIMITS, mailRecipient: DEFAULT_RATE_LIMITS.mailRecipient, mailSender: DEFAULT_RATE_LIMITS.mailSender } });
  });
  afterAll(async () => {
    await limited.close();
  });
  const outboxTo = async (email: string) => (await limited.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, email))).length;
  const refusedForMail = (response: { statusCode: number; json(): unknown }) => {
    expect(response.statusCode).toBe(429);
    expect(response.json()).toEqual({ message: messages.access.mailRateLimited });
  };

  it('refuse an email change once one address had its mails for the hour, and once one account asked for hers, queueing nothing', async () => {
    const member = await limited.signInAs('member');
    const target = 'someone-else@example.com';
    const change = (email: string) => limited.request({ method: 'POST', url: '/api/profile/email', cookie: member.cookie, payload: { email, password: TEST_PASSWORD } });
    for (let i = 0; i < perAddress; i++) expect((await change(target)).statusCode).toBe(200);
    refusedForMail(await change(target));
    const viaTrpc = await trpcRequest(limited.app, { path: 'auth.account.requestEmailChange', type: 'mutation', input: { email: target.toUpperCase(), password: TEST_PASSWORD }, cookie: member.cookie });
    expect(viaTrpc.statusCode).toBe(429);
    expect(viaTrpc.json().error.message).toBe(messages.access.mailRateLimited);
    expect(await outboxTo(target)).toBe(perAddress);

    // Per account: other addresses each, until she asked for her hour's share (the two refused asks count too).
    for (let i = perAddress + 2; i < perAccount; i++) expect((await change(`elsewhere-${i}@example.com`)).statusCode).toBe(200);
    refusedForMail(await change('one-more@example.com'));
    expect(await outboxTo('one-more@example.com')).toBe(0);
  });

  it('count every mail to one address together: resets, applications and subscriptions, on both APIs', async () => {
    const member = await createUser(limited.db);
    const address = member.email;
    const calls = [
      () => limited.request({ method: 'POST', url: '/api/password-reset', payload: { email: address } }),
      () => trpcRequest(limited.app, { path: 'auth.account.requestPasswordReset', type: 'mutation', input: { email: address } }),
      () => limited.request({ method: 'POST', url: '/api/join-request', payload: { ...validApplication(), email: address } }),
      () => limited.request({ method: 'POST', url: '/api/newsletter/subscriptions', payload: { email: address, frequency: 'weekly' } }),
      () => trpcRequest(limited.app, { path: 'content.newsletter.subscribe', type: 'mutation', input: { email: address, frequency: 'monthly' } }),
    ];
    for (const call of calls) expect((await call()).statusCode).toBeLessThan(300);
    const queued = await outboxTo(address);
    expect(queued).toBe(perAddress);
    for (const call of calls) expect((await call()).statusCode).toBe(429);
    refusedForMail(await limited.request({ method: 'POST', url: '/api/password-reset', payload: { email: address.toUpperCase() } }));
    expect(await outboxTo(address)).toBe(queued);
  });

  it('hold across server processes that share Redis', async (context) => {
    const url = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
    const probe = new Redis(url, { lazyConnect: true, connectTimeout: 1000, maxRetriesPerRequest: 0, retryStrategy: () => null });
    probe.on('error', () => {});
    const answers = await probe.connect().then(() => probe.ping().then((pong) => pong === 'PONG')).catch(() => false);
    probe.disconnect();
    if (!answers) return context.skip(`no Redis answered at ${url}`);
    const settings = { mailWorker: false as const, env: { REDIS_URL: url }, rateLimits: { ...RELAXED_RATE_LIMITS, mailRecipient: DEFAULT_RATE_LIMITS.mailRecipient } };
    const [one, two] = [await createTestApp(settings), await createTestApp(settings)];
    try {
      // Counts outlive the run in Redis: an address of this run only.
      const address = `redis-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}@example.com`;
      const reset = (app: TestApp) => app.request({ method: 'POST', url: '/api/password-reset', payload: { email: address } });
      for (let i = 0; i < perAddress; i++) expect((await reset(i % 2 ? one : two)).statusCode).toBe(200);
      for (const app of [one, two]) refusedForMail(await reset(app));
      const queued = async (app: TestApp) => (await app.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, address))).length;
      expect((await queued(one)) + (await queued(two))).toBe(perAddress);
    } finally {
      await one.close();
      await two.close();
    }
  });

  it('refuse an admin\'s test sends past the hour\'s share, queueing nothing', async () => {
    const admin = await limited.signInAs('admin');
    const [issue] = await limited.db.insert(newsletterIssues).values({ subject: 'Spring', markdown: 'Hello', frequency: 'weekly', createdBy: admin.user.id }).returning();
    const test = () => limited.request({ method: 'POST', url: `/api/admin/newsletter/issues/${issue!.id}/test`, cookie: admin.cookie });
    for (let i = 0; i < perAddress; i++) expect((await test()).statusCode).toBe(200);
    refusedForMail(await test());
    expect(await outboxTo(admin.user.email)).toBe(perAddress);
  });
});

describe('profile settings', () => {
  it('changes only the fields a PATCH sends and keeps the others (REST and tRPC)', async () => {
    const member = await createUser(t.db, { firstName: 'Salma', lastName: 'Adel' });
    const cookie = await signIn(member);
    const bio = 'Now I mostly write poems in the evenings.';
    const saved = await as(cookie, 'PATCH', '/api/profile', { bio });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ firstName: 'Salma', lastName: 'Adel', bio, interests: 'Reading and painting', message: a.profileSaved });
    const byTrpc = await trpcRequest(t.app, { path: 'auth.account.updateProfile', type: 'mutation', input: { interests: 'Poetry and football' }, cookie });
    expect(byTrpc.statusCode, byTrpc.body).toBe(200);
    const [row] = await t.db.select({ firstName: users.firstName, lastName: users.lastName, bio: users.bio, interests: users.interests }).from(users).where(eq(users.id, member.id));
    expect(row).toEqual({ firstName: 'Salma', lastName: 'Adel', bio, interests: 'Poetry and football' });

    // A field sent empty where it is required answers its own message; sending nothing is refused.
    const empty = await as(cookie, 'PATCH', '/api/profile', { firstName: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ message: messages.signup.firstNameRequired });
    for (const payload of [{}, { email: 'other@example.com' }]) {
      const nothing = await as(cookie, 'PATCH', '/api/profile', payload);
      expect(nothing.statusCode).toBe(400);
      expect(nothing.json()).toEqual({ message: a.profileNothingToChange });
    }
    const [after] = await t.db.select({ firstName: users.firstName, lastName: users.lastName, bio: users.bio, interests: users.interests, email: users.email }).from(users).where(eq(users.id, member.id));
    expect(after).toEqual({ ...row, email: member.email });
  });

  it('refuses a block word in a name, bio or interests with the community message, changing nothing (REST and tRPC)', async () => {
    // Straight into the list: this suite's database keeps no admin (see 'her data').
    await t.db.insert(watchedWords).values({ word: 'grossword', action: 'block' });
    forgetWatchedWords(t.db);
    const member = await createUser(t.db, { firstName: 'Nadia' });
    const cookie = await signIn(member);
    const [before] = await t.db.select().from(users).where(eq(users.id, member.id));
    for (const payload of [{ firstName: 'Nadia grossword' }, { lastName: 'Gr0ssword' }, { bio: 'My bio says grossword to you all.', firstName: 'Nadia' }, { interests: 'Collecting grosswords, no: grossword' }]) {
      const refused = await as(cookie, 'PATCH', '/api/profile', payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(refused.json()).toEqual({ message: messages.moderation.blockedLanguage });
    }
    const byTrpc = await trpcRequest(t.app, { path: 'auth.account.updateProfile', type: 'mutation', input: { firstName: 'grossword' }, cookie });
    expect(byTrpc.statusCode).toBe(400);
    expect(byTrpc.json().error.message).toBe(messages.moderation.blockedLanguage);
    const [after] = await t.db.select().from(users).where(eq(users.id, member.id));
    expect(after).toEqual(before);
    expect((await as(cookie, 'GET', '/api/profile')).json().waitingChange).toBeNull();
  });

  it('shows her own profile in full and saves names, bio and interests', async () => {
    const member = await createUser(t.db, { firstName: 'Mariam' });
    const cookie = await signIn(member);
    expect((await as(cookie, 'GET', '/api/profile')).json()).toMatchObject({ firstName: 'Mariam', email: member.email, age: 20 });
    const saved = await as(cookie, 'PATCH', '/api/profile', { firstName: 'Mimi', lastName: 'Hassan', bio: 'I paint and I run in the mornings.', interests: 'Painting and running' });
    expect(saved.json()).toMatchObject({ firstName: 'Mimi', lastName: 'Hassan', message: a.profileSaved });
    const bad = await as(cookie, 'PATCH', '/api/profile', { firstName: '', lastName: 'Hassan', bio: 'short', interests: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: messages.signup.firstNameRequired });
    expect((await as(cookie, 'GET', '/api/profile')).json()).toMatchObject({ firstName: 'Mimi' });
    expect((await as(undefined, 'GET', '/api/profile')).statusCode).toBe(401);
  });

  it('changes the password with the current one, signing out her other devices only', async () => {
    const member = await createUser(t.db);
    const phone = await signIn(member, member.password, 'Mozilla/5.0 (Linux; Android 14) Chrome/126.0 Mobile Safari/537.36');
    const laptop = await signIn(member);
    const wrong = await as(laptop, 'POST', '/api/profile/password', { currentPassword: 'Wrong123', newPassword: 'NewSecret123' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: a.currentPasswordWrong });
    expect((await as(phone, 'GET', '/api/auth/user')).statusCode).toBe(200);

    expect((await as(laptop, 'POST', '/api/profile/password', { currentPassword: TEST_PASSWORD, newPassword: 'NewSecret123' })).json()).toEqual({ success: true, message: a.passwordUpdated });
    expect((await as(phone, 'GET', '/api/auth/user')).statusCode).toBe(401);
    expect((await as(laptop, 'GET', '/api/auth/user')).statusCode).toBe(200);
    await signIn(member, 'NewSecret123');
  });

  it('changes the email once the link mailed to the new address is opened', async () => {
    const member = await createUser(t.db);
    const other = await createUser(t.db);
    const cookie = await signIn(member);
    expect((await as(cookie, 'POST', '/api/profile/email', { email: 'new-address@example.com', password: 'Wrong123' })).json()).toEqual({ message: a.currentPasswordWrong });
    // An address that has an account is answered like any other, so no member learns who is here;
    // its owner hears of it, no link goes out and nothing changes.
    const taken = await as(cookie, 'POST', '/api/profile/email', { email: other.email, password: TEST_PASSWORD });
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toEqual({ success: true, message: a.emailLinkSent(other.email) });
    const [notice] = await t.smtp.waitFor(1, other.email);
    expect(notice!.text).toContain('It already belongs to your account, so nothing changed and no one else can use it.');
    expect(notice!.text).not.toMatch(/token=/);
    expect(await t.db.select().from(accountTokens).where(eq(accountTokens.userId, member.id))).toEqual([]);
    expect((await as(cookie, 'GET', '/api/profile')).json().email).toBe(member.email);

    const newEmail = `moved-${member.id}@example.com`;
    const asked = await as(cookie, 'POST', '/api/profile/email', { email: newEmail, password: TEST_PASSWORD });
    expect(asked.json()).toEqual({ success: true, message: a.emailLinkSent(newEmail) });
    // Nothing changes until the link is opened.
    expect((await as(cookie, 'GET', '/api/profile')).json().email).toBe(member.email);
    const token = await linkTokenFor(newEmail, 1);
    await as(cookie, 'PUT', '/api/newsletter/subscription', { subscribed: true, frequency: 'monthly' });
    expect((await as(undefined, 'POST', '/api/profile/email/confirm', { token })).json()).toEqual({ success: true, message: a.emailChanged });
    expect((await as(cookie, 'GET', '/api/profile')).json().email).toBe(newEmail);
    // Her newsletter moved with her, and her old address was told.
    expect((await as(cookie, 'GET', '/api/newsletter/subscription')).json()).toMatchObject({ email: newEmail, subscribed: true, frequency: 'monthly' });
    expect((await t.smtp.waitFor(1, member.email)).map((mail) => mail.subject)).toContain('Your Bloom Circle email was changed');
    // Opened again, the link says it was used; a forged one is still refused.
    expect((await as(undefined, 'POST', '/api/profile/email/confirm', { token })).json()).toEqual({ success: true, already: true, message: a.linkUsed });
    expect((await as(undefined, 'POST', '/api/profile/email/confirm', { token: 'x'.repeat(40) })).json()).toEqual({ message: a.emailConfirmInvalid });
    await signIn({ ...member, email: newEmail });
  });
});

describe('sessions', () => {
  it('lists her devices with the browser, marks this one, and signs out one or all others', async () => {
    const member = await createUser(t.db);
    const phone = await signIn(member, member.password, 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Version/17.0 Mobile/15E148 Safari/604.1');
    const tablet = await signIn(member, member.password, 'Mozilla/5.0 (Linux; Android 14) Chrome/126.0 Safari/537.36');
    const laptop = await signIn(member);
    const list = (await as(laptop, 'GET', '/api/sessions')).json() as { id: string; browser: string; current: boolean }[];
    expect(list.map((session) => session.browser).sort()).toEqual(['Chrome on Android', 'Firefox on Linux', 'Safari on iOS']);
    expect(describeBrowser('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) CriOS/126.0 Mobile/15E148 Safari/604.1')).toBe('Chrome on iOS');
    expect(list.filter((session) => session.current).map((session) => session.browser)).toEqual(['Firefox on Linux']);

    const phoneSession = list.find((session) => session.browser === 'Safari on iOS')!;
    expect((await as(laptop, 'DELETE', `/api/sessions/${phoneSession.id}`)).json()).toEqual({ success: true, message: a.signedOutDevice });
    expect((await as(phone, 'GET', '/api/auth/user')).statusCode).toBe(401);
    // Another member's session can't be named.
    const stranger = await signIn(await createUser(t.db));
    const tabletSession = list.find((session) => session.browser === 'Chrome on Android')!;
    expect((await as(stranger, 'DELETE', `/api/sessions/${tabletSession.id}`)).json()).toEqual({ message: a.sessionNotFound });
    expect((await as(tablet, 'GET', '/api/auth/user')).statusCode).toBe(200);

    expect((await as(laptop, 'DELETE', '/api/sessions')).json()).toEqual({ success: true, message: a.signedOutOthers });
    expect((await as(tablet, 'GET', '/api/auth/user')).statusCode).toBe(401);
    expect((await as(laptop, 'GET', '/api/auth/user')).statusCode).toBe(200);
  });
});

describe('newsletter settings', () => {
  it('subscribes, changes the frequency and unsubscribes her own email only', async () => {
    const member = await createUser(t.db);
    const cookie = await signIn(member);
    expect((await as(cookie, 'GET', '/api/newsletter/subscription')).json()).toEqual({ email: member.email, subscribed: false, frequency: 'weekly' });
    expect((await as(cookie, 'PUT', '/api/newsletter/subscription', { subscribed: true, frequency: 'monthly' })).json()).toMatchObject({ subscribed: true, frequency: 'monthly' });
    expect((await as(cookie, 'GET', '/api/newsletter/subscription')).json()).toMatchObject({ subscribed: true, frequency: 'monthly' });
    expect((await as(cookie, 'PUT', '/api/newsletter/subscription', { subscribed: true, frequency: 'daily' })).json()).toEqual({ message: messages.newsletter.frequencyInvalid });
    await as(cookie, 'PUT', '/api/newsletter/subscription', { subscribed: false, frequency: 'monthly' });
    expect((await as(cookie, 'GET', '/api/newsletter/subscription')).json()).toMatchObject({ subscribed: false });
  });
});

describe('her data', () => {
  it('exports everything she made as a JSON file, and nothing of anyone else\'s or any secret', async () => {
    const member = await createUser(t.db, { firstName: 'Export' });
    const other = await createUser(t.db);
    const cookie = await signIn(member);
    await as(cookie, 'POST', '/api/forum/posts', { title: 'My exported post', content: 'Twenty characters of content here.', category: 'general' });
    await t.db.insert(watchedWords).values({ word: 'tiktok', action: 'hold' });
    forgetWatchedWords(t.db);
    expect((await as(cookie, 'PATCH', '/api/profile', { bio: 'Follow my tiktok for my drawings please.' })).json().waitingChange).toEqual({ bio: 'Follow my tiktok for my drawings please.' });
    await t.db.insert(forumPosts).values({ userId: other.id, title: 'Not hers', content: 'Twenty characters of content here.', category: 'general' });
    const response = await as(cookie, 'GET', '/api/account/export');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('attachment');
    const data = response.json();
    expect(data.profile).toMatchObject({ firstName: 'Export', email: member.email });
    expect(data.forumPosts.map((post: { title: string }) => post.title)).toEqual(['My exported post']);
    expect(data.sessions).toHaveLength(1);
    expect(data.waitingProfileChange).toEqual({ bio: 'Follow my tiktok for my drawings please.' });
    // Her post made this week one of her active weeks (a Monday).
    expect(data.activeWeeks).toHaveLength(1);
    expect(new Date(`${data.activeWeeks[0]}T00:00:00Z`).getUTCDay()).toBe(1);
    const text = JSON.stringify(data);
    expect(text).not.toContain('Not hers');
    expect(text).not.toContain('passwordHash');
    expect(text).not.toContain((await t.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, member.id)))[0]!.id);
  });

  it('names what each id in her export is: titles, an event\'s date, a blocked or reported member\'s display name only', async () => {
    const member = await createUser(t.db);
    const other = await createUser(t.db, { firstName: 'Zeina', lastName: 'Farouk' });
    const cookie = await signIn(member);
    const event = await createEvent(t.db, { title: 'Poetry night' });
    const podcast = await createPodcast(t.db, { title: 'Courage in small steps' });
    const blog = await createBlog(t.db, { title: 'Brave habits' });
    await t.db.insert(eventRsvps).values({ eventId: event.id, userId: member.id, status: 'attending' });
    await t.db.insert(podcastLikes).values({ podcastId: podcast.id, userId: member.id });
    const [comment] = await t.db.insert(blogComments).values({ blogId: blog.id, userId: other.id, content: 'A comment she reported.' }).returning();
    await t.db.insert(blogComments).values({ blogId: blog.id, userId: member.id, content: 'Her own comment here.' });
    await t.db.insert(blocks).values({ blockerId: member.id, blockedId: other.id });
    await t.db.insert(reports).values([
      { reporterId: member.id, targetType: 'member', targetId: other.id, reason: 'harassment' },
      { reporterId: member.id, targetType: 'blog_comment', targetId: comment!.id, reason: 'spam' },
    ]);

    const exported = await as(cookie, 'GET', '/api/account/export');
    expect(exported.statusCode, exported.body).toBe(200);
    const data = exported.json();
    expect(data.rsvps).toEqual([expect.objectContaining({ eventId: event.id, eventTitle: 'Poetry night', eventDateTime: event.dateTime.toISOString() })]);
    expect(data.likes.podcasts).toEqual([expect.objectContaining({ podcastId: podcast.id, title: 'Courage in small steps' })]);
    expect(data.comments.blogs).toEqual([expect.objectContaining({ blogId: blog.id, blogTitle: 'Brave habits' })]);
    expect(data.blocks).toEqual([expect.objectContaining({ userId: other.id, displayName: 'Zeina F.' })]);
    const reported = (data.reports as { targetType: string; reported: string }[]).map((report) => [report.targetType, report.reported]).sort();
    expect(reported).toEqual([
      ['blog_comment', 'Brave habits'],
      ['member', 'Zeina F.'],
    ]);
    const text = JSON.stringify(data);
    expect(text).not.toContain('Farouk');
    expect(text).not.toContain(other.email);
  });

  it('deletes her account with her password; the last admin can\'t', async () => {
    const member = await createUser(t.db);
    const cookie = await signIn(member);
    expect((await as(cookie, 'DELETE', '/api/account', { password: 'Wrong123' })).json()).toEqual({ message: a.currentPasswordWrong });
    const deleted = await as(cookie, 'DELETE', '/api/account', { password: TEST_PASSWORD });
    expect(deleted.json()).toEqual({ success: true, message: a.accountDeleted });
    expect(await t.db.select().from(users).where(eq(users.id, member.id))).toEqual([]);
    expect((await as(cookie, 'GET', '/api/auth/user')).statusCode).toBe(401);

    // The only admin of this database can't leave it without one.
    const admins = await t.db.select({ id: users.id }).from(users).where(eq(users.role, 'admin'));
    expect(admins).toEqual([]);
    const admin = await createUser(t.db, { isAdmin: true });
    const adminCookie = await signIn(admin);
    const refused = await as(adminCookie, 'DELETE', '/api/account', { password: TEST_PASSWORD });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: a.lastAdmin });
  });
});
