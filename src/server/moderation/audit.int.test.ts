import { desc, eq, gt } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, blogComments, forumComments, forumPosts, newsletterIssues, newsletterSubscriptions, placeSuggestions, places, profileChanges, reports, users, watchedWords } from '#db/schema';
import { createBlog, createEvent, createListing, createPodcast } from '../test/content-factories';
import { createUser } from '../test/factories';
import { listProcedures, listRestRoutes, trpcRequest, type RestRouteInfo } from '../test/procedures';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
let admin: Awaited<ReturnType<TestApp['signInAs']>>;
let restRows: RestRouteInfo[];
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAs('admin');
  restRows = await listRestRoutes();
});
afterAll(() => t.close());

type Entry = typeof auditLog.$inferSelect;
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

const rest = (method: Method, url: string, payload?: object, cookie = admin.cookie) => t.request({ method, url, payload, cookie });
const trpc = (path: string, input: unknown, cookie = admin.cookie) => trpcRequest(t.app, { path, type: 'mutation', input, cookie });

/** The audit entries a change added, oldest first; the change must succeed with `status`. */
async function entriesOf(change: () => Promise<LightMyRequestResponse>, status = 200): Promise<{ entries: Entry[]; response: LightMyRequestResponse }> {
  const [last] = await t.db.select({ id: auditLog.id }).from(auditLog).orderBy(desc(auditLog.id)).limit(1);
  const response = await change();
  expect(response.statusCode, response.body).toBe(status);
  const entries = await t.db.select().from(auditLog).where(gt(auditLog.id, last?.id ?? 0)).orderBy(auditLog.id);
  return { entries, response };
}

const aMember = (firstName: string, lastName: string, status: 'pending' | 'approved' = 'approved') => createUser(t.db, { firstName, lastName, status });

async function aPost(userId: number, title: string, state: 'published' | 'held' = 'published') {
  const [post] = await t.db
    .insert(forumPosts)
    .values({ userId, title, content: 'Twenty characters of content here.', category: 'general', state, holdReason: state === 'held' ? 'new_member' : null })
    .returning();
  return post!;
}

