import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#db/schema';
import { messages } from '#shared/messages';
import { createUser, TEST_PASSWORD } from '#server/test/factories';
import { createTestApp, type TestApp } from '#server/test/test-app';

let t: TestApp;
let admin: { user: { id: number; email: string }; cookie: string };
beforeAll(async () => {
  t = await createTestApp();
  // The only admin of this database.
  admin = await t.signInAs('admin');
});
afterAll(() => t.close());

const m = messages.admin;
const asAdmin = (method: 'GET' | 'PATCH' | 'DELETE' | 'POST', url: string, payload?: object) => t.request({ method, url, payload, cookie: admin.cookie });
const adminLogin = (username: string, password: string) => t.request({ method: 'POST', url: '/api/admin/login', payload: { username, password } });
let counter = 0;
const newAdmin = (change: Record<string, unknown> = {}) => ({
  email: `helper-${counter++}@example.com`,
  firstName: 'Huda',
  lastName: 'Ali',
  password: 'secret1',
  age: 31,
  interests: 'Moderation',
  bio: 'Helps out on weekends.',
  ...change,
});

describe('the last admin', () => {
  it("can't demote herself or take away her own approval (409)", async () => {
    const demote = await asAdmin('PATCH', `/api/admin/users/${admin.user.id}`, {
      email: admin.user.email, firstName: 'Solo', lastName: 'Admin', isAdmin: false, isApproved: true,
    });
    expect(demote.statusCode).toBe(409);
    expect(demote.json()).toEqual({ message: m.lastAdminDemote });
    const reject = await asAdmin('PATCH', `/api/admin/users/${admin.user.id}/approval`, { isApproved: false });
    expect(reject.statusCode).toBe(409);
    const [row] = await t.db.select().from(users).where(eq(users.id, admin.user.id));
    expect(row).toMatchObject({ role: 'admin', approvalStatus: 'approved' });
  });

  it("can't delete herself (409)", async () => {
    const response = await asAdmin('DELETE', `/api/admin/admins/${admin.user.id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: m.selfDelete });
  });
});

describe('POST /api/admin/admins', () => {
  it('creates an approved admin who can sign in to the panel, without returning a hash', async () => {
    const payload = newAdmin();
    const response = await asAdmin('POST', '/api/admin/admins', payload);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ email: payload.email, isAdmin: true, isApproved: true, age: 31 });
    expect(response.body).not.toContain('argon2');
    expect((await adminLogin(payload.email, 'secret1')).statusCode).toBe(200);
    const list = (await asAdmin('GET', '/api/admin/admins')).json();
    expect(list.map((a: { email: string }) => a.email)).toEqual(expect.arrayContaining([payload.email, admin.user.email]));
    expect(list.every((a: { isAdmin: boolean }) => a.isAdmin)).toBe(true);
  });

  const cases: [string, Record<string, unknown>, string][] = [
    ['a malformed email', { email: 'nope', firstName: '' }, m.emailInvalid],
    ['a missing first name', { firstName: undefined, password: '' }, m.firstNameRequired],
    ['a blank last name', { lastName: ' ', password: '' }, m.lastNameRequired],
    ['a 5-character password', { password: '12345' }, m.passwordMin],
    ['a missing password', { password: undefined }, m.passwordMin],
    ['an age below 1', { age: -3 }, m.ageMin],
  ];
  it.each(cases)('refuses %s with its message and creates nothing', async (_name, change, message) => {
    const payload = newAdmin(change);
    const response = await asAdmin('POST', '/api/admin/admins', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
    if (typeof payload.email === 'string') expect(await t.db.select().from(users).where(eq(users.email, payload.email))).toHaveLength(0);
  });

  it('refuses a taken email with 409', async () => {
    const response = await asAdmin('POST', '/api/admin/admins', newAdmin({ email: admin.user.email.toUpperCase() }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: messages.signup.emailTaken });
  });
});

describe('PATCH /api/admin/admins/{id}', () => {
  it('keeps the current password when the password is blank', async () => {
    const payload = newAdmin();
    const { id } = (await asAdmin('POST', '/api/admin/admins', payload)).json();
    const response = await asAdmin('PATCH', `/api/admin/admins/${id}`, { ...payload, firstName: 'Hoda', password: '' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ firstName: 'Hoda' });
    expect((await adminLogin(payload.email, 'secret1')).statusCode).toBe(200);
  });

  it('changes the password when one is given, with the 6-character rule', async () => {
    const payload = newAdmin();
    const { id } = (await asAdmin('POST', '/api/admin/admins', payload)).json();
    const short = await asAdmin('PATCH', `/api/admin/admins/${id}`, { ...payload, password: 'abc' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({ message: m.passwordMin });
    expect((await asAdmin('PATCH', `/api/admin/admins/${id}`, { ...payload, password: 'another1' })).statusCode).toBe(200);
    expect((await adminLogin(payload.email, 'secret1')).statusCode).toBe(401);
    expect((await adminLogin(payload.email, 'another1')).statusCode).toBe(200);
  });

  it('answers 404 for a member or an unknown id', async () => {
    const member = await createUser(t.db);
    const response = await asAdmin('PATCH', `/api/admin/admins/${member.id}`, newAdmin());
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: m.notAnAdmin });
    expect((await asAdmin('PATCH', '/api/admin/admins/999999', newAdmin())).statusCode).toBe(404);
  });
});

describe('PATCH /api/admin/admins/{id}/password', () => {
  it('sets the password, and refuses a short one', async () => {
    const payload = newAdmin();
    const { id } = (await asAdmin('POST', '/api/admin/admins', payload)).json();
    const short = await asAdmin('PATCH', `/api/admin/admins/${id}/password`, { password: '123' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({ message: m.passwordMin });
    expect((await asAdmin('PATCH', `/api/admin/admins/${id}/password`, { password: 'changed9' })).statusCode).toBe(200);
    expect((await adminLogin(payload.email, 'changed9')).statusCode).toBe(200);
    expect((await asAdmin('PATCH', '/api/admin/admins/999999/password', { password: 'changed9' })).statusCode).toBe(404);
  });
});

describe('DELETE /api/admin/admins/{id}', () => {
  it('deletes another admin; her sessions end', async () => {
    const payload = newAdmin();
    const { id } = (await asAdmin('POST', '/api/admin/admins', payload)).json();
    const login = await adminLogin(payload.email, 'secret1');
    const cookie = `session=${login.cookies.find((c) => c.name === 'session')!.value}`;
    const response = await asAdmin('DELETE', `/api/admin/admins/${id}`);
    expect(response.statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/admin/users', cookie })).statusCode).toBe(401);
    expect((await asAdmin('DELETE', `/api/admin/admins/${id}`)).statusCode).toBe(404);
  });

  it('does not delete a member through the admins path', async () => {
    const member = await createUser(t.db);
    expect((await asAdmin('DELETE', `/api/admin/admins/${member.id}`)).statusCode).toBe(404);
    expect((await t.request({ method: 'POST', url: '/api/login', payload: { email: member.email, password: TEST_PASSWORD } })).statusCode).toBe(200);
  });
});

describe('the last admin, when two admins act on each other at once', () => {
  it('always keeps at least one admin, whatever the two do concurrently', async () => {
    const race = await createTestApp();
    try {
      const activeAdmins = async () =>
        (await race.db.select({ id: users.id, role: users.role, approvalStatus: users.approvalStatus }).from(users)).filter(
          (user) => user.role === 'admin' && user.approvalStatus === 'approved',
        );
      type Admin = Awaited<ReturnType<typeof race.signInAs>>;
      const demote = (actor: Admin, target: Admin) =>
        race.request({
          method: 'PATCH',
          url: `/api/admin/users/${target.user.id}`,
          cookie: actor.cookie,
          payload: { email: target.user.email, firstName: 'Rana', lastName: 'Sami', isAdmin: false, isApproved: true },
        });
      const remove = (actor: Admin, target: Admin) => race.request({ method: 'DELETE', url: `/api/admin/admins/${target.user.id}`, cookie: actor.cookie });
      const reject = (actor: Admin, target: Admin) =>
        race.request({ method: 'PATCH', url: `/api/admin/users/${target.user.id}/approval`, cookie: actor.cookie, payload: { isApproved: false } });
      // Made a moderator from the Admin Management tab: no longer an admin either.
      const toModerator = (actor: Admin, target: Admin) =>
        race.request({ method: 'PATCH', url: `/api/admin/admins/${target.user.id}`, cookie: actor.cookie, payload: { email: target.user.email, firstName: 'Rana', lastName: 'Sami', role: 'moderator' } });
      const actions = [remove, demote, reject, toModerator];

      for (let round = 0; round < 16; round++) {
        // Exactly two admins on the site, each about to act on the other.
        await race.db.update(users).set({ role: 'member' });
        const [a, b] = await Promise.all([race.signInAs('admin'), race.signInAs('admin')]);
        const first = actions[round % actions.length]!;
        const second = actions[Math.floor(round / actions.length) % actions.length]!;
        const answers = await Promise.all([first(a, b), second(b, a)]);
        const statuses = answers.map((answer) => answer.statusCode).sort();
        expect(await activeAdmins(), `round ${round}: ${first.name} / ${second.name}`).toHaveLength(1);
        // One goes through. The other is refused as the last admin (409), or, when the first change
        // landed before her request was let in, as no longer an admin (403) or signed out (401).
        expect([[200, 409], [200, 403], [200, 401]]).toContainEqual(statuses);
      }
    } finally {
      await race.close();
    }
  });
});
