import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '#db/schema';
import { messages } from '#shared/messages';
import { DEFAULT_RATE_LIMITS } from '#server/auth/rate-limit';
import { sessionIdFromToken } from '#server/auth/session';
import { createUser, TEST_PASSWORD, validApplication } from '#server/test/factories';
import { trpcRequest } from '#server/test/procedures';
import { createTestApp, sessionCookieFrom, type TestApp } from '#server/test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const apply = (payload: Record<string, unknown>) => t.request({ method: 'POST', url: '/api/join-request', payload });
const login = (payload: Record<string, unknown>, cookie?: string) => t.request({ method: 'POST', url: '/api/login', payload, cookie });
const adminLogin = (payload: Record<string, unknown>) => t.request({ method: 'POST', url: '/api/admin/login', payload });

describe('POST /api/join-request', () => {
  it('stores a pending application with a hashed password and answers 201', async () => {
    const application = validApplication();
    const response = await apply({ ...application, email: application.email.toUpperCase() });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: messages.signup.success('Bloom Circle') });
    const [row] = await t.db.select().from(users).where(eq(users.email, application.email));
    expect(row).toMatchObject({ firstName: 'Sara', approvalStatus: 'pending', role: 'member', age: 17 });
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('refuses a block word in her names, bio or interests with the community message, storing nothing (REST and tRPC)', async () => {
    const admin = await t.signInAs('admin');
    expect((await t.request({ method: 'POST', url: '/api/admin/watched-words', payload: { word: 'nastyword', action: 'block' }, cookie: admin.cookie })).statusCode).toBe(201);
    const application = { ...validApplication(), email: 'blocked-words@example.com' };
    for (const field of ['firstName', 'lastName', 'bio', 'interests'] as const) {
      const response = await apply({ ...application, [field]: `${application[field]} nastyword` });
      expect(response.statusCode, field).toBe(400);
      expect(response.json()).toEqual({ message: messages.moderation.blockedLanguage });
    }
    const byTrpc = await trpcRequest(t.app, { path: 'auth.joinRequest', type: 'mutation', input: { ...application, firstName: 'N4styword' } });
    expect(byTrpc.statusCode).toBe(400);
    expect(byTrpc.json().error.message).toBe(messages.moderation.blockedLanguage);
    expect(await t.db.select().from(users).where(eq(users.email, application.email))).toHaveLength(0);
  });

  it('marks an application with a hold word for the admins, in the Pending Users list only they see', async () => {
    const admin = await t.signInAs('admin');
    const member = await t.signInAs('member');
    expect((await t.request({ method: 'POST', url: '/api/admin/watched-words', payload: { word: 'instagram', action: 'hold' }, cookie: admin.cookie })).statusCode).toBe(201);
    const held = { ...validApplication(), email: 'held-words@example.com', firstName: 'Add me on instagram rana_2012' };
    const clean = { ...validApplication(), email: 'clean-words@example.com' };
    expect((await apply(held)).statusCode).toBe(201);
    const byTrpc = await trpcRequest(t.app, { path: 'auth.joinRequest', type: 'mutation', input: clean });
    expect(byTrpc.statusCode).toBe(200);

    type Pending = { email: string; heldWords: boolean };
    const rest = (await t.request({ method: 'GET', url: '/api/admin/pending-users?limit=100', cookie: admin.cookie })).json() as Pending[];
    expect(rest.find((row) => row.email === held.email)?.heldWords).toBe(true);
    expect(rest.find((row) => row.email === clean.email)?.heldWords).toBe(false);
    const trpc = await trpcRequest(t.app, { path: 'admin.users.pending', type: 'query', input: { limit: 100 }, cookie: admin.cookie });
    expect((trpc.json().result.data as Pending[]).find((row) => row.email === held.email)?.heldWords).toBe(true);
    expect((await t.request({ method: 'GET', url: '/api/admin/pending-users', cookie: member.cookie })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/admin/pending-users' })).statusCode).toBe(401);
  });

  it('refuses an application without an age, rather than taking the applicant for an adult', async () => {
    const { age: _age, ...application } = validApplication();
    for (const payload of [application, { ...application, age: null }]) {
      const response = await apply(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: messages.signup.ageRequired });
    }
    expect(await t.db.select().from(users).where(eq(users.email, application.email))).toHaveLength(0);
  });

  it('names the field a refusal is about, for the form to show it there (tRPC)', async () => {
    const response = await trpcRequest(t.app, { path: 'auth.joinRequest', type: 'mutation', input: { ...validApplication(), email: 'sara@' } });
    expect(response.statusCode).toBe(400);
    const { error } = response.json() as { error: { message: string; data: { field?: string } } };
    expect(error.message).toBe(messages.signup.emailInvalid);
    expect(error.data.field).toBe('email');
  });

  // Each rule, in the order they are checked: the payload breaks this rule and every later one, so only
  // first-failure-wins ordering gives the expected message.
  const m = messages.signup;
  const cases: [string, Record<string, unknown>, string][] = [
    ['blank first name', { firstName: '   ', lastName: '', email: '' }, m.firstNameRequired],
    ['missing first name', { firstName: undefined }, m.firstNameRequired],
    ['blank last name', { lastName: ' ', email: '' }, m.lastNameRequired],
    ['empty email', { email: '', password: 'x' }, m.emailRequired],
    ['malformed email', { email: 'sara@', password: 'x' }, m.emailInvalid],
    ['short password', { password: 'Ab1', age: 5 }, m.passwordLength],
    ['no uppercase', { password: 'bloom2024x', age: 5 }, m.passwordUppercase],
    ['no lowercase', { password: 'BLOOM2024X', age: 5 }, m.passwordLowercase],
    ['no digit', { password: 'BloomBloom', age: 5 }, m.passwordNumber],
    ['too young', { age: 12, interests: 'x' }, m.ageRange],
    ['too old', { age: 101, interests: 'x' }, m.ageRange],
    ['age not a number', { age: 'twenty' }, m.ageRange],
    ['short interests', { interests: ' short    ', bio: 'x' }, m.interestsLength],
    ['short bio', { bio: 'Too short for a bio', acceptGuidelines: false }, m.bioLength],
    ['guidelines not accepted', { acceptGuidelines: false }, m.acceptGuidelines],
  ];
  it.each(cases)('refuses %s with its message and stores nothing', async (_name, change, message) => {
    const application = { ...validApplication(), ...change };
    const response = await apply(application);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
    const email = typeof application.email === 'string' ? application.email.toLowerCase() : '';
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it('answers a second application for the same email in any case exactly as a new one, creating nothing', async () => {
    const application = validApplication();
    const first = await apply(application);
    expect(first.statusCode).toBe(201);
    const countAccounts = async () => (await t.db.select({ id: users.id }).from(users)).length;
    const before = await countAccounts();
    const again = await apply({ ...application, firstName: 'Someone', email: application.email.toUpperCase() });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await countAccounts()).toBe(before);
  });

  it('refuses a body that is not JSON without a 500', async () => {
    const response = await t.request({ method: 'POST', url: '/api/join-request', payload: '{"firstName":', headers: { 'content-type': 'application/json' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty('message');
  });
});

describe('POST /api/login', () => {
  it('signs in an approved member with a browser-session cookie', async () => {
    const user = await createUser(t.db, { firstName: 'Noor' });
    const response = await login({ email: user.email.toUpperCase(), password: user.password, saveLogin: false });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: messages.login.serverSuccess, user: { firstName: 'Noor', email: user.email }, firstSignIn: true });
    const cookie = response.cookies.find((c) => c.name === 'session')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.expires).toBeUndefined();
    // Only the SHA-256 of the token is stored.
    const [row] = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(row!.id).toBe(sessionIdFromToken(cookie.value));
    expect(row!.id).not.toBe(cookie.value);
    expect(row!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(24 * 3600_000);
  });

  it('tells her first sign-in from the later ones (her welcome), and only to her', async () => {
    const user = await createUser(t.db);
    const first = await login({ email: user.email, password: user.password });
    expect(first.json()).toMatchObject({ firstSignIn: true });
    const [row] = await t.db.select({ lastSignInAt: users.lastSignInAt }).from(users).where(eq(users.id, user.id));
    expect(row!.lastSignInAt).toBeInstanceOf(Date);
    // A refused attempt is no sign-in.
    await login({ email: user.email, password: 'Wrong1234' });
    expect((await login({ email: user.email, password: user.password })).json()).toMatchObject({ firstSignIn: false });
  });

  it('keeps a member logged in for 30 days when asked', async () => {
    const user = await createUser(t.db);
    const response = await login({ email: user.email, password: user.password, saveLogin: true });
    const cookie = response.cookies.find((c) => c.name === 'session')!;
    const days = (new Date(cookie.expires!).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
  });

  it('answers the same 401 for a wrong password and an unknown email', async () => {
    const user = await createUser(t.db);
    for (const payload of [{ email: user.email, password: 'Wrong1234' }, { email: 'nobody@example.com', password: TEST_PASSWORD }]) {
      const response = await login(payload);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: messages.login.invalidCredentials });
      expect(response.cookies).toHaveLength(0);
    }
  });

  it('refuses pending and rejected applicants with their messages', async () => {
    const pending = await createUser(t.db, { status: 'pending' });
    const rejected = await createUser(t.db, { status: 'rejected' });
    const a = await login({ email: pending.email, password: pending.password });
    expect(a.statusCode).toBe(403);
    expect(a.json()).toEqual({ message: messages.login.pending });
    const b = await login({ email: rejected.email, password: rejected.password });
    expect(b.statusCode).toBe(403);
    expect(b.json()).toEqual({ message: messages.login.rejected });
  });

  it('requires email and password', async () => {
    expect((await login({ email: '', password: 'x' })).json()).toEqual({ message: messages.login.emailRequired });
    expect((await login({ email: 'a@b.co', password: '' })).json()).toEqual({ message: messages.login.passwordRequired });
    expect((await login({})).statusCode).toBe(400);
  });

  it('issues a new token on every sign-in and ends the previous session', async () => {
    const user = await createUser(t.db);
    const first = sessionCookieFrom(await login({ email: user.email, password: user.password }));
    const second = sessionCookieFrom(await login({ email: user.email, password: user.password }, first));
    expect(second).not.toBe(first);
    expect((await t.request({ method: 'GET', url: '/api/auth/user', cookie: first })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/auth/user', cookie: second })).statusCode).toBe(200);
  });
});

describe('GET /api/auth/user and logout', () => {
  it('answers 401 signed out and the current user signed in, without secrets', async () => {
    expect((await t.request({ method: 'GET', url: '/api/auth/user' })).statusCode).toBe(401);
    const { user, cookie } = await t.signInAs('member');
    const response = await t.request({ method: 'GET', url: '/api/auth/user', cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: user.id, firstName: user.firstName, lastName: user.lastName, email: user.email, profileImageUrl: null, role: 'member', isAdmin: false });
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).not.toMatch(/argon2|passwordHash/);
  });

  it('ends the server session at once on logout, even if the cookie is replayed', async () => {
    const { cookie } = await t.signInAs('member');
    const response = await t.request({ method: 'POST', url: '/api/logout', cookie });
    expect(response.statusCode).toBe(200);
    expect(response.cookies.find((c) => c.name === 'session')?.value).toBe('');
    expect((await t.request({ method: 'GET', url: '/api/auth/user', cookie })).statusCode).toBe(401);
  });

  it('lets admins log out through their own endpoint, and a visitor log out harmlessly', async () => {
    const { cookie } = await t.signInAs('admin');
    expect((await t.request({ method: 'POST', url: '/api/admin/logout', cookie })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/auth/user', cookie })).statusCode).toBe(401);
    expect((await t.request({ method: 'POST', url: '/api/logout' })).statusCode).toBe(200);
  });

  it('drops the session of a member whose approval is withdrawn', async () => {
    const { user, cookie } = await t.signInAs('member');
    await t.db.update(users).set({ approvalStatus: 'rejected' }).where(eq(users.id, user.id));
    expect((await t.request({ method: 'GET', url: '/api/auth/user', cookie })).statusCode).toBe(401);
  });

  it('sends GET /api/login to the sign-in page', async () => {
    const response = await t.request({ method: 'GET', url: '/api/login' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/login');
  });
});

describe('POST /api/admin/login', () => {
  it('signs in an admin', async () => {
    const admin = await createUser(t.db, { isAdmin: true });
    const response = await adminLogin({ username: admin.email, password: admin.password, saveLogin: true });
    expect(response.statusCode).toBe(200);
    expect(response.json().user.email).toBe(admin.email);
    const me = await t.request({ method: 'GET', url: '/api/auth/user', cookie: sessionCookieFrom(response) });
    expect(me.json().isAdmin).toBe(true);
  });

  it('refuses a member with 403 and no session', async () => {
    const member = await createUser(t.db);
    const response = await adminLogin({ username: member.email, password: member.password });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: messages.access.adminRequired });
    expect(response.cookies).toHaveLength(0);
  });

  it('validates the username and password with the admin form messages', async () => {
    expect((await adminLogin({ username: '', password: 'x' })).json()).toEqual({ message: messages.adminLogin.emailRequired });
    expect((await adminLogin({ username: 'admin', password: 'x' })).json()).toEqual({ message: messages.adminLogin.emailInvalid });
    expect((await adminLogin({ username: 'a@b.co', password: '' })).json()).toEqual({ message: messages.adminLogin.passwordRequired });
  });
});

describe('the tRPC endpoint', () => {
  it('runs the same procedures with the same messages', async () => {
    const response = await t.request({ method: 'POST', url: '/trpc/auth.joinRequest', payload: { ...validApplication(), bio: 'short' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(messages.signup.bioLength);
    expect(response.body).not.toContain('stack');
  });

  it('answers the session query with null for a visitor', async () => {
    const response = await t.request({ method: 'GET', url: '/trpc/auth.session' });
    expect(response.statusCode).toBe(200);
    expect(response.json().result.data).toBeNull();
  });
});

describe('rate limits and request safety', () => {
  it('limits wrong passwords for one email from one address with 429', async () => {
    const limited = await createTestApp({ rateLimits: DEFAULT_RATE_LIMITS });
    try {
      const user = await createUser(limited.db);
      const attempt = () => limited.request({ method: 'POST', url: '/api/login', payload: { email: user.email, password: 'Wrong1234' } });
      for (let i = 0; i < DEFAULT_RATE_LIMITS.signIn.max; i++) expect((await attempt()).statusCode).toBe(401);
      const refused = await attempt();
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ message: messages.access.rateLimited });
      // From that address even the right password is refused until the window passes.
      const right = await limited.request({ method: 'POST', url: '/api/login', payload: { email: user.email, password: user.password } });
      expect(right.statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('refuses cross-site writes and allows same-site ones', async () => {
    const user = await createUser(t.db);
    const payload = { email: user.email, password: user.password };
    const foreign = await t.request({ method: 'POST', url: '/api/login', payload, headers: { origin: 'https://evil.example', host: 'localhost:80' } });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({ message: messages.access.crossSite });
    const own = await t.request({ method: 'POST', url: '/api/login', payload, headers: { origin: 'http://localhost:80', host: 'localhost:80' } });
    expect(own.statusCode).toBe(200);
  });

  it('answers unknown /api paths with 404 JSON', async () => {
    const response = await t.request({ method: 'GET', url: '/api/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: messages.http.notFound });
  });

  it('sends security headers', async () => {
    const response = await t.request({ method: 'GET', url: '/api/health' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/script-src 'self'(;|$)/);
  });
});

describe('text the database cannot store', () => {
  it('refuses a NUL character anywhere in the input with 400 and stores nothing', async () => {
    const application = { ...validApplication(), bio: 'A kind and curious student\u0000 who loves art.' };
    const response = await t.request({ method: 'POST', url: '/api/join-request', payload: application });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: messages.http.unsupportedCharacters });
    expect(await t.db.select().from(users).where(eq(users.email, application.email))).toHaveLength(0);
  });
});
