import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forumPosts, sessions, users } from '#db/schema';
import { messages } from '#shared/messages';
import { createUser, TEST_PASSWORD } from '#server/test/factories';
import { createTestApp, type TestApp } from '#server/test/test-app';

let t: TestApp;
let admin: { user: { id: number }; cookie: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAs('admin');
});
afterAll(() => t.close());

const m = messages.admin;
const asAdmin = (method: 'GET' | 'PATCH' | 'DELETE' | 'POST', url: string, payload?: object) => t.request({ method, url, payload, cookie: admin.cookie });
const login = (email: string, password = TEST_PASSWORD) => t.request({ method: 'POST', url: '/api/login', payload: { email, password } });
const sessionCount = async (userId: number) => (await t.db.select().from(sessions).where(eq(sessions.userId, userId))).length;
const validUser = (email: string) => ({ email, firstName: 'Nadia', lastName: 'Karim', age: 22, interests: 'Chess and hiking', bio: 'Loves mountains.', isAdmin: false, isApproved: true });

describe('GET /api/admin/pending-users', () => {
  it('lists join requests with the pending-user fields and no password hash', async () => {
    const applicant = await createUser(t.db, { status: 'pending', firstName: 'Pending' });
    const response = await asAdmin('GET', '/api/admin/pending-users');
    expect(response.statusCode).toBe(200);
    const row = response.json().find((u: { id: number }) => u.id === applicant.id);
    expect(Object.keys(row).sort()).toEqual(['age', 'createdAt', 'email', 'emailConfirmed', 'firstName', 'heldWords', 'id', 'interests', 'lastName', 'reason'].sort());
    expect(row).toMatchObject({ firstName: 'Pending', email: applicant.email, reason: 'I love learning new things with friends.', age: 20, emailConfirmed: true, heldWords: false });
    expect(response.json().every((u: { id: number }) => u.id !== admin.user.id)).toBe(true);
  });
});

describe('PATCH /api/admin/users/{userId}/approval', () => {
  it('approves: she leaves the pending list and can sign in', async () => {
    const applicant = await createUser(t.db, { status: 'pending' });
    expect((await login(applicant.email)).statusCode).toBe(403);
    const response = await asAdmin('PATCH', `/api/admin/users/${applicant.id}/approval`, { isApproved: true });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: applicant.id, isApproved: true, approvalStatus: 'approved' });
    const pending = (await asAdmin('GET', '/api/admin/pending-users')).json();
    expect(pending.some((u: { id: number }) => u.id === applicant.id)).toBe(false);
    expect((await login(applicant.email)).statusCode).toBe(200);
  });

  it('rejects: her sessions end at once', async () => {
    const member = await t.signInAs('member');
    expect(await sessionCount(member.user.id)).toBe(1);
    const response = await asAdmin('PATCH', `/api/admin/users/${member.user.id}/approval`, { isApproved: false });
    expect(response.json()).toMatchObject({ isApproved: false, approvalStatus: 'rejected' });
    expect(await sessionCount(member.user.id)).toBe(0);
    expect((await t.request({ method: 'GET', url: '/api/auth/user', cookie: member.cookie })).statusCode).toBe(401);
  });

  it('refuses a missing isApproved with 400 and an unknown user with 404', async () => {
    const applicant = await createUser(t.db, { status: 'pending' });
    const bad = await asAdmin('PATCH', `/api/admin/users/${applicant.id}/approval`, {});
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: m.isApprovedRequired });
    const [row] = await t.db.select({ status: users.approvalStatus }).from(users).where(eq(users.id, applicant.id));
    expect(row!.status).toBe('pending');
    const missing = await asAdmin('PATCH', '/api/admin/users/999999/approval', { isApproved: true });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: m.userNotFound });
    expect((await asAdmin('PATCH', '/api/admin/users/abc/approval', { isApproved: true })).json()).toEqual({ message: 'Invalid id' });
  });
});

