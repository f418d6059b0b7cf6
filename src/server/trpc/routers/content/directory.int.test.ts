import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { directoryInterest, listingLikes, listings } from '#db/schema';
import { addReview, createEvent, createListing, createPodcast, DAY } from '#server/test/content-factories';
import { createTestApp, type TestApp } from '#server/test/test-app';

let t: TestApp;
let member: { cookie: string; user: { id: number } };
let cafeId: number;
beforeAll(async () => {
  t = await createTestApp();
  member = await t.signInAs('member');
});
afterAll(() => t.close());

const get = (url: string, cookie?: string) => t.request({ method: 'GET', url, cookie });
const post = (url: string, cookie?: string) => t.request({ method: 'POST', url, payload: {}, cookie });

describe('GET /api/directory', () => {
  it('answers an empty list before any listing exists (the coming-soon panel shows)', async () => {
    expect((await get('/api/directory')).json()).toEqual([]);
  });

  it('lists listings with avgRating and reviewCount from the reviews', async () => {
    cafeId = (await createListing(t.db, { name: 'Rose Cafe', category: 'Cafes', tags: ['quiet', 'Study'] })).id;
    await createListing(t.db, { name: 'Glow Studio', category: 'Beauty', description: 'Gentle skincare', tags: [] });
    const other = await t.signInAs('member');
    await addReview(t.db, cafeId, member.user.id, 5);
    await addReview(t.db, cafeId, other.user.id, 4);
    const list = (await get('/api/directory')).json();
    expect(list.map((l: { name: string }) => l.name)).toEqual(['Glow Studio', 'Rose Cafe']);
    expect(list[1]).toMatchObject({ avgRating: 4.5, reviewCount: 2, images: ['/images/directory/cafe.svg'], category: 'Cafes' });
    expect(list[0]).toMatchObject({ avgRating: 0, reviewCount: 0 });
    expect(Object.keys(list[0])).toEqual(expect.arrayContaining(['id', 'name', 'category', 'description', 'address', 'phone', 'email', 'website', 'images', 'tags', 'avgRating', 'reviewCount']));
  });

  it('searches name, description and tags and filters by category', async () => {
    const names = async (query: string) => (await get(`/api/directory?${query}`)).json().map((l: { name: string }) => l.name);
    expect(await names('search=SKINCARE')).toEqual(['Glow Studio']);
    expect(await names('search=study')).toEqual(['Rose Cafe']);
    expect(await names('category=Cafes')).toEqual(['Rose Cafe']);
    expect(await names('category=all')).toHaveLength(2);
    expect((await get('/api/directory?limit=500')).statusCode).toBe(400);
  });
});

describe('directory likes', () => {
  it('answers 401 signed out', async () => {
    expect((await post(`/api/directory/${cafeId}/like`)).statusCode).toBe(401);
    expect((await get(`/api/directory/${cafeId}/liked`)).statusCode).toBe(401);
  });

  it('toggles and answers the new state', async () => {
    expect((await get(`/api/directory/${cafeId}/liked`, member.cookie)).json()).toEqual({ liked: false });
    expect((await post(`/api/directory/${cafeId}/like`, member.cookie)).json()).toEqual({ liked: true });
    expect((await get(`/api/directory/${cafeId}/liked`, member.cookie)).json()).toEqual({ liked: true });
    expect(await t.db.select().from(listingLikes)).toHaveLength(1);
    expect((await post(`/api/directory/${cafeId}/like`, member.cookie)).json()).toEqual({ liked: false });
    expect(await t.db.select().from(listingLikes)).toHaveLength(0);
  });

  it('answers 404 for an unknown listing, and 400 for a bad id', async () => {
    expect((await post('/api/directory/999999/like', member.cookie)).statusCode).toBe(404);
    const response = await get('/api/directory/999999/liked', member.cookie);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Listing not found' });
    expect((await get('/api/directory/1.5/liked', member.cookie)).json()).toEqual({ message: 'Invalid id' });
  });

  it('answers 404 for a hidden listing she had liked, as for one that does not exist', async () => {
    const { id: hiddenId } = await createListing(t.db, { name: 'Hidden Corner' });
    await post(`/api/directory/${hiddenId}/like`, member.cookie);
    await t.db.update(listings).set({ state: 'hidden' }).where(eq(listings.id, hiddenId));
    const response = await get(`/api/directory/${hiddenId}/liked`, member.cookie);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Listing not found' });
    await t.db.delete(listings).where(eq(listings.id, hiddenId));
  });
});

describe('POST /api/directory/interest', () => {
  it('answers 401 signed out and records one row per member', async () => {
    expect((await post('/api/directory/interest')).statusCode).toBe(401);
    expect((await post('/api/directory/interest', member.cookie)).json()).toEqual({ interested: true });
    expect((await post('/api/directory/interest', member.cookie)).statusCode).toBe(200);
    expect(await t.db.select().from(directoryInterest)).toEqual([expect.objectContaining({ userId: member.user.id })]);
  });
});

describe('GET /api/stats', () => {
  it('counts podcasts, listings, upcoming events and approved members', async () => {
    const before = (await get('/api/stats')).json();
    await createPodcast(t.db);
    await createEvent(t.db, { dateTime: new Date(Date.now() + DAY) });
    await createEvent(t.db, { dateTime: new Date(Date.now() - DAY) });
    await t.signInAs('member');
    await t.signInAs('pending');
    const after = (await get('/api/stats')).json();
    expect(Object.keys(after).sort()).toEqual(['directoryCount', 'eventCount', 'podcastCount', 'userCount']);
    expect(after).toEqual({
      podcastCount: before.podcastCount + 1,
      directoryCount: 2,
      eventCount: before.eventCount + 1,
      userCount: before.userCount + 1,
    });
  });
});

// Last: it adds listings and a like that the tests above don't expect.
describe('GET /api/directory?sort=popular', () => {
  it('orders by likes, then rating, with sort=popular (Home), and refuses another sort', async () => {
    const names = async (query: string) => (await get(`/api/directory?${query}`)).json().map((l: { name: string }) => l.name);
    const liked = await createListing(t.db, { name: 'Loved Library', category: 'Study' });
    await createListing(t.db, { name: 'Newest Nook', category: 'Study' });
    const other = await t.signInAs('member');
    await t.db.insert(listingLikes).values([member, other].map(({ user }) => ({ listingId: liked.id, userId: user.id })));
    // Rose Cafe has reviews; Newest Nook and Glow Studio have neither likes nor reviews, so the newest comes first.
    const popular = await names('sort=popular');
    expect(popular[0]).toBe('Loved Library');
    expect(popular.slice(-2)).toEqual(['Newest Nook', 'Glow Studio']);
    expect((await names(''))[0]).toBe('Newest Nook');
    const bad = await get('/api/directory?sort=random');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'sort must be newest or popular' });
  });
});