describe('the audit log names the item and what happened to it', () => {
  it('an application approved over REST and one rejected over tRPC: her id, her display name and the outcome', async () => {
    const zeina = await aMember('Zeina', 'Fakhoury', 'pending');
    const approved = await entriesOf(() => rest('PATCH', `/api/admin/users/${zeina.id}/approval`, { isApproved: true }));
    expect(approved.entries).toMatchObject([{ action: 'admin.users.setApproval', adminId: admin.user.id, targetId: zeina.id, summary: "Approved Zeina F.'s application" }]);

    const huda = await aMember('Huda', 'Khalil', 'pending');
    const rejected = await entriesOf(() => trpc('admin.users.setApproval', { userId: huda.id, isApproved: false, reason: 'Not for now' }));
    expect(rejected.entries).toMatchObject([{ targetId: huda.id, summary: "Rejected Huda K.'s application" }]);
    // The summary names her as members see her, never by her last name.
    expect(JSON.stringify([approved.entries[0]!.summary, rejected.entries[0]!.summary])).not.toMatch(/Fakhoury|Khalil/);

    // The admin panel reads the same entries.
    const listed = (await rest('GET', '/api/admin/audit?limit=2')).json() as { targetId: number; summary: string }[];
    expect(listed.map((entry) => [entry.targetId, entry.summary])).toEqual([
      [huda.id, "Rejected Huda K.'s application"],
      [zeina.id, "Approved Zeina F.'s application"],
    ]);
  });

  it('entries kept before changes described themselves are shown with the member and outcome, or the title, stored now', async () => {
    const noor = await aMember('Noor', 'Haddad', 'pending');
    const event = await createEvent(t.db, { title: 'Garden picnic' });
    const gone = 2_000_000;
    // As the log kept them then: the path, the id and the input (no words).
    await t.db.insert(auditLog).values([
      { adminId: admin.user.id, adminName: 'Old Admin', adminRole: 'admin', permission: 'manage:content', action: 'admin.users.setApproval', targetId: noor.id, summary: `admin.users.setApproval: #${noor.id}`, details: { userId: noor.id, isApproved: true } },
      { adminId: admin.user.id, adminName: 'Old Admin', adminRole: 'admin', permission: 'manage:content', action: 'admin.users.suspend', targetId: noor.id, summary: `admin.users.suspend: #${noor.id}`, details: { userId: noor.id } },
      { adminId: admin.user.id, adminName: 'Old Admin', adminRole: 'admin', permission: 'manage:content', action: 'admin.events.update', targetId: event.id, summary: `admin.events.update: #${event.id}`, details: { id: event.id } },
      { adminId: admin.user.id, adminName: 'Old Admin', adminRole: 'admin', permission: 'manage:content', action: 'admin.podcasts.delete', targetId: gone, summary: `admin.podcasts.delete: #${gone}`, details: { id: gone } },
    ]);
    const listed = (await rest('GET', '/api/admin/audit?limit=4')).json() as { targetId: number; summary: string }[];
    expect(listed.map((entry) => entry.summary)).toEqual([`admin.podcasts.delete: #${gone}`, "'Garden picnic'", 'Noor H.', "Approved Noor H.'s application"]);
    expect(JSON.stringify(listed)).not.toMatch(/Haddad|@/);
  });

  it("an admin deleting a member's forum post through the members' DELETE /api/forum/posts/{id}, and through tRPC", async () => {
    const zeina = await aMember('Zeina', 'Fakhoury');
    const first = await aPost(zeina.id, 'Exam stress tips');
    const viaRest = await entriesOf(() => rest('DELETE', `/api/forum/posts/${first.id}`));
    expect(viaRest.entries).toMatchObject([{ action: 'content.forum.delete', adminId: admin.user.id, targetId: first.id, summary: "Deleted Zeina F.'s forum post 'Exam stress tips'" }]);
    expect(await t.db.select().from(forumPosts).where(eq(forumPosts.id, first.id))).toEqual([]);

    const second = await aPost(zeina.id, 'Weekend plans');
    const viaTrpc = await entriesOf(() => trpc('content.forum.delete', { id: second.id }));
    expect(viaTrpc.entries).toMatchObject([{ action: 'content.forum.delete', targetId: second.id, summary: "Deleted Zeina F.'s forum post 'Weekend plans'" }]);
  });

  it('a member deleting her own post or comment, or an admin her own, is no staff action and leaves no entry', async () => {
    const member = await t.signInAs('member', { firstName: 'Rana' });
    const own = await aPost(member.user.id, 'My own thread');
    expect((await entriesOf(() => rest('DELETE', `/api/forum/posts/${own.id}`, undefined, member.cookie))).entries).toEqual([]);
    const adminsOwn = await aPost(admin.user.id, 'An admin thread');
    expect((await entriesOf(() => trpc('content.forum.delete', { id: adminsOwn.id }))).entries).toEqual([]);
    const blog = await createBlog(t.db);
    const [comment] = await t.db.insert(blogComments).values({ blogId: blog.id, userId: member.user.id, content: 'My own words' }).returning();
    expect((await entriesOf(() => rest('DELETE', `/api/comments/blog/${comment!.id}`, undefined, member.cookie))).entries).toEqual([]);
  });

  it("an admin deleting a member's comment: whose, where and what it said, on both APIs", async () => {
    const zeina = await aMember('Zeina', 'Fakhoury');
    const blog = await createBlog(t.db, { title: 'Morning pages' });
    const [onBlog] = await t.db.insert(blogComments).values({ blogId: blog.id, userId: zeina.id, content: 'That is so unkind of you' }).returning();
    const viaRest = await entriesOf(() => rest('DELETE', `/api/comments/blog/${onBlog!.id}`));
    expect(viaRest.entries).toMatchObject([
      { action: 'content.comments.delete', targetId: onBlog!.id, summary: "Deleted Zeina F.'s comment on blog post 'Morning pages': 'That is so unkind of you'" },
    ]);

    const post = await aPost(admin.user.id, 'Study buddies');
    const [onPost] = await t.db.insert(forumComments).values({ postId: post.id, userId: zeina.id, content: 'Go away' }).returning();
    const viaTrpc = await entriesOf(() => trpc('content.comments.delete', { kind: 'forum', id: onPost!.id }));
    expect(viaTrpc.entries).toMatchObject([{ targetId: onPost!.id, summary: "Deleted Zeina F.'s comment on forum post 'Study buddies': 'Go away'" }]);
  });

  it('a newsletter issue written and sent over REST: its id and its subject', async () => {
    await t.db.insert(newsletterSubscriptions).values({ email: 'reader-audit@example.com', frequency: 'monthly', confirmedAt: new Date() });
    const written = await entriesOf(() => rest('POST', '/api/admin/newsletter/issues', { subject: 'November news', markdown: 'Hello **everyone**.', frequency: 'monthly' }), 201);
    const issueId = (written.response.json() as { id: number }).id;
    expect(written.entries).toMatchObject([{ action: 'admin.newsletter.issues.create', targetId: issueId, summary: "Wrote newsletter 'November news' (monthly)" }]);
    const sent = await entriesOf(() => rest('POST', `/api/admin/newsletter/issues/${issueId}/send`));
    expect(sent.entries).toMatchObject([{ action: 'admin.newsletter.issues.send', targetId: issueId, summary: "Sent newsletter 'November news' to 1 subscriber" }]);
  });

  it('an event updated over REST with the id in the path', async () => {
    const event = await createEvent(t.db, { title: 'Book club' });
    const input = { title: 'Poetry night', description: 'We read poems aloud.', location: 'Library', dateTime: '2027-03-01T18:00:00.000Z' };
    const updated = await entriesOf(() => rest('PATCH', `/api/events/${event.id}`, input));
    expect(updated.entries).toMatchObject([{ action: 'admin.events.update', targetId: event.id, summary: "Updated event 'Poetry night'" }]);
  });

  it('keeps no password, token or file bytes', async () => {
    const rana = await aMember('Rana', 'Saleh');
    const { entries } = await entriesOf(() => rest('PATCH', `/api/admin/users/${rana.id}/password`, { password: 'Walked4Secret' }));
    expect(entries).toMatchObject([{ targetId: rana.id, summary: 'Set a new password for Rana S.' }]);
    expect(JSON.stringify(entries)).not.toContain('Walked4Secret');
    expect(entries[0]!.details).not.toHaveProperty('password');
  });
});

