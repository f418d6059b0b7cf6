import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogComments, blogLikes } from '#db/schema';
import { createBlog } from '#server/test/content-factories';
import { createTestApp, type TestApp } from '#server/test/test-app';

let t: TestApp;
let member: { cookie: string };
let admin: { cookie: string; user: { id: number } };
let publishedId: number;
let draftId: number;
beforeAll(async () => {
  t = await createTestApp();
  member = await t.signInAs('member');
  admin = await t.signInAs('admin');
  publishedId = (await createBlog(t.db, { title: 'Morning pages', category: 'Productivity', tags: ['journaling', 'habits', 'mornings'], authorId: admin.user.id })).id;
  await createBlog(t.db, { title: 'Saying no kindly', content: 'Boundaries are care.', excerpt: 'On boundaries.', category: 'Relationships', tags: ['boundaries'] });
  draftId = (await createBlog(t.db, { title: 'Secret draft', content: 'Not ready', isPublished: false })).id;
});
afterAll(() => t.close());

const get = (url: string, cookie?: string) => t.request({ method: 'GET', url, cookie });
const send = (method: 'POST' | 'DELETE', url: string, payload?: object, cookie?: string) => t.request({ method, url, payload, cookie });
const titles = (body: { title: string }[]) => body.map((b) => b.title);

describe('GET /api/blogs', () => {
  it('lists published articles newest first in the documented shape', async () => {
    const response = await get('/api/blogs?published=true');
    expect(response.statusCode).toBe(200);
    const list = response.json();
    expect(titles(list)).toEqual(['Saying no kindly', 'Morning pages']);
    expect(Object.keys(list[1]).sort()).toEqual(
      ['author', 'authorName', 'category', 'commentsCount', 'content', 'coverImageUrl', 'createdAt', 'excerpt', 'id', 'isPublished', 'likesCount', 'tags', 'title'].sort(),
    );
    expect(list[1]).toMatchObject({ author: { firstName: 'Lina', lastName: 'T.' }, likesCount: 0, commentsCount: 0, isPublished: true });
    expect(list[0].author).toBeNull();
  });

  it('never serves drafts from the public list, whatever the query or role', async () => {
    expect(titles((await get('/api/blogs?published=false')).json())).not.toContain('Secret draft');
    expect(titles((await get('/api/blogs?published=false', admin.cookie)).json())).not.toContain('Secret draft');
    expect(titles((await get('/api/blogs?search=secret')).json())).toEqual([]);
  });

  it('searches title, excerpt, content and tags case-insensitively, and filters by category', async () => {
    expect(titles((await get('/api/blogs?search=BOUNDARIES%20ARE')).json())).toEqual(['Saying no kindly']);
    expect(titles((await get('/api/blogs?search=habits')).json())).toEqual(['Morning pages']);
    expect(titles((await get('/api/blogs?category=Relationships')).json())).toEqual(['Saying no kindly']);
    expect((await get('/api/blogs?category=all')).json()).toHaveLength(2);
  });

  it('refuses a bad published flag with 400', async () => {
    const response = await get('/api/blogs?published=maybe');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'published must be true or false' });
  });
});

describe('GET /api/blogs/{id}', () => {
  it('serves a published article to visitors', async () => {
    expect((await get(`/api/blogs/${publishedId}`)).json()).toMatchObject({ id: publishedId, title: 'Morning pages', tags: ['journaling', 'habits', 'mornings'] });
  });

  it('carries the body as its markdown and drawn as safe HTML, on the REST and tRPC paths', async () => {
    const { id } = await createBlog(t.db, { title: 'Drawn', content: '## Start small\n\nWrite **one** line. <script>alert(1)</script>' });
    const expected = { content: '## Start small\n\nWrite **one** line. <script>alert(1)</script>', contentHtml: '<h2>Start small</h2>\n<p>Write <strong>one</strong> line. &lt;script&gt;alert(1)&lt;/script&gt;</p>\n' };
    expect((await get(`/api/blogs/${id}`)).json()).toMatchObject(expected);
    const trpc = await get(`/trpc/content.blogs.byId?input=${encodeURIComponent(JSON.stringify({ id }))}`);
    expect(trpc.json().result.data).toMatchObject(expected);
  });

  it("answers the site's page of an article with its body drawn, without the markdown, and drafts to admins only", async () => {
    const { id } = await createBlog(t.db, { title: 'Drawn once', content: 'Write **one** line.' });
    const page = async (articleId: number, cookie?: string) => get(`/trpc/content.blogs.article?input=${encodeURIComponent(JSON.stringify({ id: articleId }))}`, cookie);
    const article = (await page(id)).json().result.data;
    expect(article).toMatchObject({ id, title: 'Drawn once', contentHtml: '<p>Write <strong>one</strong> line.</p>\n' });
    expect(article).not.toHaveProperty('content');
    expect((await page(draftId)).statusCode).toBe(404);
    expect((await page(draftId, member.cookie)).statusCode).toBe(404);
    expect((await page(draftId, admin.cookie)).json().result.data).toMatchObject({ id: draftId, isPublished: false });
  });

  it('answers 404 for a draft to visitors and members, and serves it to admins', async () => {
    expect((await get(`/api/blogs/${draftId}`)).statusCode).toBe(404);
    const response = await get(`/api/blogs/${draftId}`, member.cookie);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Blog not found' });
    expect((await get(`/api/blogs/${draftId}`, admin.cookie)).json()).toMatchObject({ isPublished: false });
  });

  it('answers 404 for an unknown id and 400 for a bad one', async () => {
    expect((await get('/api/blogs/424242')).statusCode).toBe(404);
    expect((await get('/api/blogs/0')).json()).toEqual({ message: 'Invalid id' });
  });
});

