import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogComments, podcastComments } from '#db/schema';
import { createBlog, createPodcast } from '../test/content-factories';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * The REST lists page by keyset too: each page's `Link: <…>; rel="next"` header names the next
 * one (the last item as `cursor`), and following it reads the whole list once, in order, while
 * others write. Offset pages keep working; a bad cursor is a 400 that answers nothing else.
 */
let t: TestApp;
let member: Awaited<ReturnType<TestApp['signInAs']>>;

beforeAll(async () => {
  t = await createTestApp();
  member = await t.signInAs('member');
});
afterAll(() => t.close());

/** The target of a `Link` header's rel="next", or undefined. */
function nextLink(link: string | string[] | number | undefined): string | undefined {
  if (typeof link !== 'string') return undefined;
  return /^<([^>]+)>;\s*rel="next"$/.exec(link)?.[1];
}

/** Reads a list by following its Link headers from `first`, calling `between` after each page. */
async function walk(first: string, between: (pageNumber: number) => Promise<void> = async () => {}, cookie?: string) {
  const seen: number[] = [];
  const urls: string[] = [];
  let url: string | undefined = first;
  for (let pageNumber = 0; url && pageNumber < 50; pageNumber++) {
    urls.push(url);
    const response = await t.request({ method: 'GET', url, ...(cookie ? { cookie } : {}) });
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json() as { id: number }[];
    // The answer's body keeps the documented shape: a plain list.
    expect(Array.isArray(page)).toBe(true);
    seen.push(...page.map((item) => item.id));
    url = nextLink(response.headers.link);
    if (url) await between(pageNumber);
  }
  expect(url, 'the list never ended').toBeUndefined();
  return { seen, urls };
}