// ---------------------------------------------------------------- every admin write

/**
 * One successful call of an admin write: its input, the item the entry must name (a number,
 * 'answer' for the id the answer carries, null when the input names none), and words the
 * summary must hold (the member's display name, the item's title, the outcome).
 */
interface WalkCase {
  input: Record<string, unknown>;
  targetId: number | 'answer' | null;
  words: string[];
}

let serial = 0;
const next = () => `${Date.now().toString(36)}${(serial++).toString(36)}`;

const podcastFields = { description: 'A talk.', category: 'School Life', iframe: 'https://www.youtube.com/embed/abc123', tags: '' };
const listingFields = { description: 'A calm place to study.', category: 'Cafes' };
const eventFields = { description: 'We read together.', location: 'Library', dateTime: '2027-03-01T18:00:00.000Z' };
const blogFields = { content: 'Write three pages.', excerpt: 'A habit that clears the mind.', category: 'Productivity', authorName: 'Maya Haddad' };
const placeFields = { description: 'A calm place with good tea.', category: 'cafe', address: '1 Nile St' };

async function aSuggestion(name: string) {
  const zeina = await aMember('Zeina', 'Fakhoury');
  const [row] = await t.db.insert(placeSuggestions).values({ userId: zeina.id, name, ...placeFields, category: 'cafe' }).returning();
  return row!;
}

async function anIssue(subject: string) {
  const [row] = await t.db.insert(newsletterIssues).values({ subject, markdown: 'Hello.', frequency: 'weekly', createdBy: admin.user.id }).returning();
  return row!;
}

