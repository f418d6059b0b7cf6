import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forumComments, forumPostLikes, forumPosts } from '#db/schema';
import { messages } from '#shared/messages';
import { DEFAULT_RATE_LIMITS } from '#server/auth/rate-limit';
import { createUser } from '#server/test/factories';
import { createTestApp, type TestApp } from '#server/test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const validPost = (change: Record<string, unknown> = {}) => ({
  title: 'Study playlists that help',
  content: 'Which playlists help you focus during exam season? Share yours!',
  category: 'lifestyle',
  ...change,
});

const createPost = (cookie: string | undefined, payload: Record<string, unknown> = validPost()) =>
  t.request({ method: 'POST', url: '/api/forum/posts', payload, cookie });

/** A post written straight into the database at a given time. */
async function insertPost(userId: number, createdAt: Date, change: Partial<typeof forumPosts.$inferInsert> = {}) {
  const [row] = await t.db
    .insert(forumPosts)
    .values({ userId, title: 'A seeded conversation', content: 'Twenty characters or more of content.', category: 'general', createdAt, ...change })
    .returning({ id: forumPosts.id });
  return row!.id;
}

describe('POST /api/forum/posts', () => {
  it('answers 401 signed out and stores nothing', async () => {
    const payload = validPost({ title: 'Signed out attempt' });
    const response = await createPost(undefined, payload);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: messages.access.authRequired });
    expect(await t.db.select().from(forumPosts).where(eq(forumPosts.title, 'Signed out attempt'))).toHaveLength(0);
  });

  it('stores a trimmed post by a member and answers it with author, zero counts and isMine', async () => {
    const { user, cookie } = await t.signInAs('member');
    const response = await createPost(cookie, validPost({ title: '  Study playlists that help  ' }));
    expect(response.statusCode).toBe(201);
    const post = response.json();
    expect(post).toMatchObject({
      title: 'Study playlists that help',
      content: validPost().content,
      category: 'lifestyle',
      author: { firstName: user.firstName, lastName: `${user.lastName[0]}.` },
      likes: 0,
      comments: 0,
      likedByMe: false,
      isMine: true,
    });
    expect(Date.now() - new Date(post.createdAt).getTime()).toBeLessThan(60_000);
    // Others see first name and last initial, and no member id.
    expect(Object.keys(post.author).sort()).toEqual(['firstName', 'lastName']);
    const [row] = await t.db.select().from(forumPosts).where(eq(forumPosts.id, post.id));
    expect(row).toMatchObject({ userId: user.id, title: 'Study playlists that help' });
  });

  // The forum post rules in order (title, content, category); each payload also breaks the later rules.
  const m = messages.forum;
  const cases: [string, Record<string, unknown>, string][] = [
    ['a short title', { title: 'Hey', content: 'short', category: 'nope' }, m.titleLength],
    ['a title of spaces', { title: '         ', content: 'short' }, m.titleLength],
    ['a missing title', { title: undefined }, m.titleLength],
    ['short content', { content: 'Too short to post', category: 'nope' }, m.contentLength],
    ['content padded with spaces', { content: '   tiny      text         ' }, m.contentLength],
    ['an unknown category', { category: 'gossip' }, m.categoryInvalid],
    ['a missing category', { category: undefined }, m.categoryInvalid],
    ['a title that is too long', { title: 'x'.repeat(151) }, m.titleMax],
    ['a NUL character in the content', { content: 'Twenty characters and a \u0000 that PostgreSQL refuses' }, messages.http.unsupportedCharacters],
  ];
  it.each(cases)('refuses %s with its message and stores nothing', async (_name, change, message) => {
    const { user, cookie } = await t.signInAs('member');
    const response = await createPost(cookie, validPost(change));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
    expect(await t.db.select().from(forumPosts).where(eq(forumPosts.userId, user.id))).toHaveLength(0);
  });

  it('limits posts per member with 429', async () => {
    const limited = await createTestApp({ rateLimits: DEFAULT_RATE_LIMITS });
    try {
      const { cookie } = await limited.signInAs('member');
      const post = () => limited.request({ method: 'POST', url: '/api/forum/posts', payload: validPost(), cookie });
      for (let i = 0; i < DEFAULT_RATE_LIMITS.post.max; i++) expect((await post()).statusCode).toBe(201);
      const refused = await post();
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ message: messages.access.rateLimited });
      // Another member is counted separately.
      const other = await limited.signInAs('member');
      expect((await limited.request({ method: 'POST', url: '/api/forum/posts', payload: validPost(), cookie: other.cookie })).statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });
});

