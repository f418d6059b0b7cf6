import { asc, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, blogs, forumComments, forumPosts, reports, users } from '#db/schema';
import { createBlog } from '../test/content-factories';
import { createUser } from '../test/factories';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * The admin panel's lists page by keyset too (`cursor`: the last row shown). While rows are
 * added between two pages, walking a list neither repeats nor skips a row; REST clients keep
 * `limit`/`offset`.
 */
let t: TestApp;
type SignedIn = Awaited<ReturnType<TestApp['signInAs']>>;
let admin: SignedIn;
let member: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAs('admin');
  member = await t.signInAs('member');
});
afterAll(() => t.close());

const MINUTE = 60_000;
/** A moment before any row the tests add while walking, so those come after it. */
const anHourAgo = () => new Date(Date.now() - 60 * MINUTE);

const trpcGet = (who: SignedIn, path: string, input: unknown) =>
  t.request({ method: 'GET', url: `/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`, cookie: who.cookie });

async function trpcQuery<T>(who: SignedIn, path: string, input: unknown): Promise<T> {
  const response = await trpcGet(who, path, input);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { result: { data: T } }).result.data;
}

const restGet = async <T>(url: string): Promise<T> => {
  const response = await t.request({ method: 'GET', url, cookie: admin.cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as T;
};

/**
 * Reads a whole list page by page as the panel's 'Load more' does (the next cursor names the
 * last row of a full page), calling `between` after each page, as others writing meanwhile.
 */
async function readAll<Row, Cursor>(
  path: string,
  input: Record<string, unknown> & { limit: number },
  cursorOf: (row: Row) => Cursor,
  between: (pageNumber: number) => Promise<unknown>,
  who = admin,
): Promise<Row[]> {
  const seen: Row[] = [];
  let cursor: Cursor | undefined;
  for (let pageNumber = 0; pageNumber < 50; pageNumber++) {
    const page = await trpcQuery<Row[]>(who, path, { ...input, ...(cursor === undefined ? {} : { cursor }) });
    seen.push(...page);
    if (page.length < input.limit) return seen;
    cursor = cursorOf(page.at(-1)!);
    await between(pageNumber);
  }
  throw new Error('the list never ended');
}

const byId = (row: { id: number }) => row.id;
const ids = (rows: { id: number }[]) => rows.map(byId);

describe('admin lists walked by cursor while rows are added', () => {
  it('Community Users with a search, newest first: members who join meanwhile are neither repeated nor push anyone off', async () => {
    const before = anHourAgo();
    const existing: number[] = [];
    for (let n = 0; n < 12; n++) {
      const { id } = await createUser(t.db, { firstName: 'Walker' });
      // Five share one creation time: the id breaks the tie.
      await t.db.update(users).set({ createdAt: new Date(before.getTime() + Math.max(0, n - 4) * MINUTE) }).where(eq(users.id, id));
      existing.push(id);
    }
    const expected = ids(await t.db.select({ id: users.id }).from(users).where(eq(users.firstName, 'Walker')).orderBy(desc(users.createdAt), desc(users.id)));
    const seen = await readAll('admin.users.list', { search: 'Walker', limit: 5 }, byId, () => createUser(t.db, { firstName: 'Walker' }));
    expect(ids(seen)).toEqual(expected);
    expect([...expected].sort((a, b) => a - b)).toEqual(existing);
  });

  it('Community Users without a search: every account once, in order', async () => {
    const expected = ids(await t.db.select({ id: users.id }).from(users).orderBy(desc(users.createdAt), desc(users.id)));
    const seen = await readAll('admin.users.list', { limit: 4 }, byId, () => createUser(t.db));
    expect(ids(seen)).toEqual(expected);
  });

  it('Pending Users, oldest first: new applicants arrive once, at the end', async () => {
    const existing: number[] = [];
    for (let n = 0; n < 7; n++) existing.push((await createUser(t.db, { status: 'pending' })).id);
    const added: number[] = [];
    const seen = await readAll('admin.users.pending', { limit: 3 }, byId, async () => {
      added.push((await createUser(t.db, { status: 'pending' })).id);
    });
    expect(ids(seen)).toEqual([...existing, ...added]);
  });

  it('articles, drafts included, newest first', async () => {
    const sameMoment = anHourAgo();
    for (let n = 0; n < 12; n++) {
      await createBlog(t.db, { title: `Admin keyset ${n}`, isPublished: n % 3 !== 0, createdAt: n < 5 ? sameMoment : new Date(sameMoment.getTime() + n * MINUTE) });
    }
    const expected = ids(await t.db.select({ id: blogs.id }).from(blogs).orderBy(desc(blogs.createdAt), desc(blogs.id)));
    const seen = await readAll('admin.blogs.list', { limit: 5 }, byId, (pageNumber) => createBlog(t.db, { title: `Added while reading ${pageNumber}`, isPublished: false }));
    expect(ids(seen)).toEqual(expected);
  });

  it('the audit log, newest first, whole and filtered by action', async () => {
    const sameMoment = anHourAgo();
    const entry = (action: string, createdAt?: Date) => ({ adminId: admin.user.id, adminName: 'Keyset Admin', adminRole: 'admin' as const, permission: 'manage:content', action, summary: `${action} happened`, ...(createdAt ? { createdAt } : {}) });
    for (let n = 0; n < 11; n++) {
      await t.db.insert(auditLog).values(entry(n % 2 ? 'blogs.create' : 'users.update', n < 4 ? sameMoment : new Date(sameMoment.getTime() + n * MINUTE)));
    }
    const addEntry = (action: string) => () => t.db.insert(auditLog).values(entry(action));

    const everything = ids(await t.db.select({ id: auditLog.id }).from(auditLog).orderBy(desc(auditLog.createdAt), desc(auditLog.id)));
    expect(ids(await readAll('admin.audit.list', { limit: 4 }, byId, addEntry('users.update')))).toEqual(everything);

    const created = ids(await t.db.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.action, 'blogs.create')).orderBy(desc(auditLog.createdAt), desc(auditLog.id)));
    expect(created.length).toBeGreaterThan(4);
    expect(ids(await readAll('admin.audit.list', { limit: 2, action: 'blogs.create' }, byId, addEntry('blogs.create')))).toEqual(created);
  });

  it('the review queue, oldest first, across kinds whose ids repeat: new held items arrive once, at the end', async () => {
    const author = await createUser(t.db);
    const [thread] = await t.db.insert(forumPosts).values({ userId: author.id, title: 'A thread', content: 'Somewhere to comment.', category: 'general' }).returning();
    const sameMoment = anHourAgo();
    const held = { userId: author.id, state: 'held' as const, holdReason: 'new_member' as const };
    // Posts and comments alike, some at one moment (kind, then id, breaks the tie), some later.
    for (let n = 0; n < 5; n++) {
      const createdAt = n < 3 ? sameMoment : new Date(sameMoment.getTime() + n * MINUTE);
      await t.db.insert(forumPosts).values({ ...held, title: `Held post ${n}`, content: 'Waiting for a moderator.', category: 'general', createdAt });
      await t.db.insert(forumComments).values({ ...held, postId: thread!.id, content: `Held comment ${n}`, createdAt });
    }
    const key = (item: { kind: string; id: number }) => `${item.kind}:${item.id}`;
    const heldPosts = await t.db.select({ id: forumPosts.id, createdAt: forumPosts.createdAt }).from(forumPosts).where(eq(forumPosts.state, 'held'));
    const heldComments = await t.db.select({ id: forumComments.id, createdAt: forumComments.createdAt }).from(forumComments).where(eq(forumComments.state, 'held'));
    // The queue's order: created at, then the kind (forum posts before forum comments), then the id.
    const expected = [...heldPosts.map((row) => ({ ...row, kind: 'forum_post', rank: 0 })), ...heldComments.map((row) => ({ ...row, kind: 'forum_comment', rank: 1 }))]
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.rank - b.rank || a.id - b.id)
      .map(key);
    // The same ids name a post and a comment: the cursor needs the kind.
    expect(heldPosts.map((row) => row.id).some((id) => heldComments.some((row) => row.id === id))).toBe(true);

    const added: string[] = [];
    const seen = await readAll('admin.moderation.list', { limit: 3 }, key, async () => {
      const [row] = await t.db.insert(forumComments).values({ ...held, postId: thread!.id, content: 'Held meanwhile' }).returning({ id: forumComments.id });
      added.push(`forum_comment:${row!.id}`);
    });
    expect(seen.map(key)).toEqual([...expected, ...added]);

    // REST takes the same cursor, and refuses one that names no kind.
    const rest = await restGet<{ kind: string; id: number }[]>(`/api/admin/moderation?limit=100&cursor=${expected[2]}`);
    expect(rest.map(key)).toEqual([...expected.slice(3), ...added]);
    const bad = await t.request({ method: 'GET', url: '/api/admin/moderation?cursor=12', cookie: admin.cookie });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'cursor must be the kind and id of the last item shown, such as forum_post:12' });
  });

  it('the report queue, open items first and newest report first; her own reports, newest first', async () => {
    const report = async (status: 'open' | 'resolved') => {
      const target = await createUser(t.db);
      const [row] = await t.db.insert(reports).values({ reporterId: member.user.id, targetType: 'member', targetId: target.id, reason: 'spam', status }).returning({ id: reports.id });
      return row!.id;
    };
    for (let n = 0; n < 9; n++) await report(n % 3 ? 'open' : 'resolved');
    type Group = { reportId: number; targetType: string; targetId: number; openReports: number };
    const groupKey = (group: Group) => `${group.targetType}:${group.targetId}`;
    const whole = await trpcQuery<Group[]>(admin, 'admin.reports.list', { limit: 100 });
    const openFlags = whole.map((group) => group.openReports > 0);
    expect(openFlags).toEqual([...openFlags].sort((a, b) => Number(b) - Number(a)));
    for (const part of [whole.filter((group) => group.openReports > 0), whole.filter((group) => group.openReports === 0)]) {
      const newest = part.map((group) => group.reportId);
      expect(newest).toEqual([...newest].sort((a, b) => b - a));
    }

    // New reports of new items lead the queue: a walk already past them neither repeats nor misses anything.
    const seen = await readAll<Group, number>('admin.reports.list', { limit: 2 }, (group) => group.reportId, () => report('open'));
    expect(seen.map(groupKey)).toEqual(whole.map(groupKey));

    const mine = ids(await t.db.select({ id: reports.id }).from(reports).where(eq(reports.reporterId, member.user.id)).orderBy(desc(reports.createdAt), desc(reports.id)));
    expect(ids(await readAll('content.reports.mine', { limit: 4 }, byId, () => report('open'), member))).toEqual(mine);
  });
});