const WALK: Record<string, () => Promise<WalkCase>> = {
  'admin.users.setApproval': async () => {
    const u = await aMember('Zeina', 'Fakhoury', 'pending');
    return { input: { userId: u.id, isApproved: true }, targetId: u.id, words: ['Approved', 'Zeina F.'] };
  },
  'admin.users.update': async () => {
    const u = await aMember('Rana', 'Saleh');
    return { input: { id: u.id, email: u.email, firstName: 'Rana', lastName: 'Saleh', isApproved: true, isAdmin: false }, targetId: u.id, words: ['Rana S.'] };
  },
  'admin.users.setPassword': async () => {
    const u = await aMember('Rana', 'Saleh');
    return { input: { id: u.id, password: 'Walked4Password' }, targetId: u.id, words: ['Rana S.'] };
  },
  'admin.users.suspend': async () => {
    const u = await aMember('Rana', 'Saleh');
    return { input: { id: u.id, days: 3, reason: 'Unkind words' }, targetId: u.id, words: ['Rana S.', '3 days'] };
  },
  'admin.users.unsuspend': async () => {
    const u = await aMember('Rana', 'Saleh');
    await t.db.update(users).set({ suspendedUntil: new Date(Date.now() + 86_400_000), suspensionReason: 'Unkind words' }).where(eq(users.id, u.id));
    return { input: { id: u.id }, targetId: u.id, words: ['Rana S.', 'suspension'] };
  },
  'admin.users.delete': async () => {
    const u = await aMember('Rana', 'Saleh');
    return { input: { id: u.id }, targetId: u.id, words: ['Rana S.'] };
  },
  'admin.admins.create': async () => ({
    input: { email: `admin-${next()}@example.com`, firstName: 'Noor', lastName: 'Haddad', password: 'secret12' },
    targetId: 'answer',
    words: ['Noor H.', 'admin'],
  }),
  'admin.admins.update': async () => {
    const a = await createUser(t.db, { isAdmin: true, firstName: 'Noor', lastName: 'Haddad' });
    return { input: { id: a.id, email: a.email, firstName: 'Noor', lastName: 'Haddad' }, targetId: a.id, words: ['Noor H.'] };
  },
  'admin.admins.setPassword': async () => {
    const a = await createUser(t.db, { isAdmin: true, firstName: 'Noor', lastName: 'Haddad' });
    return { input: { id: a.id, password: 'secret34' }, targetId: a.id, words: ['Noor H.'] };
  },
  'admin.admins.delete': async () => {
    const a = await createUser(t.db, { isAdmin: true, firstName: 'Noor', lastName: 'Haddad' });
    return { input: { id: a.id }, targetId: a.id, words: ['Noor H.'] };
  },
  'admin.podcasts.create': async () => ({ input: { title: 'Walked episode', ...podcastFields }, targetId: 'answer', words: ["'Walked episode'"] }),
  'admin.podcasts.update': async () => {
    const p = await createPodcast(t.db);
    return { input: { id: p.id, title: 'Walked again', ...podcastFields }, targetId: p.id, words: ["'Walked again'"] };
  },
  'admin.podcasts.delete': async () => {
    const p = await createPodcast(t.db, { title: 'Walked away' });
    return { input: { id: p.id }, targetId: p.id, words: ["'Walked away'"] };
  },
  'admin.directory.create': async () => ({ input: { name: 'Jasmine Salon', ...listingFields }, targetId: 'answer', words: ["'Jasmine Salon'"] }),
  'admin.directory.update': async () => {
    const l = await createListing(t.db);
    return { input: { id: l.id, name: 'Lotus Cafe', ...listingFields }, targetId: l.id, words: ["'Lotus Cafe'"] };
  },
  'admin.directory.delete': async () => {
    const l = await createListing(t.db, { name: 'Closed Cafe' });
    return { input: { id: l.id }, targetId: l.id, words: ["'Closed Cafe'"] };
  },
  'admin.events.create': async () => ({ input: { title: 'Craft morning', ...eventFields }, targetId: 'answer', words: ["'Craft morning'"] }),
  'admin.events.update': async () => {
    const e = await createEvent(t.db);
    return { input: { id: e.id, title: 'Poetry night', ...eventFields }, targetId: e.id, words: ["'Poetry night'"] };
  },
  'admin.events.delete': async () => {
    const e = await createEvent(t.db, { title: 'Cancelled picnic' });
    return { input: { id: e.id }, targetId: e.id, words: ["'Cancelled picnic'"] };
  },
  'admin.blogs.create': async () => ({ input: { title: 'Slow mornings', ...blogFields, isPublished: true }, targetId: 'answer', words: ["'Slow mornings'", 'published'] }),
  'admin.blogs.update': async () => {
    const b = await createBlog(t.db, { isPublished: false });
    return { input: { id: b.id, title: 'Evening pages', ...blogFields, isPublished: true }, targetId: b.id, words: ["'Evening pages'", 'published'] };
  },
  'admin.blogs.delete': async () => {
    const b = await createBlog(t.db, { title: 'Old news' });
    return { input: { id: b.id }, targetId: b.id, words: ["'Old news'"] };
  },
  'admin.forum.delete': async () => {
    const zeina = await aMember('Zeina', 'Fakhoury');
    const post = await aPost(zeina.id, 'Exam stress tips');
    return { input: { id: post.id }, targetId: post.id, words: ['Zeina F.', "'Exam stress tips'"] };
  },
  'admin.places.create': async () => ({ input: { name: 'Tea House', ...placeFields }, targetId: 'answer', words: ["'Tea House'"] }),
  'admin.places.update': async () => {
    const [p] = await t.db.insert(places).values({ name: 'Old Tea House', ...placeFields, category: 'cafe' }).returning();
    return { input: { id: p!.id, name: 'New Tea House', ...placeFields }, targetId: p!.id, words: ["'New Tea House'"] };
  },
  'admin.places.delete': async () => {
    const [p] = await t.db.insert(places).values({ name: 'Gone Tea House', ...placeFields, category: 'cafe' }).returning();
    return { input: { id: p!.id }, targetId: p!.id, words: ["'Gone Tea House'"] };
  },
  'admin.places.approve': async () => {
    const s = await aSuggestion('Garden Library');
    return { input: { id: s.id }, targetId: s.id, words: ['Approved', 'Zeina F.', "'Garden Library'"] };
  },
  'admin.places.dismiss': async () => {
    const s = await aSuggestion('Noisy Mall');
    return { input: { id: s.id }, targetId: s.id, words: ['Dismissed', 'Zeina F.', "'Noisy Mall'"] };
  },
  'admin.newsletter.issues.create': async () => ({ input: { subject: 'November news', markdown: 'Hello.', frequency: 'weekly' }, targetId: 'answer', words: ["'November news'"] }),
  'admin.newsletter.issues.test': async () => {
    const issue = await anIssue('Draft news');
    return { input: { id: issue.id }, targetId: issue.id, words: ['test', "'Draft news'"] };
  },
  'admin.newsletter.issues.send': async () => {
    const issue = await anIssue('December news');
    return { input: { id: issue.id }, targetId: issue.id, words: ['Sent', "'December news'"] };
  },
  'admin.uploads.create': async () => ({ input: {}, targetId: null, words: ['/uploads/'] }),
  'admin.watchedWords.create': async () => {
    const word = `walkword${next()}`;
    return { input: { word, action: 'block' }, targetId: 'answer', words: [`'${word}'`] };
  },
  'admin.watchedWords.delete': async () => {
    const [w] = await t.db.insert(watchedWords).values({ word: `walkword${next()}`, action: 'hold', createdBy: admin.user.id }).returning();
    return { input: { id: w!.id }, targetId: w!.id, words: [`'${w!.word}'`] };
  },
  'admin.reports.resolve': async () => {
    const zeina = await aMember('Zeina', 'Fakhoury');
    const reporter = await aMember('Huda', 'Khalil');
    const post = await aPost(zeina.id, 'Buy my things');
    const [report] = await t.db.insert(reports).values({ reporterId: reporter.id, targetType: 'forum_post', targetId: post.id, reason: 'spam' }).returning();
    return { input: { id: report!.id, action: 'hide' }, targetId: report!.id, words: ['Zeina F.', "'Buy my things'", 'hidden'] };
  },
  'admin.moderation.approve': async () => {
    const zeina = await aMember('Zeina', 'Fakhoury');
    const post = await aPost(zeina.id, 'My first post', 'held');
    return { input: { kind: 'forum_post', id: post.id }, targetId: post.id, words: ['Approved', 'Zeina F.', "'My first post'"] };
  },
  'admin.moderation.reject': async () => {
    const zeina = await aMember('Zeina', 'Fakhoury');
    const post = await aPost(zeina.id, 'Meet me alone', 'held');
    return { input: { kind: 'forum_post', id: post.id }, targetId: post.id, words: ['Rejected', 'Zeina F.', "'Meet me alone'"] };
  },
  'admin.moderation.approveProfileChange': async () => {
    const zeina = await aMember('Zeina', 'Fakhoury');
    const [change] = await t.db.insert(profileChanges).values({ userId: zeina.id, changes: { bio: 'Waiting words' } }).returning();
    return { input: { id: change!.id }, targetId: change!.id, words: ['Approved', 'Zeina F.', 'profile change'] };
  },
  'admin.moderation.rejectProfileChange': async () => {
    const zeina = await aMember('Zeina', 'Fakhoury');
    const [change] = await t.db.insert(profileChanges).values({ userId: zeina.id, changes: { bio: 'Waiting words' } }).returning();
    return { input: { id: change!.id }, targetId: change!.id, words: ['Rejected', 'Zeina F.', 'profile change'] };
  },
};

