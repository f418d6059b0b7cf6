import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog, users } from '#db/schema';
import { messages } from '#shared/messages';
import { createEvent, createPodcast, DAY } from '../test/content-factories';
import { createTestApp, sessionCookieFrom, type TestApp } from '../test/test-app';
import { trpcRequest } from '../test/procedures';

const m = messages.moderation;
let t: TestApp;
type Someone = Awaited<ReturnType<TestApp['signInAs']>>;
let admin: Someone;
let member: Someone;
beforeAll(async () => {
  t = await createTestApp();
  [admin, member] = await Promise.all([t.signInAs('admin'), t.signInAs('member')]);
});
afterAll(() => t.close());

const asAdmin = (method: 'POST' | 'DELETE', url: string, payload?: object) => t.request({ method, url, payload, cookie: admin.cookie });

describe('suspending a member', () => {
  it('refuses every write with the end date, while she can still sign in and read; lifting it opens writes again', async () => {
    const podcast = await createPodcast(t.db);
    const event = await createEvent(t.db, { dateTime: new Date(Date.now() + 5 * DAY) });
    const suspended = await asAdmin('POST', `/api/admin/users/${member.user.id}/suspend`, { days: 3, reason: 'Unkind comments in the forum' });
    expect(suspended.statusCode).toBe(200);
    expect(suspended.json()).toMatchObject({ message: m.memberSuspended });
    const until = new Date(suspended.json().suspendedUntil);
    expect(until.getTime() - Date.now()).toBeGreaterThan(3 * DAY - 60_000);
    const expected = m.suspended(until.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }));

    // She signs in again and reads as before.
    const again = await t.request({ method: 'POST', url: '/api/login', payload: { email: member.user.email, password: member.user.password } });
    expect(again.statusCode).toBe(200);
    const cookie = sessionCookieFrom(again);
    expect((await t.request({ method: 'GET', url: '/api/podcasts', cookie })).statusCode).toBe(200);
    const session = (await trpcRequest(t.app, { path: 'auth.session', type: 'query', cookie })).json().result.data;
    expect(session.suspension).toEqual({ until: until.toISOString(), reason: 'Unkind comments in the forum' });

    const writes = [
      t.request({ method: 'POST', url: `/api/podcasts/${podcast.id}/comments`, payload: { content: 'Hello' }, cookie }),
      t.request({ method: 'POST', url: `/api/podcasts/${podcast.id}/like`, cookie }),
      t.request({ method: 'POST', url: `/api/events/${event.id}/rsvp`, cookie }),
      t.request({ method: 'POST', url: '/api/forum/posts', payload: { title: 'Still here', content: 'Twenty characters of content here.', category: 'general' }, cookie }),
      t.request({ method: 'POST', url: '/api/places/suggestions', payload: { name: 'Quiet library', description: 'A calm place to study after school.', category: 'cafe', address: '1 Nile St' }, cookie }),
      trpcRequest(t.app, { path: 'content.directory.expressInterest', type: 'mutation', cookie }),
    ];
    for (const response of await Promise.all(writes)) {
      expect(response.statusCode, response.body).toBe(403);
      expect(response.body).toContain(expected);
    }

    const lifted = await asAdmin('DELETE', `/api/admin/users/${member.user.id}/suspension`);
    expect(lifted.json()).toMatchObject({ message: m.suspensionLifted });
    expect((await t.request({ method: 'POST', url: `/api/podcasts/${podcast.id}/like`, cookie })).statusCode).toBe(200);
    expect((await trpcRequest(t.app, { path: 'auth.session', type: 'query', cookie })).json().result.data.suspension).toBeNull();

    const actions = (await t.db.select().from(auditLog)).map((entry) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(['admin.users.suspend', 'admin.users.unsuspend']));
  });

  it('refuses bad days or reason, admins as targets and unknown members, changing nothing', async () => {
    for (const [payload, message] of [
      [{ days: 0, reason: 'x' }, m.suspendDays],
      [{ days: 366, reason: 'x' }, m.suspendDays],
      [{ days: 2.5, reason: 'x' }, m.suspendDays],
      [{ days: 3, reason: '   ' }, m.suspendReasonRequired],
      [{ days: 3, reason: 'x'.repeat(501) }, m.suspendReasonTooLong],
    ] as const) {
      const response = await asAdmin('POST', `/api/admin/users/${member.user.id}/suspend`, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message });
    }
    const adminTarget = await asAdmin('POST', `/api/admin/users/${admin.user.id}/suspend`, { days: 3, reason: 'Testing' });
    expect(adminTarget.statusCode).toBe(409);
    expect(adminTarget.json()).toEqual({ message: m.adminNotSuspendable });
    expect((await asAdmin('POST', '/api/admin/users/999999/suspend', { days: 3, reason: 'Testing' })).statusCode).toBe(404);
    const stillFree = (await trpcRequest(t.app, { path: 'auth.session', type: 'query', cookie: member.cookie })).json().result.data;
    expect(stillFree.suspension).toBeNull();
  });

  it('ends by itself when its days are over', async () => {
    const other = await t.signInAs('member');
    expect((await asAdmin('POST', `/api/admin/users/${other.user.id}/suspend`, { days: 1, reason: 'Cooling off' })).statusCode).toBe(200);
    await t.db.update(users).set({ suspendedUntil: new Date(Date.now() - 1000) }).where(eq(users.id, other.user.id));
    expect((await trpcRequest(t.app, { path: 'auth.session', type: 'query', cookie: other.cookie })).json().result.data.suspension).toBeNull();
  });
});