describe('REST keeps limit and offset for the admin lists', () => {
  it('pages by offset when no cursor is given, as before', async () => {
    for (const path of ['/api/admin/users', '/api/admin/pending-users', '/api/admin/blogs', '/api/admin/audit', '/api/admin/reports']) {
      const whole = await restGet<unknown[]>(`${path}?limit=100`);
      expect(whole.length, path).toBeGreaterThan(4);
      expect(await restGet(`${path}?limit=3`), path).toEqual(whole.slice(0, 3));
      expect(await restGet(`${path}?limit=3&offset=2`), path).toEqual(whole.slice(2, 5));
    }
    const held = await restGet<unknown[]>('/api/admin/moderation?limit=100');
    expect(await restGet('/api/admin/moderation?limit=2&offset=3')).toEqual(held.slice(3, 5));
  });

  it('takes the id of the last row shown as the cursor, and refuses anything else with the rule', async () => {
    const whole = await restGet<{ id: number }[]>('/api/admin/audit?limit=100');
    expect(await restGet(`/api/admin/audit?limit=3&cursor=${whole[1]!.id}`)).toEqual(whole.slice(2, 5));
    // A cursor wins over an offset.
    expect(await restGet(`/api/admin/audit?limit=3&offset=7&cursor=${whole[1]!.id}`)).toEqual(whole.slice(2, 5));
    for (const cursor of ['-3', '0', 'last', '1.5']) {
      const response = await trpcGet(admin, 'admin.blogs.list', { cursor });
      expect(response.statusCode, cursor).toBe(400);
      expect(response.json().error.message).toBe('cursor must be the id of the last item shown');
    }
  });

  it('answers an empty page after a row that is gone', async () => {
    const [entry] = await t.db.select({ id: blogs.id }).from(blogs).where(eq(blogs.isPublished, false)).orderBy(asc(blogs.id)).limit(1);
    await t.db.delete(blogs).where(eq(blogs.id, entry!.id));
    expect(await trpcQuery(admin, 'admin.blogs.list', { limit: 5, cursor: entry!.id })).toEqual([]);
  });
});