const PNG = Buffer.from(
  '89504E470D0A1A0A0000000D49484452000000010000000108060000001F15C4890000000D4944415478DA63F8FFFF3F0005FE02FEA7D605F20000000049454E44AE426082',
  'hex',
);

/** The one admin write with no JSON door: the multipart upload. */
function uploadRequest() {
  const boundary = '----auditBoundary7MA4YWxkTrZu0gW';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cover.png"\r\nContent-Type: image/png\r\n\r\n`),
    PNG,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.request({ method: 'POST', url: '/api/uploads', cookie: admin.cookie, payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
}

/** The REST row's URL with its path parameters taken from the input; the rest of the input is the body. */
function restCall(row: RestRouteInfo, input: Record<string, unknown>) {
  const params = [...row.url.matchAll(/:([A-Za-z_]+)/g)].map((match) => match[1]!);
  const url = params.reduce((path, name) => path.replace(`:${name}`, encodeURIComponent(String(input[name]))), row.url);
  const body = Object.fromEntries(Object.entries(input).filter(([key]) => !params.includes(key)));
  return rest(row.method as Method, url, Object.keys(body).length ? body : undefined);
}

describe('every admin write, on both APIs', () => {
  const adminWrites = listProcedures()
    .filter((procedure) => procedure.access === 'staff' && procedure.type === 'mutation')
    .map((procedure) => procedure.path);

  it('has a case here (a new admin write needs one)', () => {
    expect(Object.keys(WALK).sort()).toEqual([...adminWrites].sort());
    // The REST rows are found by running them: a row of every admin write but the multipart upload.
    const withRows = new Set(restRows.flatMap((row) => (row.procedure ? [row.procedure.path] : [])));
    expect(adminWrites.filter((path) => !withRows.has(path))).toEqual(['admin.uploads.create']);
  });

  for (const api of ['REST', 'tRPC'] as const) {
    it(`records the item's id and a summary in words, not the procedure's path (${api})`, async () => {
      const problems: string[] = [];
      for (const path of Object.keys(WALK)) {
        const walk = await WALK[path]!();
        const row = restRows.find((candidate) => candidate.procedure?.path === path);
        const call =
          path === 'admin.uploads.create'
            ? uploadRequest
            : api === 'REST'
              ? () => restCall(row!, walk.input)
              : () => trpc(path, walk.input);
        const [last] = await t.db.select({ id: auditLog.id }).from(auditLog).orderBy(desc(auditLog.id)).limit(1);
        const response = await call();
        if (response.statusCode >= 300) {
          problems.push(`${path}: answered ${response.statusCode} ${response.body}`);
          continue;
        }
        const body = response.json() as { id?: number; result?: { data?: { id?: number } } };
        const answerId = (api === 'tRPC' && path !== 'admin.uploads.create' ? body.result?.data?.id : body.id) ?? null;
        const expectedTarget = walk.targetId === 'answer' ? answerId : walk.targetId;
        const entries = await t.db.select().from(auditLog).where(gt(auditLog.id, last?.id ?? 0));
        const entry = entries[0];
        if (entries.length !== 1 || !entry) {
          problems.push(`${path}: ${entries.length} entries`);
          continue;
        }
        if (entry.action !== path) problems.push(`${path}: recorded as ${entry.action}`);
        if (walk.targetId !== null && expectedTarget === null) problems.push(`${path}: the answer carries no id`);
        if (entry.targetId !== expectedTarget) problems.push(`${path}: targetId ${entry.targetId}, expected ${expectedTarget}`);
        if (entry.summary.includes(path) || /^admin\./.test(entry.summary)) problems.push(`${path}: summary is the path: ${entry.summary}`);
        for (const word of walk.words) if (!entry.summary.includes(word)) problems.push(`${path}: summary "${entry.summary}" lacks "${word}"`);
        if (/Walked4Password|secret12|secret34/.test(JSON.stringify(entry))) problems.push(`${path}: keeps a password`);
        const keptKeys = Object.keys((entry.details ?? {}) as object);
        if (keptKeys.some((key) => /password|token|bytes/i.test(key))) problems.push(`${path}: keeps ${keptKeys.join(', ')}`);
      }
      expect(problems).toEqual([]);
    });
  }
});