describe('blog likes', () => {
  it('answers 401 signed out', async () => {
    expect((await get(`/api/blogs/${publishedId}/liked`)).statusCode).toBe(401);
    expect((await send('POST', `/api/blogs/${publishedId}/like`)).statusCode).toBe(401);
    expect((await send('DELETE', `/api/blogs/${publishedId}/like`)).statusCode).toBe(401);
  });

  it('likes with POST and unlikes with DELETE, both idempotent', async () => {
    expect((await send('POST', `/api/blogs/${publishedId}/like`, undefined, member.cookie)).json()).toEqual({ liked: true });
    expect((await send('POST', `/api/blogs/${publishedId}/like`, undefined, member.cookie)).json()).toEqual({ liked: true });
    expect((await get(`/api/blogs/${publishedId}/liked`, member.cookie)).json()).toEqual({ liked: true });
    expect((await get(`/api/blogs/${publishedId}`)).json().likesCount).toBe(1);
    expect((await send('DELETE', `/api/blogs/${publishedId}/like`, undefined, member.cookie)).json()).toEqual({ liked: false });
    expect((await send('DELETE', `/api/blogs/${publishedId}/like`, undefined, member.cookie)).json()).toEqual({ liked: false });
    expect(await t.db.select().from(blogLikes)).toHaveLength(0);
  });

  it('treats drafts and unknown ids as not found for members', async () => {
    expect((await send('POST', `/api/blogs/${draftId}/like`, undefined, member.cookie)).statusCode).toBe(404);
    expect((await send('POST', '/api/blogs/999999/like', undefined, member.cookie)).statusCode).toBe(404);
    expect((await get(`/api/blogs/${draftId}/liked`, member.cookie)).statusCode).toBe(404);
    // An admin sees drafts, and her like on one.
    expect((await get(`/api/blogs/${draftId}/liked`, admin.cookie)).json()).toEqual({ liked: false });
    expect((await send('DELETE', `/api/blogs/${draftId}/like`, undefined, member.cookie)).statusCode).toBe(404);
    expect(await t.db.select().from(blogLikes)).toHaveLength(0);
  });
});

describe('blog comments', () => {
  it('answers 401 signed out', async () => {
    expect((await send('POST', `/api/blogs/${publishedId}/comments`, { content: 'Hi' })).statusCode).toBe(401);
  });

  it('refuses an empty comment with the rule’s text and stores nothing', async () => {
    const response = await send('POST', `/api/blogs/${publishedId}/comments`, { content: '  ' }, member.cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Please enter a comment' });
    expect(await t.db.select().from(blogComments)).toHaveLength(0);
  });

  it('stores a trimmed comment and lists it to visitors', async () => {
    expect((await send('POST', `/api/blogs/${publishedId}/comments`, { content: ' So true ' }, member.cookie)).statusCode).toBe(201);
    const comments = (await get(`/api/blogs/${publishedId}/comments`)).json();
    expect(comments).toMatchObject([{ content: 'So true', user: { firstName: 'Lina', lastName: 'T.' } }]);
    expect((await get(`/api/blogs/${publishedId}`)).json().commentsCount).toBe(1);
  });

  it('hides a draft’s comments and refuses comments on it', async () => {
    expect((await get(`/api/blogs/${draftId}/comments`)).statusCode).toBe(404);
    expect((await send('POST', `/api/blogs/${draftId}/comments`, { content: 'Hi' }, member.cookie)).statusCode).toBe(404);
    expect((await get('/api/blogs/999999/comments')).statusCode).toBe(404);
  });
});

describe('blog cards (what the site’s list loads)', () => {
  const cards = async (input: object) =>
    (await t.request({ method: 'GET', url: `/trpc/content.blogs.cards?input=${encodeURIComponent(JSON.stringify(input))}` })).json().result.data as Record<string, unknown>[];

  it('lists the same published articles as the API list, with a summary instead of the body', async () => {
    const long = await createBlog(t.db, { title: 'A long read', excerpt: '', content: `# Heading\n\n${'**Slow** mornings help. '.repeat(400)}` });
    const list = (await get('/api/blogs?limit=50')).json() as { id: number }[];
    const page = await cards({ limit: 50 });
    expect(page.map((card) => card.id)).toEqual(list.map((blog) => blog.id));
    for (const card of page) expect(card).not.toHaveProperty('content');
    const longCard = page.find((card) => card.id === long.id)!;
    expect(longCard.summary).toMatch(/^Heading Slow mornings help\. Slow/);
    expect(String(longCard.summary).length).toBeLessThanOrEqual(121);
    expect(page.find((card) => card.id === publishedId)).toMatchObject({ summary: 'A habit that clears the mind.', title: 'Morning pages' });
    // A page of cards stays small however long the articles are.
    expect(JSON.stringify(page).length).toBeLessThan(JSON.stringify(list).length / 4);
  });

  it('searches and never shows drafts, like the list', async () => {
    expect((await cards({ search: 'boundaries' })).map((card) => card.title)).toEqual(['Saying no kindly']);
    expect((await cards({ limit: 50 })).some((card) => card.id === draftId)).toBe(false);
  });
});
