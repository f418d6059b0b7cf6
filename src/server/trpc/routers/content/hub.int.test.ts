import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogs, events, forumPosts, places, podcasts } from '#db/schema';
import { messages } from '#shared/messages';
import { createUser } from '#server/test/factories';
import { createTestApp, type TestApp } from '#server/test/test-app';

let t: TestApp;
const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000);

beforeAll(async () => {
  t = await createTestApp();
  const author = await createUser(t.db);
  await t.db.insert(podcasts).values([
    { title: 'Finding Your Voice', description: 'Confidence for shy girls', category: 'Self-Discovery', embedUrl: 'https://www.youtube.com/embed/a', tags: ['confidence'], createdAt: ago(50) },
    { title: 'Exam Season Survival', description: 'Study tips', category: 'School Life', embedUrl: 'https://www.youtube.com/embed/b', tags: ['MOONBEAM'], createdAt: ago(40) },
  ]);
  await t.db.insert(blogs).values([
    { title: 'Confidence starts small', content: 'Tiny daily wins.', excerpt: 'How small wins build confidence', category: 'Self improvement', authorName: 'Maya', isPublished: true, createdAt: ago(30) },
    { title: 'Secret confidence draft', content: 'Not ready yet.', excerpt: 'Draft', category: 'Self improvement', authorName: 'Maya', isPublished: false, createdAt: ago(1) },
  ]);
  await t.db.insert(events).values([
    { title: 'Confidence Workshop', description: 'An evening of talks', dateTime: new Date(Date.now() + 7 * 86_400_000), location: 'Community Hall', createdAt: ago(20) },
    // Added last, but already over: activity is no place for it.
    { title: 'Last month picnic', description: 'It was lovely', dateTime: new Date(Date.now() - 30 * 86_400_000), location: 'Park', createdAt: ago(5) },
  ]);
  await t.db.insert(forumPosts).values({ userId: author.id, title: 'Forum talk about nothing', content: 'A forum post in the activity feed.', category: 'general', createdAt: ago(10) });
  await t.db.insert(places).values({ name: 'Quiet Café', description: 'Study spot', category: 'cafe', address: '1 Main St' });
});
afterAll(() => t.close());

const get = (url: string) => t.request({ method: 'GET', url });

describe('GET /api/search', () => {
  it('groups matching podcasts, published blogs and events, case-insensitively', async () => {
    const response = await get('/api/search?q=CONFIDENCE');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.podcasts.map((p: { title: string }) => p.title)).toEqual(['Finding Your Voice']);
    expect(body.blogs.map((b: { title: string }) => b.title)).toEqual(['Confidence starts small']);
    expect(body.events.map((e: { title: string }) => e.title)).toEqual(['Confidence Workshop']);
    // Each result opens the item itself, not its list.
    expect(body.podcasts[0]).toMatchObject({ category: 'Self-Discovery', href: `/podcasts?podcast=${body.podcasts[0].id}` });
    expect(body.blogs[0]).toMatchObject({ href: `/blog?post=${body.blogs[0].id}` });
    expect(body.events[0]).toMatchObject({ location: 'Community Hall', href: `/events?event=${body.events[0].id}` });
  });

  it('matches tags, and never serves drafts', async () => {
    expect((await get('/api/search?q=moonbeam')).json().podcasts.map((p: { title: string }) => p.title)).toEqual(['Exam Season Survival']);
    expect((await get('/api/search?q=Secret')).json().blogs).toEqual([]);
  });

  it('answers empty groups for an empty or unmatched search', async () => {
    expect((await get('/api/search')).json()).toEqual({ podcasts: [], blogs: [], events: [] });
    expect((await get('/api/search?q=%20%20')).json()).toEqual({ podcasts: [], blogs: [], events: [] });
    expect((await get('/api/search?q=nothing-matches-this')).json()).toEqual({ podcasts: [], blogs: [], events: [] });
  });

  it('refuses a NUL character in the search with 400', async () => {
    const response = await get('/api/search?q=%00');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: messages.http.unsupportedCharacters });
  });

  it('refuses an overlong search with 400', async () => {
    const response = await get(`/api/search?q=${'a'.repeat(101)}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: messages.hub.searchMax });
  });
});

describe('GET /api/activity', () => {
  it('lists the newest items of every kind, newest first, without drafts or past events', async () => {
    const response = await get('/api/activity');
    expect(response.statusCode).toBe(200);
    const items = response.json() as { type: string; id: number; title: string; createdAt: string; href: string }[];
    expect(items.map((i) => [i.type, i.title])).toEqual([
      ['forum', 'Forum talk about nothing'],
      ['event', 'Confidence Workshop'],
      ['blog', 'Confidence starts small'],
      ['podcast', 'Exam Season Survival'],
      ['podcast', 'Finding Your Voice'],
    ]);
    expect(items[0]!.href).toBe(`/community/blog#post-${items[0]!.id}`);
    expect(items[1]!.href).toBe(`/events?event=${items[1]!.id}`);
    expect(items[3]!.href).toBe(`/podcasts?podcast=${items[3]!.id}`);
    expect(Object.keys(items[0]!).sort()).toEqual(['createdAt', 'href', 'id', 'title', 'type']);
  });

  it('honours limit and refuses a bad one', async () => {
    expect((await get('/api/activity?limit=2')).json()).toHaveLength(2);
    expect((await get('/api/activity?limit=0')).statusCode).toBe(400);
    expect((await get('/api/activity?limit=x')).statusCode).toBe(400);
  });
});

describe('content.hub.stats', () => {
  it('counts forum posts and places', async () => {
    const response = await get('/trpc/content.hub.stats');
    expect(response.statusCode).toBe(200);
    expect(response.json().result.data).toEqual({ forumPostCount: 1, placeCount: 1 });
  });
});
