import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogComments } from '#db/schema';
import { DAY, createBlog, createEvent } from '../test/content-factories';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * The site's lists page by keyset (`cursor`: the id of the last item shown). While members
 * add items between two pages, the next page neither repeats nor skips anything; offset pages
 * (kept for REST clients) would repeat.
 */
let t: TestApp;
let member: Awaited<ReturnType<TestApp['signInAs']>>;

beforeAll(async () => {
  t = await createTestApp();
  member = await t.signInAs('member');
});
afterAll(() => t.close());

async function trpcQuery<T>(path: string, input: unknown): Promise<T> {
  const response = await t.request({ method: 'GET', url: `/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`, cookie: member.cookie });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { result: { data: T } }).result.data;
}

/** Reads a whole list page by page, calling `between` after each page, as a member scrolling while others write. */
async function readAll(path: string, input: Record<string, unknown>, between: (pageNumber: number) => Promise<void>) {
  const seen: number[] = [];
  let cursor: number | undefined;
  for (let pageNumber = 0; pageNumber < 50; pageNumber++) {
    const page = await trpcQuery<{ id: number }[]>(path, { ...input, ...(cursor === undefined ? {} : { cursor }) });
    seen.push(...page.map((item) => item.id));
    if (page.length < (input.limit as number)) return seen;
    cursor = page.at(-1)!.id;
    await between(pageNumber);
  }
  throw new Error('the list never ended');
}

describe('keyset pages while items are added', () => {
  it('newest-first articles: new articles above the cursor are neither repeated nor push anything off', async () => {
    // Five articles share one creation time: the id breaks the tie.
    const sameMoment = new Date('2026-01-01T10:00:00Z');
    const existing = [];
    for (let n = 0; n < 12; n++) existing.push((await createBlog(t.db, { title: `Keyset ${n}`, createdAt: n < 5 ? sameMoment : new Date(sameMoment.getTime() + n * 60_000) })).id);
    const seen = await readAll('content.blogs.cards', { limit: 5, search: 'Keyset' }, async (pageNumber) => {
      await createBlog(t.db, { title: `Keyset added ${pageNumber}` });
    });
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort((a, b) => a - b)).toEqual([...existing].sort((a, b) => a - b));
  });

  it('soonest-first events: an event added after the cursor appears once, in its place', async () => {
    const start = Date.now() + 2 * DAY;
    const existing = [];
    for (let n = 0; n < 9; n++) existing.push((await createEvent(t.db, { title: `Keyset event ${n}`, dateTime: new Date(start + n * DAY) })).id);
    const added: number[] = [];
    const seen = await readAll('content.events.list', { limit: 4, upcoming: true }, async (pageNumber) => {
      // One lands before the cursor (already passed), one after it (still to come).
      added.push((await createEvent(t.db, { title: `Keyset early ${pageNumber}`, dateTime: new Date(Date.now() + DAY) })).id);
      added.push((await createEvent(t.db, { title: `Keyset late ${pageNumber}`, dateTime: new Date(start + 30 * DAY + pageNumber) })).id);
    });
    expect(new Set(seen).size).toBe(seen.length);
    for (const id of existing) expect(seen).toContain(id);
    // Every late event comes after the cursor: all of them are read, in order.
    const lateAdded = added.filter((_, index) => index % 2 === 1);
    for (const id of lateAdded) expect(seen).toContain(id);
  });

  it('oldest-first comments: new comments arrive once, at the end', async () => {
    const blog = await createBlog(t.db, { title: 'A busy conversation' });
    const first = [];
    for (let n = 0; n < 10; n++) {
      const [row] = await t.db.insert(blogComments).values({ blogId: blog.id, userId: member.user.id, content: `comment ${n}` }).returning({ id: blogComments.id });
      first.push(row!.id);
    }
    const added: number[] = [];
    const seen = await readAll('content.blogs.comments', { id: blog.id, limit: 4 }, async () => {
      const [row] = await t.db.insert(blogComments).values({ blogId: blog.id, userId: member.user.id, content: 'a new one' }).returning({ id: blogComments.id });
      added.push(row!.id);
    });
    expect(seen).toEqual([...first, ...added]);
  });

  it('offset pages, kept for REST clients, still page the documented way', async () => {
    const firstPage = (await t.request({ method: 'GET', url: '/api/blogs?limit=3&offset=0' })).json() as { id: number }[];
    const secondPage = (await t.request({ method: 'GET', url: '/api/blogs?limit=3&offset=3' })).json() as { id: number }[];
    expect(firstPage).toHaveLength(3);
    expect(secondPage.map((item) => item.id)).not.toContain(firstPage[0]!.id);
  });

  it('refuses a cursor that is not an item id, with a message', async () => {
    const response = await t.request({ method: 'GET', url: `/trpc/content.blogs.cards?input=${encodeURIComponent(JSON.stringify({ cursor: -3 }))}` });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('cursor must be the id of the last item shown');
  });
});