describe('GET /api/admin/users', () => {
  it('searches first name, last name and email case-insensitively, without hashes', async () => {
    const zoe = await createUser(t.db, { firstName: 'Zoeyfinder', email: 'zz-finder@example.com' });
    for (const search of ['zoeyFINDER', 'ZZ-FIND', 'zoey']) {
      const response = await asAdmin('GET', `/api/admin/users?search=${encodeURIComponent(search)}`);
      expect(response.statusCode).toBe(200);
      expect(response.json().map((u: { id: number }) => u.id)).toEqual([zoe.id]);
      expect((await asAdmin('GET', `/api/admin/users/count?search=${encodeURIComponent(search)}`)).json()).toEqual({ total: 1 });
    }
    const all = await asAdmin('GET', '/api/admin/users');
    expect(all.body).not.toContain('argon2');
    expect(all.json()[0]).toHaveProperty('isApproved');
    expect(all.json()[0]).not.toHaveProperty('passwordHash');
  });

  it('pages with limit and offset (or after the cursor row), and refuses a bad limit or cursor', async () => {
    await createUser(t.db);
    await createUser(t.db);
    const all = (await asAdmin('GET', '/api/admin/users?limit=100')).json().map((u: { id: number }) => u.id);
    expect((await asAdmin('GET', '/api/admin/users?limit=1')).json().map((u: { id: number }) => u.id)).toEqual(all.slice(0, 1));
    expect((await asAdmin('GET', '/api/admin/users?limit=2&offset=1')).json().map((u: { id: number }) => u.id)).toEqual(all.slice(1, 3));
    expect((await asAdmin('GET', `/api/admin/users?limit=2&cursor=${all[1]}`)).json().map((u: { id: number }) => u.id)).toEqual(all.slice(2, 4));
    const bad = await asAdmin('GET', '/api/admin/users?limit=500');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'limit must be at most 100' });
    const badCursor = await asAdmin('GET', '/api/admin/users?cursor=last');
    expect(badCursor.statusCode).toBe(400);
    expect(badCursor.json()).toEqual({ message: 'cursor must be the id of the last item shown' });
  });

  it('treats LIKE wildcards in the search literally', async () => {
    expect((await asAdmin('GET', '/api/admin/users?search=%25')).json()).toEqual([]);
  });
});

describe('PATCH /api/admin/users/{id}', () => {
  it('updates every field of the Edit User dialog', async () => {
    const member = await createUser(t.db);
    const response = await asAdmin('PATCH', `/api/admin/users/${member.id}`, validUser(`Edited-${member.id}@Example.com`));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ email: `edited-${member.id}@example.com`, firstName: 'Nadia', age: 22, isAdmin: false, isApproved: true });
  });

  const cases: [string, Record<string, unknown>, string][] = [
    ['a malformed email', { email: 'nadia@', firstName: '' }, m.emailInvalid],
    ['a blank first name', { firstName: '  ', lastName: '' }, m.firstNameRequired],
    ['a blank last name', { lastName: '' }, m.lastNameRequired],
    ['an age of 0', { age: 0 }, m.ageMin],
    ['an age that is not a number', { age: 'old' }, m.ageMin],
  ];
  it.each(cases)('refuses %s with its message and changes nothing', async (_name, change, message) => {
    const member = await createUser(t.db);
    const response = await asAdmin('PATCH', `/api/admin/users/${member.id}`, { ...validUser('x@example.com'), ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
    const [row] = await t.db.select({ email: users.email }).from(users).where(eq(users.id, member.id));
    expect(row!.email).toBe(member.email);
  });

  it('refuses an email that another account has (any case) with 409', async () => {
    const [a, b] = [await createUser(t.db), await createUser(t.db)];
    const response = await asAdmin('PATCH', `/api/admin/users/${a.id}`, validUser(b.email.toUpperCase()));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: messages.signup.emailTaken });
  });

  it('answers 404 for an unknown user', async () => {
    expect((await asAdmin('PATCH', '/api/admin/users/999999', validUser('n@example.com'))).statusCode).toBe(404);
  });
});

describe('PATCH /api/admin/users/{id}/password', () => {
  it('sets a new password and signs her out elsewhere', async () => {
    const member = await t.signInAs('member');
    const response = await asAdmin('PATCH', `/api/admin/users/${member.user.id}/password`, { password: 'NewPass123' });
    expect(response.statusCode).toBe(200);
    expect(await sessionCount(member.user.id)).toBe(0);
    expect((await login(member.user.email)).statusCode).toBe(401);
    expect((await login(member.user.email, 'NewPass123')).statusCode).toBe(200);
  });

  it('refuses a weak password on the server', async () => {
    const member = await createUser(t.db);
    const response = await asAdmin('PATCH', `/api/admin/users/${member.id}/password`, { password: 'short' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: messages.signup.passwordLength });
    expect((await login(member.email)).statusCode).toBe(200);
  });
});

describe('DELETE /api/admin/users/{id}', () => {
  it('deletes her account, her sessions and her posts at once', async () => {
    const member = await t.signInAs('member');
    await t.db.insert(forumPosts).values({ userId: member.user.id, title: 'Hello there', content: 'A post that should go with her account.', category: 'general' });
    const response = await asAdmin('DELETE', `/api/admin/users/${member.user.id}`);
    expect(response.statusCode).toBe(200);
    expect(await sessionCount(member.user.id)).toBe(0);
    expect(await t.db.select().from(forumPosts).where(eq(forumPosts.userId, member.user.id))).toHaveLength(0);
    expect((await t.request({ method: 'GET', url: '/api/auth/user', cookie: member.cookie })).statusCode).toBe(401);
    expect((await asAdmin('DELETE', `/api/admin/users/${member.user.id}`)).statusCode).toBe(404);
  });

  it('refuses to delete the acting admin herself with 409', async () => {
    const response = await asAdmin('DELETE', `/api/admin/users/${admin.user.id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: m.selfDelete });
  });
});
