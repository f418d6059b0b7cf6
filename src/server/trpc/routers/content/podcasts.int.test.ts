import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { podcastComments, podcastLikes } from '#db/schema';
import { messages } from '#shared/messages';
import { createPodcast } from '#server/test/content-factories';
import { createTestApp, type TestApp } from '#server/test/test-app';

let t: TestApp;
let member: { cookie: string; user: { id: number; firstName: string } };
let podcastId: number;
beforeAll(async () => {
  t = await createTestApp();
  member = await t.signInAs('member');
  podcastId = (await createPodcast(t.db, { title: 'Finding your voice', category: 'Self-Discovery', tags: ['Confidence'] })).id;
  await createPodcast(t.db, { title: 'Study smarter', description: 'Exam season without panic', category: 'School Life', tags: ['exams'] });
  await createPodcast(t.db, { title: 'Hijab and me', description: 'Style and faith: 100% honest', category: 'Hijabi Life', tags: ['style'] });
});
afterAll(() => t.close());

const get = (url: string, cookie?: string) => t.request({ method: 'GET', url, cookie });
const post = (url: string, payload?: object, cookie?: string) => t.request({ method: 'POST', url, payload, cookie });

describe('GET /api/podcasts', () => {
  it('lists podcasts newest first in the documented shape, for visitors', async () => {
    const response = await get('/api/podcasts');
    expect(response.statusCode).toBe(200);
    const list = response.json();
    expect(list.map((p: { title: string }) => p.title)).toEqual(['Hijab and me', 'Study smarter', 'Finding your voice']);
    expect(Object.keys(list[2]).sort()).toEqual(['category', 'comments', 'description', 'embedUrl', 'id', 'iframe', 'likes', 'tags', 'title']);
    expect(list[2]).toMatchObject({ likes: 0, comments: 0, tags: ['Confidence'], embedUrl: 'https://www.youtube.com/embed/abc123' });
    // The podcast's iframe, built by the server from the embed URL.
    expect(list[2].iframe).toBe('<iframe width="560" height="315" src="https://www.youtube.com/embed/abc123" title="Video player" allowfullscreen></iframe>');
  });

  it.each([
    ['title, any case', 'STUDY', ['Study smarter']],
    ['description', 'exam season', ['Study smarter']],
    ['tags', 'confidence', ['Finding your voice']],
    ['a literal percent sign', '100%', ['Hijab and me']],
    ['an underscore, literally, not as a wildcard', '_', []],
  ])('searches %s', async (_name, search, titles) => {
    const response = await get(`/api/podcasts?search=${encodeURIComponent(search)}`);
    expect(response.json().map((p: { title: string }) => p.title)).toEqual(titles);
  });

  it("filters by category; 'all' means no filter", async () => {
    expect((await get('/api/podcasts?category=School%20Life')).json()).toHaveLength(1);
    expect((await get('/api/podcasts?category=all')).json()).toHaveLength(3);
    expect((await get('/api/podcasts?category=Girly%20Topics')).json()).toEqual([]);
  });

  it('pages with limit and offset', async () => {
    const page = (await get('/api/podcasts?limit=2&offset=1')).json();
    expect(page.map((p: { title: string }) => p.title)).toEqual(['Study smarter', 'Finding your voice']);
    // The site pages by keyset: `cursor` is the id of the last podcast shown.
    const next = (await get(`/api/podcasts?limit=2&cursor=${page[0].id}`)).json();
    expect(next.map((p: { title: string }) => p.title)).toEqual(['Finding your voice']);
  });

  it.each([
    ['limit=0', 'limit must be at least 1'],
    ['limit=101', 'limit must be at most 100'],
    ['limit=abc', 'limit must be a number'],
    ['offset=-1', 'offset must be at least 0'],
    [`search=${'x'.repeat(101)}`, 'Search can be at most 100 characters'],
  ])('refuses %s with 400', async (query, message) => {
    const response = await get(`/api/podcasts?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
  });
});

describe('content.podcasts.byId', () => {
  it('answers one podcast as the list shows it, and 404 for an unknown one', async () => {
    const response = await get(`/trpc/content.podcasts.byId?input=${encodeURIComponent(JSON.stringify({ id: podcastId }))}`);
    expect(response.statusCode).toBe(200);
    const listed = (await get('/api/podcasts')).json().find((p: { id: number }) => p.id === podcastId);
    expect(response.json().result.data).toEqual(listed);
    expect((await get(`/trpc/content.podcasts.byId?input=${encodeURIComponent(JSON.stringify({ id: 999999 }))}`)).statusCode).toBe(404);
  });
});

describe('podcast likes', () => {
  it('answers 401 signed out, for liked and like', async () => {
    expect((await get(`/api/podcasts/${podcastId}/liked`)).statusCode).toBe(401);
    const response = await post(`/api/podcasts/${podcastId}/like`);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: messages.access.authRequired });
  });

  it('toggles one like per member and counts it in the list', async () => {
    expect((await get(`/api/podcasts/${podcastId}/liked`, member.cookie)).json()).toEqual({ liked: false });
    expect((await post(`/api/podcasts/${podcastId}/like`, undefined, member.cookie)).json()).toEqual({ liked: true });
    expect((await get(`/api/podcasts/${podcastId}/liked`, member.cookie)).json()).toEqual({ liked: true });
    const other = await t.signInAs('member');
    await post(`/api/podcasts/${podcastId}/like`, undefined, other.cookie);
    const listed = (await get('/api/podcasts')).json().find((p: { id: number }) => p.id === podcastId);
    expect(listed.likes).toBe(2);
    expect((await post(`/api/podcasts/${podcastId}/like`, undefined, member.cookie)).json()).toEqual({ liked: false });
    expect((await t.db.select().from(podcastLikes)).filter((l) => l.podcastId === podcastId)).toHaveLength(1);
  });

  it('answers 404 for an unknown podcast and 400 for a bad id', async () => {
    const response = await post('/api/podcasts/999999/like', undefined, member.cookie);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Podcast not found' });
    expect((await get('/api/podcasts/999999/liked', member.cookie)).statusCode).toBe(404);
    expect((await get('/api/podcasts/abc/liked', member.cookie)).json()).toEqual({ message: 'Invalid id' });
  });
});

describe('podcast comments', () => {
  it('answers 401 signed out and stores nothing', async () => {
    const response = await post(`/api/podcasts/${podcastId}/comments`, { content: 'Hello' });
    expect(response.statusCode).toBe(401);
    expect(await t.db.select().from(podcastComments)).toHaveLength(0);
  });

  it.each([
    ['empty', { content: '' }, messages.comments.contentRequired],
    ['blank', { content: '   \n ' }, messages.comments.contentRequired],
    ['missing', {}, messages.comments.contentRequired],
    ['too long', { content: 'x'.repeat(2001) }, messages.comments.tooLong],
  ])('refuses a %s comment with 400 and stores nothing', async (_name, payload, message) => {
    const response = await post(`/api/podcasts/${podcastId}/comments`, payload, member.cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
    expect(await t.db.select().from(podcastComments)).toHaveLength(0);
  });

  it('stores a trimmed comment, lists it for visitors with the author names, and counts it', async () => {
    const response = await post(`/api/podcasts/${podcastId}/comments`, { content: '  Loved this episode!  ' }, member.cookie);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ content: 'Loved this episode!', user: { firstName: member.user.firstName, lastName: 'T.' } });
    const comments = (await get(`/api/podcasts/${podcastId}/comments`)).json();
    expect(comments).toHaveLength(1);
    expect(Object.keys(comments[0]).sort()).toEqual(['authorId', 'canDelete', 'content', 'createdAt', 'id', 'isMine', 'parentId', 'user', 'waitingForReview']);
    expect(Object.keys(comments[0].user).sort()).toEqual(['firstName', 'lastName']);
    // Counts belong to their own podcast only.
    const counts = (await get('/api/podcasts')).json().map((p: { id: number; comments: number }) => [p.id === podcastId, p.comments]);
    expect(counts).toEqual([[false, 0], [false, 0], [true, 1]]);
  });

  it('answers 404 for comments of an unknown podcast', async () => {
    expect((await get('/api/podcasts/999999/comments')).statusCode).toBe(404);
    expect((await post('/api/podcasts/999999/comments', { content: 'Hi' }, member.cookie)).statusCode).toBe(404);
  });
});

describe('tRPC endpoint', () => {
  it('serves the same list at /trpc', async () => {
    const input = encodeURIComponent(JSON.stringify({ search: 'study', limit: 10 }));
    const response = await get(`/trpc/content.podcasts.list?input=${input}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().result.data.map((p: { title: string }) => p.title)).toEqual(['Study smarter']);
  });
});