describe('GET /api/forum/posts', () => {
  it('lists posts newest first with counts, to visitors and members', async () => {
    const author = await createUser(t.db, { firstName: 'Rania' });
    const reader = await t.signInAs('member');
    const base = Date.now() - 365 * 86_400_000; // older than every post the other tests create now
    const older = await insertPost(author.id, new Date(base), { title: 'Older post in wellness', category: 'wellness' });
    const newer = await insertPost(author.id, new Date(base + 60_000), { title: 'Newer post in career', category: 'career' });
    await t.db.insert(forumPostLikes).values({ postId: older, userId: reader.user.id });
    await t.db.insert(forumComments).values({ postId: older, userId: author.id, content: 'First!' });

    const visitor = (await t.request({ method: 'GET', url: '/api/forum/posts?limit=100' })).json();
    const ids = visitor.items.map((p: { id: number }) => p.id);
    expect(ids.indexOf(newer)).toBeLessThan(ids.indexOf(older));
    const olderAsVisitor = visitor.items.find((p: { id: number }) => p.id === older);
    expect(olderAsVisitor).toMatchObject({ likes: 1, comments: 1, likedByMe: false, isMine: false, author: { firstName: 'Rania' } });
    const times = visitor.items.map((p: { createdAt: string }) => new Date(p.createdAt).getTime());
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    const member = (await t.request({ method: 'GET', url: '/api/forum/posts?limit=100', cookie: reader.cookie })).json();
    expect(member.items.find((p: { id: number }) => p.id === older)).toMatchObject({ likedByMe: true, isMine: false });
    expect(JSON.stringify(member)).not.toMatch(/argon2|passwordHash|email/);
  });

  it('filters by category, and treats all as no filter', async () => {
    const author = await createUser(t.db);
    await insertPost(author.id, new Date(), { category: 'relationships', title: 'Relationships filter check' });
    const filtered = (await t.request({ method: 'GET', url: '/api/forum/posts?category=relationships' })).json();
    expect(filtered.items.length).toBeGreaterThan(0);
    expect(filtered.items.every((p: { category: string }) => p.category === 'relationships')).toBe(true);
    const all = (await t.request({ method: 'GET', url: '/api/forum/posts?category=all&limit=100' })).json();
    expect(all.items.length).toBeGreaterThan(filtered.items.length);
    const bad = await t.request({ method: 'GET', url: '/api/forum/posts?category=gossip' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: messages.forum.categoryInvalid });
  });

  it('pages with limit and cursor without gaps or repeats', async () => {
    const author = await createUser(t.db);
    // Same timestamp for all: the id breaks ties, so paging stays stable.
    const at = new Date(Date.now() - 2 * 365 * 86_400_000);
    for (let i = 0; i < 5; i++) await insertPost(author.id, at, { category: 'career', title: `Paged post ${i}` });
    const all = (await t.request({ method: 'GET', url: '/api/forum/posts?category=career&limit=100' })).json().items.map((p: { id: number }) => p.id);
    const seen: number[] = [];
    let cursor: number | null = null;
    do {
      const query: string = `/api/forum/posts?category=career&limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const page = (await t.request({ method: 'GET', url: query })).json();
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((p: { id: number }) => p.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all);
  });

  it('refuses a bad limit or cursor with 400', async () => {
    for (const url of ['/api/forum/posts?limit=0', '/api/forum/posts?limit=101', '/api/forum/posts?limit=abc', '/api/forum/posts?cursor=-1']) {
      const response = await t.request({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toHaveProperty('message');
    }
  });

  it('takes a null cursor as the first page, as the browser refetches a first page the server drew', async () => {
    const list = (input: object) => t.request({ method: 'GET', url: `/trpc/content.forum.list?input=${encodeURIComponent(JSON.stringify(input))}` });
    const first = await list({ limit: 3 });
    const refetched = await list({ limit: 3, cursor: null });
    expect(refetched.statusCode).toBe(200);
    expect(refetched.json().result.data).toEqual(first.json().result.data);
  });

  it('serves the same list through tRPC', async () => {
    const response = await t.request({ method: 'GET', url: `/trpc/content.forum.list?input=${encodeURIComponent(JSON.stringify({ limit: 1 }))}` });
    expect(response.statusCode).toBe(200);
    expect(response.json().result.data.items).toHaveLength(1);
  });

  it('answers one post by id, 404 for an unknown one', async () => {
    const author = await createUser(t.db);
    const id = await insertPost(author.id, new Date());
    expect((await t.request({ method: 'GET', url: `/api/forum/posts/${id}` })).json()).toMatchObject({ id, likes: 0 });
    const missing = await t.request({ method: 'GET', url: '/api/forum/posts/999999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: messages.forum.notFound });
  });
});

describe('POST /api/forum/posts/{id}/like', () => {
  it('toggles the like of a member and answers the new state', async () => {
    const author = await createUser(t.db);
    const id = await insertPost(author.id, new Date());
    const { cookie } = await t.signInAs('member');
    const like = () => t.request({ method: 'POST', url: `/api/forum/posts/${id}/like`, cookie });
    expect((await like()).json()).toEqual({ liked: true, likes: 1 });
    expect((await t.request({ method: 'GET', url: `/api/forum/posts/${id}`, cookie })).json()).toMatchObject({ likes: 1, likedByMe: true });
    expect((await like()).json()).toEqual({ liked: false, likes: 0 });
    expect(await t.db.select().from(forumPostLikes).where(eq(forumPostLikes.postId, id))).toHaveLength(0);
  });

  it('counts the other members’ likes with hers, as the post then shows', async () => {
    const author = await createUser(t.db);
    const id = await insertPost(author.id, new Date());
    const [first, second] = await Promise.all([t.signInAs('member'), t.signInAs('member')]);
    const like = (cookie: string) => t.request({ method: 'POST', url: `/api/forum/posts/${id}/like`, cookie });
    expect((await like(first.cookie)).json()).toEqual({ liked: true, likes: 1 });
    expect((await like(second.cookie)).json()).toEqual({ liked: true, likes: 2 });
    expect((await like(first.cookie)).json()).toEqual({ liked: false, likes: 1 });
    expect((await t.request({ method: 'GET', url: `/api/forum/posts/${id}` })).json()).toMatchObject({ likes: 1 });
  });

  it('answers 401 signed out, 404 for an unknown post and 400 for a bad id', async () => {
    const author = await createUser(t.db);
    const id = await insertPost(author.id, new Date());
    expect((await t.request({ method: 'POST', url: `/api/forum/posts/${id}/like` })).statusCode).toBe(401);
    const { cookie } = await t.signInAs('member');
    expect((await t.request({ method: 'POST', url: '/api/forum/posts/999999/like', cookie })).statusCode).toBe(404);
    const bad = await t.request({ method: 'POST', url: '/api/forum/posts/abc/like', cookie });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: messages.http.invalidId });
  });
});

describe('forum comments', () => {
  it('lets visitors read and members add comments, oldest first', async () => {
    const author = await createUser(t.db);
    const id = await insertPost(author.id, new Date());
    const { user, cookie } = await t.signInAs('member');
    const add = (content: string) => t.request({ method: 'POST', url: `/api/forum/posts/${id}/comments`, payload: { content }, cookie });
    const first = await add('  Thanks for sharing this!  ');
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ content: 'Thanks for sharing this!', user: { firstName: user.firstName, lastName: `${user.lastName[0]}.` } });
    await add('A second thought.');

    const list = await t.request({ method: 'GET', url: `/api/forum/posts/${id}/comments` });
    expect(list.statusCode).toBe(200);
    expect(list.json().map((c: { content: string }) => c.content)).toEqual(['Thanks for sharing this!', 'A second thought.']);
    expect(Object.keys(list.json()[0]).sort()).toEqual(['authorId', 'canDelete', 'content', 'createdAt', 'id', 'isMine', 'parentId', 'user', 'waitingForReview']);
    expect((await t.request({ method: 'GET', url: `/api/forum/posts/${id}` })).json().comments).toBe(2);
  });

  it('refuses an empty comment, a visitor and an unknown post', async () => {
    const author = await createUser(t.db);
    const id = await insertPost(author.id, new Date());
    const { cookie } = await t.signInAs('member');
    const empty = await t.request({ method: 'POST', url: `/api/forum/posts/${id}/comments`, payload: { content: '    ' }, cookie });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ message: messages.comments.contentRequired });
    const visitor = await t.request({ method: 'POST', url: `/api/forum/posts/${id}/comments`, payload: { content: 'Hello there' } });
    expect(visitor.statusCode).toBe(401);
    expect(await t.db.select().from(forumComments).where(eq(forumComments.postId, id))).toHaveLength(0);
    expect((await t.request({ method: 'POST', url: '/api/forum/posts/999999/comments', payload: { content: 'Hello' }, cookie })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: '/api/forum/posts/999999/comments' })).statusCode).toBe(404);
  });

  it('limits comments per member with 429', async () => {
    const limited = await createTestApp({ rateLimits: DEFAULT_RATE_LIMITS });
    try {
      const author = await createUser(limited.db);
      const [post] = await limited.db.insert(forumPosts).values({ userId: author.id, title: 'Rate limit', content: 'Twenty characters of content here.', category: 'general' }).returning();
      const { cookie } = await limited.signInAs('member');
      const comment = () => limited.request({ method: 'POST', url: `/api/forum/posts/${post!.id}/comments`, payload: { content: 'Nice!' }, cookie });
      for (let i = 0; i < DEFAULT_RATE_LIMITS.comment.max; i++) expect((await comment()).statusCode).toBe(201);
      expect((await comment()).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('DELETE /api/forum/posts/{id}', () => {
  it('lets the author delete her post with its likes and comments', async () => {
    const { user, cookie } = await t.signInAs('member');
    const id = await insertPost(user.id, new Date());
    await t.db.insert(forumPostLikes).values({ postId: id, userId: user.id });
    await t.db.insert(forumComments).values({ postId: id, userId: user.id, content: 'Bye' });
    const response = await t.request({ method: 'DELETE', url: `/api/forum/posts/${id}`, cookie });
    expect(response.statusCode).toBe(200);
    expect(await t.db.select().from(forumPosts).where(eq(forumPosts.id, id))).toHaveLength(0);
    expect(await t.db.select().from(forumComments).where(eq(forumComments.postId, id))).toHaveLength(0);
    expect(await t.db.select().from(forumPostLikes).where(eq(forumPostLikes.postId, id))).toHaveLength(0);
  });

  it('lets an admin delete any post', async () => {
    const author = await createUser(t.db);
    const id = await insertPost(author.id, new Date());
    const { cookie } = await t.signInAs('admin');
    expect((await t.request({ method: 'DELETE', url: `/api/forum/posts/${id}`, cookie })).statusCode).toBe(200);
    expect(await t.db.select().from(forumPosts).where(eq(forumPosts.id, id))).toHaveLength(0);
  });

  it("refuses another member's post with 403, a visitor with 401, an unknown post with 404", async () => {
    const author = await createUser(t.db);
    const id = await insertPost(author.id, new Date());
    const { cookie } = await t.signInAs('member');
    const other = await t.request({ method: 'DELETE', url: `/api/forum/posts/${id}`, cookie });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ message: messages.forum.deleteForbidden });
    expect((await t.request({ method: 'DELETE', url: `/api/forum/posts/${id}` })).statusCode).toBe(401);
    expect(await t.db.select().from(forumPosts).where(eq(forumPosts.id, id))).toHaveLength(1);
    const missing = await t.request({ method: 'DELETE', url: '/api/forum/posts/999999', cookie });
    expect(missing.statusCode).toBe(404);
  });
});
