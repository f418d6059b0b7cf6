import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#db/schema';
import { DIRECTORY_CATEGORIES } from '#shared/categories';
import { messages } from '#shared/messages';
import { createUser, TEST_PASSWORD, type TestUser } from '#server/test/factories';
import { createTestApp, sessionCookieFrom, type TestApp } from '#server/test/test-app';

/**
 * Staff roles: admins make members moderators (and back) on both tabs, `role` shows in the
 * current user and the admin lists, `isAdmin` stays true for admins only, moderators sign in
 * at the admin sign-in, suspend for at most 30 days, and the audit log keeps each entry's role
 * and shows a moderator only the moderation part.
 */
let t: TestApp;
let admin: { user: TestUser; cookie: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAs('admin');
});
afterAll(() => t.close());

type Method = 'GET' | 'PATCH' | 'DELETE' | 'POST';
const as = (cookie: string, method: Method, url: string, payload?: object) => t.request({ method, url, payload, cookie });
const editUser = (cookie: string, person: TestUser, change: object) =>
  as(cookie, 'PATCH', `/api/admin/users/${person.id}`, { email: person.email, firstName: person.firstName, lastName: person.lastName, isApproved: true, ...change });
const roleOf = async (id: number) => (await t.db.select({ role: users.role }).from(users).where(eq(users.id, id)))[0]?.role;
const adminSignIn = (person: TestUser) => t.request({ method: 'POST', url: '/api/admin/login', payload: { username: person.email, password: TEST_PASSWORD } });

describe('PATCH /api/admin/users/{id} with a role', () => {
  it('makes a member a moderator, who signs in at the admin sign-in and sees her role', async () => {
    const zeina = await createUser(t.db, { firstName: 'Zeina', lastName: 'Farouk' });
    const before = await adminSignIn(zeina);
    expect(before.statusCode).toBe(403);
    expect(before.json()).toEqual({ message: messages.access.adminRequired });

    const promoted = await editUser(admin.cookie, zeina, { role: 'moderator' });
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json()).toMatchObject({ id: zeina.id, role: 'moderator', isAdmin: false });

    const signedIn = await adminSignIn(zeina);
    expect(signedIn.statusCode).toBe(200);
    const me = await as(sessionCookieFrom(signedIn), 'GET', '/api/auth/user');
    expect(me.json()).toMatchObject({ id: zeina.id, role: 'moderator', isAdmin: false });
    // The session the panel reads names her permissions: the moderation ones only.
    const session = (await as(sessionCookieFrom(signedIn), 'GET', '/trpc/auth.session')).json() as { result: { data: { permissions: string[] } } };
    expect(session.result.data.permissions).toEqual(['work:review_queue', 'work:reports', 'manage:watched_words', 'suspend:member', 'read:audit_log:own_permissions', 'read:members']);

    const listed = (await as(admin.cookie, 'GET', `/api/admin/users?search=${zeina.email}`)).json() as { id: number; role: string }[];
    expect(listed).toEqual([expect.objectContaining({ id: zeina.id, role: 'moderator', isAdmin: false })]);
    const staff = (await as(admin.cookie, 'GET', '/api/admin/admins')).json() as { id: number; role: string }[];
    expect(staff).toContainEqual(expect.objectContaining({ id: zeina.id, role: 'moderator' }));
  });

  it('keeps a moderator a moderator when an edit sends only isAdmin: false; isAdmin: true makes an admin', async () => {
    const huda = await createUser(t.db, { role: 'moderator' });
    expect((await editUser(admin.cookie, huda, { isAdmin: false, firstName: 'Hoda' })).json()).toMatchObject({ role: 'moderator', firstName: 'Hoda' });
    expect((await editUser(admin.cookie, huda, { isAdmin: true })).json()).toMatchObject({ role: 'admin', isAdmin: true });
    expect((await editUser(admin.cookie, huda, { isAdmin: false })).json()).toMatchObject({ role: 'member', isAdmin: false });
  });

  it('refuses a role it does not know, and changes nothing', async () => {
    const noor = await createUser(t.db);
    const response = await editUser(admin.cookie, noor, { role: 'owner', firstName: 'Changed' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: messages.admin.roleInvalid });
    expect(await roleOf(noor.id)).toBe('member');
  });

  it('demotes a moderator from the Admin Management tab, and never the last admin', async () => {
    const rana = await createUser(t.db, { role: 'moderator' });
    const demoted = await as(admin.cookie, 'PATCH', `/api/admin/admins/${rana.id}`, { email: rana.email, firstName: rana.firstName, lastName: rana.lastName, role: 'member' });
    expect(demoted.json()).toMatchObject({ role: 'member' });
    expect((await as(admin.cookie, 'GET', '/api/admin/admins')).json()).not.toContainEqual(expect.objectContaining({ id: rana.id }));

    const lastAdmin = await t.signInAs('admin');
    // Every other admin of this database becomes a moderator: lastAdmin is then the only one.
    await t.db.update(users).set({ role: 'moderator' }).where(eq(users.role, 'admin'));
    await t.db.update(users).set({ role: 'admin' }).where(eq(users.id, lastAdmin.user.id));
    const self = await as(lastAdmin.cookie, 'PATCH', `/api/admin/admins/${lastAdmin.user.id}`, { email: lastAdmin.user.email, firstName: 'Last', lastName: 'Admin', role: 'moderator' });
    expect(self.statusCode).toBe(409);
    expect(self.json()).toEqual({ message: messages.admin.lastAdminDemote });
    const viaUsers = await editUser(lastAdmin.cookie, lastAdmin.user, { role: 'member', isAdmin: true });
    expect(viaUsers.statusCode).toBe(409);
    expect(await roleOf(lastAdmin.user.id)).toBe('admin');
    await t.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.user.id));
  });

  it('is refused to a moderator (403), who can change no one', async () => {
    const moderator = await t.signInAs('moderator');
    const member = await createUser(t.db);
    const response = await editUser(moderator.cookie, member, { role: 'moderator' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: messages.access.adminRequired });
    expect(await roleOf(member.id)).toBe('member');
  });
});