describe('GET /api/blogs by Link header', () => {
  it('reads every published article once, newest first, even when one is added between two pages', async () => {
    const sameMoment = new Date('2025-03-01T10:00:00Z');
    const existing: number[] = [];
    for (let n = 0; n < 11; n++) {
      existing.push((await createBlog(t.db, { title: `Walked ${n}`, createdAt: n < 4 ? sameMoment : new Date(sameMoment.getTime() + n * 60_000) })).id);
    }
    await createBlog(t.db, { title: 'Walked draft', isPublished: false, createdAt: new Date(sameMoment.getTime() + 5 * 60_000 + 1) });
    const added: number[] = [];
    const { seen, urls } = await walk('/api/blogs?search=Walked&published=true&limit=4', async (pageNumber) => {
      added.push((await createBlog(t.db, { title: `Walked added ${pageNumber}` })).id);
    });
    // Exactly the articles there were, none twice, the draft never.
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort((a, b) => a - b)).toEqual([...existing].sort((a, b) => a - b));
    // The order is the list's: each next page starts where the last one ended.
    const order = (await t.request({ method: 'GET', url: '/api/blogs?search=Walked&published=true&limit=100' })).json() as { id: number }[];
    expect(order.map((item) => item.id).filter((id) => existing.includes(id))).toEqual(seen);
    expect(added).toHaveLength(urls.length - 1);
    // 11 articles in pages of 4: three pages, the last one shorter and without a link.
    expect(urls).toHaveLength(3);
    expect(urls[1]).toMatch(/^\/api\/blogs\?/);
    const second = new URL(urls[1]!, 'http://localhost').searchParams;
    expect(Object.fromEntries(second)).toEqual({ search: 'Walked', published: 'true', limit: '4', cursor: String(seen[3]) });
  });

  it('gives no link after a full page that is the last', async () => {
    for (let n = 0; n < 3; n++) await createBlog(t.db, { title: `Exactly ${n}` });
    const response = await t.request({ method: 'GET', url: '/api/blogs?search=Exactly&limit=3' });
    expect(response.json()).toHaveLength(3);
    expect(response.headers.link).toBeUndefined();
    const shorter = await t.request({ method: 'GET', url: '/api/blogs?search=Exactly&limit=2' });
    expect(nextLink(shorter.headers.link)).toBe(`/api/blogs?search=Exactly&limit=2&cursor=${(shorter.json() as { id: number }[])[1]!.id}`);
  });

  it('still pages by offset, and the link of an offset page goes on by cursor', async () => {
    for (let n = 0; n < 5; n++) await createBlog(t.db, { title: `Offset ${n}` });
    const all = ((await t.request({ method: 'GET', url: '/api/blogs?search=Offset&limit=5' })).json() as { id: number }[]).map((item) => item.id);
    const page = await t.request({ method: 'GET', url: '/api/blogs?search=Offset&limit=2&offset=2' });
    expect(page.statusCode).toBe(200);
    expect((page.json() as { id: number }[]).map((item) => item.id)).toEqual(all.slice(2, 4));
    expect(nextLink(page.headers.link)).toBe(`/api/blogs?search=Offset&limit=2&cursor=${all[3]}`);
    // With a cursor, the offset is ignored (the cursor says where the page starts), and the link drops it.
    const both = await t.request({ method: 'GET', url: `/api/blogs?search=Offset&limit=2&offset=3&cursor=${all[0]}` });
    expect((both.json() as { id: number }[]).map((item) => item.id)).toEqual(all.slice(1, 3));
    expect(nextLink(both.headers.link)).toBe(`/api/blogs?search=Offset&limit=2&cursor=${all[2]}`);
  });

  it('refuses a bad cursor with a message and nothing else', async () => {
    await createBlog(t.db, { title: 'Refused cursor' });
    for (const query of ['cursor=abc', 'cursor=-1', 'cursor=0', 'cursor=1.5', 'cursor=99999999999', 'cursor=', 'cursor=1&cursor=2']) {
      const response = await t.request({ method: 'GET', url: `/api/blogs?${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(Object.keys(response.json()), query).toEqual(['message']);
      expect(response.json().message, query).toMatch(/cursor/);
      expect(response.headers.link, query).toBeUndefined();
    }
  });

  it('gives a cursor that names no article of the list an empty page: nothing tells a draft from a deleted one, nor where it sits', async () => {
    const published = await createBlog(t.db, { title: 'Forged neighbour', createdAt: new Date('2020-01-01T00:00:00Z') });
    const draft = await createBlog(t.db, { title: 'Forged secret draft', isPublished: false, createdAt: new Date('2020-01-02T00:00:00Z') });
    const afterDraft = await t.request({ method: 'GET', url: `/api/blogs?cursor=${draft.id}` });
    expect(afterDraft.statusCode).toBe(200);
    expect(afterDraft.json()).toEqual([]);
    const afterMissing = await t.request({ method: 'GET', url: '/api/blogs?cursor=2147483647' });
    expect(afterMissing.json()).toEqual([]);
    // The article right after the draft is found from a real cursor only.
    const beforeNeighbour = (await t.request({ method: 'GET', url: '/api/blogs?limit=100' })).json() as { id: number }[];
    expect(beforeNeighbour.map((item) => item.id)).toContain(published.id);
  });
});

describe('comments by Link header', () => {
  it("reads a busy article's comments once, oldest first, while new ones arrive", async () => {
    const blog = await createBlog(t.db, { title: 'A long conversation' });
    const first: number[] = [];
    for (let n = 0; n < 9; n++) {
      const [row] = await t.db.insert(blogComments).values({ blogId: blog.id, userId: member.user.id, content: `comment ${n}` }).returning({ id: blogComments.id });
      first.push(row!.id);
    }
    // Held for review, someone else's: never in a visitor's pages, nor usable as her cursor.
    const [held] = await t.db.insert(blogComments).values({ blogId: blog.id, userId: member.user.id, content: 'held one', state: 'held' }).returning({ id: blogComments.id });
    const added: number[] = [];
    const { seen } = await walk(`/api/blogs/${blog.id}/comments?limit=4`, async () => {
      const [row] = await t.db.insert(blogComments).values({ blogId: blog.id, userId: member.user.id, content: 'a new one' }).returning({ id: blogComments.id });
      added.push(row!.id);
    });
    expect(seen).toEqual([...first, ...added]);
    const afterHeld = await t.request({ method: 'GET', url: `/api/blogs/${blog.id}/comments?cursor=${held!.id}` });
    expect(afterHeld.statusCode).toBe(200);
    expect(afterHeld.json()).toEqual([]);
  });

  it("reads a podcast's comments the same way, and another item's comment is no cursor here", async () => {
    const podcast = await createPodcast(t.db, { title: 'Paged podcast' });
    const other = await createPodcast(t.db, { title: 'Another podcast' });
    const ids: number[] = [];
    for (let n = 0; n < 5; n++) {
      const [row] = await t.db.insert(podcastComments).values({ podcastId: podcast.id, userId: member.user.id, content: `comment ${n}` }).returning({ id: podcastComments.id });
      ids.push(row!.id);
    }
    const [elsewhere] = await t.db.insert(podcastComments).values({ podcastId: other.id, userId: member.user.id, content: 'elsewhere' }).returning({ id: podcastComments.id });
    const { seen, urls } = await walk(`/api/podcasts/${podcast.id}/comments?limit=2`);
    expect(seen).toEqual(ids);
    expect(urls).toHaveLength(3);
    const forged = await t.request({ method: 'GET', url: `/api/podcasts/${podcast.id}/comments?cursor=${elsewhere!.id}` });
    expect(forged.json()).toEqual([]);
    const offset = await t.request({ method: 'GET', url: `/api/podcasts/${podcast.id}/comments?limit=2&offset=4` });
    expect((offset.json() as { id: number }[]).map((item) => item.id)).toEqual(ids.slice(4));
    expect(offset.headers.link).toBeUndefined();
  });
});

describe('a page of the largest size', () => {
  it('links on from every full page, and an empty page after the last full one ends the walk', async () => {
    const blog = await createBlog(t.db, { title: 'A hundred comments' });
    const rows = Array.from({ length: 100 }, (_, n) => ({ blogId: blog.id, userId: member.user.id, content: `comment ${n}` }));
    await t.db.insert(blogComments).values(rows);
    const full = await t.request({ method: 'GET', url: `/api/blogs/${blog.id}/comments?limit=100` });
    expect(full.json()).toHaveLength(100);
    const next = await t.request({ method: 'GET', url: nextLink(full.headers.link)! });
    expect(next.json()).toEqual([]);
    expect(next.headers.link).toBeUndefined();
    await t.db.insert(blogComments).values({ blogId: blog.id, userId: member.user.id, content: 'one more' });
    const { seen, urls } = await walk(`/api/blogs/${blog.id}/comments?limit=100`);
    expect(seen).toHaveLength(101);
    expect(urls).toHaveLength(2);
  });
});

describe('admin lists by Link header', () => {
  it('reads the review queue by its kind:id cursor, and the members by id', async () => {
    const admin = await t.signInAs('admin');
    const blog = await createBlog(t.db, { title: 'Held comments' });
    for (let n = 0; n < 3; n++) await t.db.insert(blogComments).values({ blogId: blog.id, userId: member.user.id, content: `held ${n}`, state: 'held' });
    const first = await t.request({ method: 'GET', url: '/api/admin/moderation?limit=1', cookie: admin.cookie });
    expect(first.statusCode, first.body).toBe(200);
    expect(nextLink(first.headers.link)).toMatch(/^\/api\/admin\/moderation\?limit=1&cursor=[a-z_]+%3A\d+$/);
    const { seen } = await walk('/api/admin/moderation?limit=1', undefined, admin.cookie);
    expect(seen.length).toBeGreaterThanOrEqual(3);
    const members = await walk('/api/admin/users?limit=2', undefined, admin.cookie);
    expect(new Set(members.seen).size).toBe(members.seen.length);
    expect(members.seen).toContain(member.user.id);
  });
});
