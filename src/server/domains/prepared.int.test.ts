import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { blogs } from '#db/schema';
import { DAY, createBlog, createEvent, createListing, createPodcast } from '../test/content-factories';
import { createTestApp, type TestApp } from '../test/test-app';
import { plainFirstPageSize, preparedRead } from './prepared';

/**
 * The plain first pages of the lists (and an article, Home's counts) run as queries drizzle
 * prepared once. They must answer what the same read built for its input answers: the same
 * items, in the same order, as of now, and an article by id as this viewer may see it.
 */
let t: TestApp;
let member: Awaited<ReturnType<TestApp['signInAs']>>;
let admin: Awaited<ReturnType<TestApp['signInAs']>>;

beforeAll(async () => {
  t = await createTestApp();
  member = await t.signInAs('member');
  admin = await t.signInAs('admin');
  const start = Date.now();
  for (let n = 0; n < 8; n++) {
    await createBlog(t.db, { title: `Prepared article ${n}`, isPublished: n !== 3, createdAt: new Date(start - n * 60_000) });
    await createPodcast(t.db, { title: `Prepared podcast ${n}`, createdAt: new Date(start - n * 60_000) });
    await createListing(t.db, { name: `Prepared place ${n}`, likeCount: n % 3, createdAt: new Date(start - n * 60_000) });
    await createEvent(t.db, { title: `Prepared event ${n}`, dateTime: new Date(start + (n % 2 ? 1 : -1) * (n + 1) * DAY) });
  }
});
afterAll(() => t.close());

async function trpcQuery<T>(path: string, input: unknown, cookie = member.cookie): Promise<{ status: number; data: T }> {
  const response = await t.request({ method: 'GET', url: `/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`, cookie });
  return { status: response.statusCode, data: (response.json() as { result?: { data: T } }).result?.data as T };
}

const ids = (items: { id: number }[]) => items.map((item) => item.id);

describe('prepared first pages', () => {
  // 5 is written into the query's text and runs prepared; 30 is sent as a parameter, so the
  // same list is built for that input.
  it.each([
    ['content.blogs.cards', {}],
    ['content.blogs.list', {}],
    ['content.podcasts.list', { search: '', category: 'all' }],
    ['content.directory.list', {}],
    ['content.directory.list', { sort: 'popular' }],
    ['content.events.list', { upcoming: true }],
    ['content.events.list', { upcoming: false }],
  ])('%s %j: the same items in the same order as the page built for its input', async (path, input) => {
    const prepared = await trpcQuery<{ id: number }[]>(path, { ...input, limit: 5 });
    const built = await trpcQuery<{ id: number }[]>(path, { ...input, limit: 30 });
    expect(prepared.status).toBe(200);
    expect(prepared.data.length).toBeGreaterThan(0);
    expect(ids(prepared.data)).toEqual(ids(built.data).slice(0, 5));
  });

  it('reads the rows as they are now, and the time of each call', async () => {
    const before = await trpcQuery<{ id: number }[]>('content.blogs.cards', { limit: 5 });
    const added = await createBlog(t.db, { title: 'Prepared newest' });
    const after = await trpcQuery<{ id: number }[]>('content.blogs.cards', { limit: 5 });
    expect(ids(after.data)).toEqual([added.id, ...ids(before.data).slice(0, 4)]);

    // An event a second away is upcoming now and past a little later, for the same prepared query.
    const soon = await createEvent(t.db, { title: 'Prepared soon', dateTime: new Date(Date.now() + 1500) });
    expect(ids((await trpcQuery<{ id: number }[]>('content.events.list', { upcoming: true, limit: 5 })).data)).toContain(soon.id);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(ids((await trpcQuery<{ id: number }[]>('content.events.list', { upcoming: true, limit: 5 })).data)).not.toContain(soon.id);
    expect(ids((await trpcQuery<{ id: number }[]>('content.events.list', { upcoming: false, limit: 5 })).data)).toContain(soon.id);
  });

  it('an article by id: a draft is found for an admin and not for a member, whichever asked first', async () => {
    const [draft] = await t.db.select({ id: blogs.id }).from(blogs).where(sql`${blogs.title} = 'Prepared article 3'`);
    expect((await trpcQuery('content.blogs.byId', { id: draft!.id })).status).toBe(404);
    expect((await trpcQuery('content.blogs.byId', { id: draft!.id }, admin.cookie)).status).toBe(200);
    expect((await trpcQuery('content.blogs.byId', { id: draft!.id })).status).toBe(404);
    const [published] = await t.db.select({ id: blogs.id }).from(blogs).where(sql`${blogs.title} = 'Prepared article 2'`);
    const article = await trpcQuery<{ id: number; title: string }>('content.blogs.byId', { id: published!.id });
    expect(article.data).toMatchObject({ id: published!.id, title: 'Prepared article 2' });
  });
});