describe('a moderator at work', () => {
  it('suspends for up to 30 days; longer is refused to her and left to admins', async () => {
    const moderator = await t.signInAs('moderator');
    const member = await createUser(t.db);
    const tooLong = await as(moderator.cookie, 'POST', `/api/admin/users/${member.id}/suspend`, { days: 31, reason: 'Repeated insults' });
    expect(tooLong.statusCode).toBe(403);
    expect(tooLong.json()).toEqual({ message: messages.moderation.suspendTooLong });
    const [untouched] = await t.db.select({ until: users.suspendedUntil }).from(users).where(eq(users.id, member.id));
    expect(untouched?.until).toBeNull();

    expect((await as(moderator.cookie, 'POST', `/api/admin/users/${member.id}/suspend`, { days: 30, reason: 'Repeated insults' })).statusCode).toBe(200);
    expect((await as(admin.cookie, 'POST', `/api/admin/users/${member.id}/suspend`, { days: 90, reason: 'Repeated insults' })).statusCode).toBe(200);
  });

  it("can't suspend staff, nor suspend for longer through a report's decision", async () => {
    const moderator = await t.signInAs('moderator');
    const other = await createUser(t.db, { role: 'moderator' });
    const staff = await as(moderator.cookie, 'POST', `/api/admin/users/${other.id}/suspend`, { days: 3, reason: 'Test' });
    expect(staff.statusCode).toBe(409);
    expect(staff.json()).toEqual({ message: messages.moderation.adminNotSuspendable });

    const author = await t.signInAs('member');
    const post = (await as(author.cookie, 'POST', '/api/forum/posts', { title: 'A post to report', content: 'Something members reported.', category: 'general' })).json() as { id: number };
    const reporter = await t.signInAs('member');
    const report = await as(reporter.cookie, 'POST', '/api/reports', { targetType: 'forum_post', targetId: post.id, reason: 'spam' });
    const { id } = report.json() as { id: number };
    const longer = await as(moderator.cookie, 'POST', `/api/admin/reports/${id}/resolve`, { action: 'suspend', days: 60 });
    expect(longer.statusCode).toBe(403);
    expect(longer.json()).toEqual({ message: messages.moderation.suspendTooLong });
    const decided = await as(moderator.cookie, 'POST', `/api/admin/reports/${id}/resolve`, { action: 'delete' });
    expect(decided.statusCode).toBe(200);
  });

  it("acts on reports about members' writing only: staff's posts and the site's listings are left to admins, who may act on them", async () => {
    const moderator = await t.signInAs('moderator');
    const otherModerator = await t.signInAs('moderator');
    const post = (await as(otherModerator.cookie, 'POST', '/api/forum/posts', { title: 'A moderator writes', content: 'Something a member reported anyway.', category: 'general' })).json() as { id: number };
    const reporter = await t.signInAs('member');
    const report = (await as(reporter.cookie, 'POST', '/api/reports', { targetType: 'forum_post', targetId: post.id, reason: 'spam' })).json() as { id: number };
    for (const decision of [{ action: 'hide' }, { action: 'delete' }, { action: 'suspend', days: 3 }]) {
      const refused = await as(moderator.cookie, 'POST', `/api/admin/reports/${report.id}/resolve`, decision);
      expect(refused.statusCode, decision.action).toBe(403);
      expect(refused.json()).toEqual({ message: messages.access.adminRequired });
    }
    const listing = (await as(admin.cookie, 'POST', '/api/directory', { name: 'A listed café', description: 'Quiet tables for studying after school.', category: DIRECTORY_CATEGORIES[0], address: '1 Nile Street', phone: '0123456789', email: 'cafe@example.com', website: 'https://cafe.example.com' })).json() as { id: number };
    const listingReport = (await as(reporter.cookie, 'POST', '/api/reports', { targetType: 'listing', targetId: listing.id, reason: 'spam' })).json() as { id: number };
    expect((await as(moderator.cookie, 'POST', `/api/admin/reports/${listingReport.id}/resolve`, { action: 'hide' })).statusCode).toBe(403);
    // Nothing changed: the admin still finds both to decide.
    expect((await as(admin.cookie, 'POST', `/api/admin/reports/${report.id}/resolve`, { action: 'hide' })).statusCode).toBe(200);
    expect((await as(moderator.cookie, 'POST', `/api/admin/reports/${listingReport.id}/resolve`, { action: 'dismiss' })).statusCode).toBe(200);
  });

  it('lists members by display name, join date and counts, searchable by first name only', async () => {
    const moderator = await t.signInAs('moderator');
    const author = await t.signInAs('member', { firstName: 'Yasmin' });
    await as(author.cookie, 'POST', '/api/forum/posts', { title: 'Yasmin writes', content: 'A few words of mine.', category: 'general' });
    const found = (await as(moderator.cookie, 'GET', '/api/admin/members?search=yasm')).json() as object[];
    expect(found).toEqual([{ id: author.user.id, firstName: 'Yasmin', lastName: 'T.', createdAt: expect.any(String), posts: 1, comments: 0, suspendedUntil: null }]);
    expect((await as(moderator.cookie, 'GET', `/api/admin/members?search=${author.user.lastName}`)).json()).toEqual([]);
    expect((await as(moderator.cookie, 'GET', `/api/admin/members?search=${encodeURIComponent(author.user.email)}`)).json()).toEqual([]);
  });

  it("deletes members' posts and comments, never staff's; admins delete anyone's", async () => {
    const moderator = await t.signInAs('moderator');
    const member = await t.signInAs('member');
    const otherModerator = await t.signInAs('moderator');
    const write = async (cookie: string) => {
      const post = (await as(cookie, 'POST', '/api/forum/posts', { title: 'A post by someone', content: 'Some words for the forum.', category: 'general' })).json() as { id: number };
      const comment = (await as(cookie, 'POST', `/api/forum/posts/${post.id}/comments`, { content: 'A comment of hers' })).json() as { id: number };
      return { post: post.id, comment: comment.id };
    };
    const members = await write(member.cookie);
    const staffs = await write(otherModerator.cookie);
    const shown = (await as(moderator.cookie, 'GET', '/api/forum/posts?limit=50')).json() as { items?: { id: number; canDelete: boolean }[] } | { id: number; canDelete: boolean }[];
    const posts = Array.isArray(shown) ? shown : (shown.items ?? []);
    expect(posts.find((post) => post.id === members.post)?.canDelete).toBe(true);
    expect(posts.find((post) => post.id === staffs.post)?.canDelete).toBe(false);

    expect((await as(moderator.cookie, 'DELETE', `/api/comments/forum/${staffs.comment}`)).statusCode).toBe(403);
    expect((await as(moderator.cookie, 'DELETE', `/api/forum/posts/${staffs.post}`)).statusCode).toBe(403);
    expect((await as(moderator.cookie, 'DELETE', `/api/comments/forum/${members.comment}`)).statusCode).toBe(200);
    expect((await as(moderator.cookie, 'DELETE', `/api/forum/posts/${members.post}`)).statusCode).toBe(200);
    expect((await as(admin.cookie, 'DELETE', `/api/forum/posts/${staffs.post}`)).statusCode).toBe(200);

    const log = (await as(admin.cookie, 'GET', '/api/admin/audit?limit=50')).json() as { action: string; adminId: number }[];
    expect(log.filter((entry) => entry.adminId === moderator.user.id).map((entry) => entry.action).sort()).toEqual(['content.comments.delete', 'content.forum.delete']);
  });

  it('leaves entries with her role in the audit log, and reads only its moderation part', async () => {
    const moderator = await t.signInAs('moderator', { firstName: 'Salma' });
    const word = await as(moderator.cookie, 'POST', '/api/admin/watched-words', { word: 'roleword', action: 'block' });
    expect(word.statusCode).toBe(201);
    const member = await createUser(t.db);
    await editUser(admin.cookie, member, { firstName: 'Edited' });

    const asAdmin = (await as(admin.cookie, 'GET', '/api/admin/audit?limit=50')).json() as { action: string; adminRole: string; adminId: number }[];
    expect(asAdmin).toContainEqual(expect.objectContaining({ action: 'admin.watchedWords.create', adminRole: 'moderator', adminId: moderator.user.id }));
    expect(asAdmin).toContainEqual(expect.objectContaining({ action: 'admin.users.update', adminRole: 'admin' }));

    const asModerator = (await as(moderator.cookie, 'GET', '/api/admin/audit?limit=50')).json() as { action: string; adminName: string }[];
    expect(asModerator).toContainEqual(expect.objectContaining({ action: 'admin.watchedWords.create', adminName: 'Salma T.' }));
    expect(asModerator.map((entry) => entry.action)).not.toContain('admin.users.update');
    expect(asModerator.every((entry) => ['admin.watchedWords.create', 'admin.users.suspend', 'admin.reports.resolve', 'content.forum.delete', 'content.comments.delete'].includes(entry.action))).toBe(true);
  });
});
