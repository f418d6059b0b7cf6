import { afterEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { sessions, users } from '#db/schema';
import { createTestApp, type TestApp } from '../test/test-app';

// The server keeps the sessions it looked up lately (session-cache.ts); these tests check that
// what an admin, the member herself or any statement changes reaches the kept sessions.

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const start = async () => (t = await createTestApp({ sessionCache: true }));
const whoAmI = (app: TestApp, cookie: string) => app.request({ method: 'GET', url: '/api/auth/user', cookie });

/** Asks until `check` holds; a notification from the database takes milliseconds, not seconds. */
async function eventually(check: () => Promise<boolean>) {
  for (let attempt = 0; attempt < 50; attempt++) {
    if (await check()) return true;
    await new Promise((done) => setTimeout(done, 20));
  }
  return false;
}

describe('sessions kept between requests', () => {
  it('answers a member’s next request from the kept session, without reading it again', async () => {
    const app = await start();
    const member = await app.signInAs('member');
    // Signing in changed her row (its last sign-in); once that notice has come, her next lookup is kept.
    await new Promise((done) => setTimeout(done, 200));
    expect((await whoAmI(app, member.cookie)).statusCode).toBe(200);
    // With the notices switched off, the row goes without the server hearing of it: only a
    // kept session still signs her in.
    await app.db.execute(sql`alter table sessions disable trigger sessions_notify_change`);
    await app.db.delete(sessions).where(eq(sessions.userId, member.user.id));
    await app.db.execute(sql`alter table sessions enable trigger sessions_notify_change`);
    expect((await whoAmI(app, member.cookie)).statusCode).toBe(200);
  });

  it('ends a session at once when she signs out', async () => {
    const app = await start();
    const member = await app.signInAs('member');
    expect((await whoAmI(app, member.cookie)).statusCode).toBe(200);
    expect((await app.request({ method: 'POST', url: '/api/logout', cookie: member.cookie })).statusCode).toBe(200);
    expect((await whoAmI(app, member.cookie)).statusCode).toBe(401);
  });

  it('hears of a change made by any statement: a demoted admin loses the admin panel, a rejected member her session', async () => {
    const app = await start();
    const [admin, member] = await Promise.all([app.signInAs('admin'), app.signInAs('member')]);
    const adminList = () => app.request({ method: 'GET', url: '/api/admin/users', cookie: admin.cookie });
    expect((await adminList()).statusCode).toBe(200);
    expect((await whoAmI(app, member.cookie)).statusCode).toBe(200);

    // Straight in the database, as another process or a console would.
    await app.db.update(users).set({ role: 'member' }).where(eq(users.id, admin.user.id));
    await app.db.update(users).set({ approvalStatus: 'rejected' }).where(eq(users.id, member.user.id));
    expect(await eventually(async () => (await adminList()).statusCode === 403)).toBe(true);
    expect(await eventually(async () => (await whoAmI(app, member.cookie)).statusCode === 401)).toBe(true);
  });

  it('refuses a suspended member’s writes once the admin suspends her', async () => {
    const app = await start();
    const [admin, member] = await Promise.all([app.signInAs('admin'), app.signInAs('member')]);
    const post = () =>
      app.request({ method: 'POST', url: '/api/forum/posts', cookie: member.cookie, payload: { title: 'Still here', content: 'Twenty characters of content here.', category: 'general' } });
    expect((await post()).statusCode).toBe(201);
    const suspended = await app.request({ method: 'POST', url: `/api/admin/users/${member.user.id}/suspend`, cookie: admin.cookie, payload: { days: 3, reason: 'Unkind comments' } });
    expect(suspended.statusCode).toBe(200);
    expect(await eventually(async () => (await post()).statusCode === 403)).toBe(true);
  });

  it('reads every session again when the server runs without the cache', async () => {
    const app = (t = await createTestApp({ sessionCache: false }));
    const member = await app.signInAs('member');
    expect((await whoAmI(app, member.cookie)).statusCode).toBe(200);
    await app.db.execute(sql`alter table sessions disable trigger sessions_notify_change`);
    await app.db.delete(sessions).where(eq(sessions.userId, member.user.id));
    await app.db.execute(sql`alter table sessions enable trigger sessions_notify_change`);
    expect((await whoAmI(app, member.cookie)).statusCode).toBe(401);
  });
});