describe('prepared reads of one viewer’s own', () => {
  // One prepared query serves every member; her id is a value of each call. What one member
  // sees of her own (a post or comment waiting for review, her likes) never reaches another.
  it('the forum’s first page: her post waiting for review shows to her only, whoever asked before', async () => {
    const newcomer = await t.signInAs('member', { established: false });
    const created = await t.request({ method: 'POST', url: '/api/forum/posts', cookie: newcomer.cookie, payload: { title: 'Prepared waiting post', content: 'Is anyone else revising tonight?', category: 'lifestyle' } });
    expect(created.statusCode).toBe(201);
    const firstPage = async (cookie?: string) => (await trpcQuery<{ items: { title: string; waitingForReview: boolean }[] }>('content.forum.list', { limit: 20 }, cookie)).data.items;
    expect((await firstPage(member.cookie)).map((post) => post.title)).not.toContain('Prepared waiting post');
    expect(await firstPage(newcomer.cookie)).toContainEqual(expect.objectContaining({ title: 'Prepared waiting post', waitingForReview: true }));
    expect((await firstPage(member.cookie)).map((post) => post.title)).not.toContain('Prepared waiting post');
    expect((await firstPage(undefined)).map((post) => post.title)).not.toContain('Prepared waiting post');
  });

  it('an article’s first page of comments: her comment waiting for review shows to her only', async () => {
    const [article] = await t.db.select({ id: blogs.id }).from(blogs).where(sql`${blogs.title} = 'Prepared article 1'`);
    const newcomer = await t.signInAs('member', { established: false });
    const url = `/api/blogs/${article!.id}/comments`;
    expect((await t.request({ method: 'POST', url, cookie: member.cookie, payload: { content: 'Prepared published comment' } })).statusCode).toBe(201);
    expect((await t.request({ method: 'POST', url, cookie: newcomer.cookie, payload: { content: 'Prepared waiting comment' } })).statusCode).toBe(201);
    const contents = async (cookie?: string) => ((await t.request({ method: 'GET', url: `${url}?limit=20`, cookie })).json() as { content: string }[]).map((comment) => comment.content);
    expect(await contents(newcomer.cookie)).toEqual(['Prepared published comment', 'Prepared waiting comment']);
    expect(await contents(member.cookie)).toEqual(['Prepared published comment']);
    expect(await contents(undefined)).toEqual(['Prepared published comment']);
    expect(await contents(newcomer.cookie)).toEqual(['Prepared published comment', 'Prepared waiting comment']);
  });

  it('the likes of a page’s cards: each member’s own', async () => {
    const other = await t.signInAs('member');
    const page = (await trpcQuery<{ id: number }[]>('content.podcasts.list', { limit: 3 })).data;
    const cards = ids(page);
    expect((await t.request({ method: 'POST', url: `/api/podcasts/${cards[1]}/like`, cookie: member.cookie })).statusCode).toBe(200);
    const likes = async (cookie: string) => (await trpcQuery<{ id: number; liked: boolean }[]>('content.podcasts.likedByIds', { ids: cards }, cookie)).data;
    expect((await likes(member.cookie)).filter((card) => card.liked).map((card) => card.id)).toEqual([cards[1]]);
    expect((await likes(other.cookie)).filter((card) => card.liked)).toEqual([]);
  });
});

describe('preparedRead', () => {
  it('builds a query once per database handle and shape, and runs it with each call’s values', async () => {
    const built: string[] = [];
    const read = preparedRead('test.numbers', (db, shape: 'plus' | 'times') => {
      built.push(shape);
      const value = shape === 'plus' ? sql`${sql.placeholder('n')}::int + 1` : sql`${sql.placeholder('n')}::int * 10`;
      return db.select({ value: value.mapWith(Number) }).from(sql`(select 1) as one`);
    });
    expect(await read(t.db, 'plus', { n: 1 })).toEqual([{ value: 2 }]);
    expect(await read(t.db, 'plus', { n: 41 })).toEqual([{ value: 42 }]);
    expect(await read(t.db, 'times', { n: 4 })).toEqual([{ value: 40 }]);
    expect(built).toEqual(['plus', 'times']);
  });

  it('a plain first page is the first, unsearched, of every category, at a size written into the query', () => {
    const plain = { limit: 12, offset: 0 };
    expect(plainFirstPageSize(plain)).toBe(12);
    expect(plainFirstPageSize({ ...plain, cursor: null })).toBe(12);
    expect(plainFirstPageSize({ ...plain, cursor: 7 })).toBeNull();
    expect(plainFirstPageSize({ ...plain, offset: 12 })).toBeNull();
    expect(plainFirstPageSize({ ...plain, search: 'tea' })).toBeNull();
    expect(plainFirstPageSize({ ...plain, category: 'Cafes' })).toBeNull();
    // Sizes sent as a parameter are built each time: each written size is one more query kept.
    expect(plainFirstPageSize({ ...plain, limit: 30 })).toBeNull();
    expect(plainFirstPageSize({ ...plain, limit: 50 })).toBe(50);
  });
});
