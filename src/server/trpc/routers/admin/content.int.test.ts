import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  blogs, listingLikes, listings, eventRsvps, events, forumComments, forumPosts, newsletterSubscriptions,
  placeSuggestions, places, podcastComments, podcastLikes, podcasts, uploads,
} from '#db/schema';
import { messages } from '#shared/messages';
import { createUser } from '#server/test/factories';
import { trpcRequest } from '#server/test/procedures';
import { createTestApp, type TestApp } from '#server/test/test-app';

let t: TestApp;
let adminCookie: string;
let memberId: number;
beforeAll(async () => {
  t = await createTestApp();
  adminCookie = (await t.signInAs('admin')).cookie;
  memberId = (await createUser(t.db)).id;
});
afterAll(() => t.close());

const m = messages.admin;
const asAdmin = (method: 'GET' | 'PATCH' | 'DELETE' | 'POST', url: string, payload?: object) => t.request({ method, url, payload, cookie: adminCookie });
const PNG = Buffer.from(
  '89504E470D0A1A0A0000000D49484452000000010000000108060000001F15C4890000000D4944415478DA63F8FFFF3F0005FE02FEA7D605F20000000049454E44AE426082',
  'hex',
);

describe('podcasts', () => {
  const iframe = '<iframe width="560" height="315" src="https://www.youtube.com/embed/abc123XYZ?si=x&amp;t=1" title="YouTube video player" onload="alert(1)"></iframe>';
  const valid = { title: 'Finding your voice', description: 'A talk about confidence.', category: 'Self-Discovery', iframe, tags: 'confidence, voice ,  ' };

  it('creates from embed markup, keeping only the URL, and lists it with a rebuilt iframe', async () => {
    const response = await asAdmin('POST', '/api/podcasts', valid);
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created).toMatchObject({ title: 'Finding your voice', embedUrl: 'https://www.youtube.com/embed/abc123XYZ?si=x&t=1', tags: ['confidence', 'voice'], likes: 0, comments: 0 });
    expect(created.iframe).not.toContain('onload');
    const [row] = await t.db.select().from(podcasts).where(eq(podcasts.id, created.id));
    expect(row!.embedUrl).toBe('https://www.youtube.com/embed/abc123XYZ?si=x&t=1');
    const list = (await asAdmin('GET', '/api/admin/podcasts')).json();
    expect(list.find((p: { id: number }) => p.id === created.id).iframe).toContain('src="https://www.youtube.com/embed/abc123XYZ');
  });

  const cases: [string, Record<string, unknown>, string][] = [
    ['no title', { title: ' ', description: '' }, m.titleRequired],
    ['no description', { description: '', category: '' }, m.descriptionRequired],
    ['no category', { category: '', iframe: '' }, m.categoryRequired],
    // One category list: the public filter's, which the admin form offers too.
    ['a category the podcast filter does not list', { category: 'Productivity' }, m.categoryRequired],
    ['no iframe', { iframe: '' }, m.iframeRequired],
    ['an iframe on another host', { iframe: '<iframe src="https://evil.example/embed/x"></iframe>' }, m.iframeInvalid],
    ['a plain http embed', { iframe: '<iframe src="http://www.youtube.com/embed/abc"></iframe>' }, m.iframeInvalid],
    ['a script instead of an iframe', { iframe: '<script src="https://www.youtube.com/embed/abc"></script>' }, m.iframeInvalid],
  ];
  it.each(cases)('refuses %s with its message', async (_name, change, message) => {
    const before = (await t.db.select().from(podcasts)).length;
    const response = await asAdmin('POST', '/api/podcasts', { ...valid, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
    expect(await t.db.select().from(podcasts)).toHaveLength(before);
  });

  it('updates, and deletes with its likes and comments; 404 afterwards', async () => {
    const { id } = (await asAdmin('POST', '/api/podcasts', valid)).json();
    const updated = await asAdmin('PATCH', `/api/podcasts/${id}`, { ...valid, title: 'Renamed', iframe: 'https://player.vimeo.com/video/12345' });
    expect(updated.json()).toMatchObject({ title: 'Renamed', embedUrl: 'https://player.vimeo.com/video/12345' });
    await t.db.insert(podcastLikes).values({ podcastId: id, userId: memberId });
    await t.db.insert(podcastComments).values({ podcastId: id, userId: memberId, content: 'Lovely' });
    expect((await asAdmin('DELETE', `/api/podcasts/${id}`)).statusCode).toBe(200);
    expect(await t.db.select().from(podcastLikes).where(eq(podcastLikes.podcastId, id))).toHaveLength(0);
    expect(await t.db.select().from(podcastComments).where(eq(podcastComments.podcastId, id))).toHaveLength(0);
    expect((await asAdmin('DELETE', `/api/podcasts/${id}`)).json()).toEqual({ message: m.podcastNotFound });
    expect((await asAdmin('PATCH', `/api/podcasts/${id}`, valid)).statusCode).toBe(404);
  });
});

describe('directory listings', () => {
  const valid = {
    name: 'Rose Cafe', description: 'Quiet cafe with study tables.', category: 'Cafes', address: '1 Nile St', phone: '', email: 'hello@rose.example',
    website: 'https://rose.example', images: 'https://img.example/a.jpg, https://img.example/b.jpg', tags: ['quiet', 'study'],
  };

  it('creates with comma-separated images and empty optional fields as null', async () => {
    const response = await asAdmin('POST', '/api/directory', valid);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ name: 'Rose Cafe', phone: null, images: ['https://img.example/a.jpg', 'https://img.example/b.jpg'], avgRating: 0, reviewCount: 0 });
  });

  const cases: [string, Record<string, unknown>, string][] = [
    ['no name', { name: '' }, m.nameRequired],
    ['no description', { description: ' ' }, m.descriptionRequired],
    ['an unknown category', { category: 'Bars' }, m.categoryRequired],
    ['a bad email', { email: 'rose@' }, m.listingEmailInvalid],
    ['a website that is not a URL', { website: 'rose dot com' }, m.websiteInvalid],
    ['an image that is not a URL', { images: 'javascript:alert(1)' }, m.imageUrlsInvalid],
  ];
  it.each(cases)('refuses %s with its message', async (_name, change, message) => {
    const response = await asAdmin('POST', '/api/directory', { ...valid, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
  });

  it('updates, and deletes with its likes', async () => {
    const { id } = (await asAdmin('POST', '/api/directory', valid)).json();
    expect((await asAdmin('PATCH', `/api/directory/${id}`, { ...valid, name: 'Rose Garden Cafe' })).json()).toMatchObject({ name: 'Rose Garden Cafe' });
    await t.db.insert(listingLikes).values({ listingId: id, userId: memberId });
    expect((await asAdmin('DELETE', `/api/directory/${id}`)).statusCode).toBe(200);
    expect(await t.db.select().from(listingLikes).where(eq(listingLikes.listingId, id))).toHaveLength(0);
    expect(await t.db.select().from(listings).where(eq(listings.id, id))).toHaveLength(0);
    expect((await asAdmin('PATCH', `/api/directory/${id}`, valid)).json()).toEqual({ message: m.listingNotFound });
  });
});

describe('events', () => {
  const valid = { title: 'Journaling circle', description: 'Bring a notebook.', location: 'Community room', dateTime: '2030-05-01T16:00:00.000Z', price: '0', maxAttendees: '20', images: '', tags: 'writing' };

  it('creates, edits (Edit Event) and deletes with its RSVPs', async () => {
    const created = await asAdmin('POST', '/api/events', valid);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ title: 'Journaling circle', maxAttendees: 20, price: '0', images: [], attendees: 0 });
    const { id } = created.json();
    const updated = await asAdmin('PATCH', `/api/events/${id}`, { ...valid, location: 'Library', dateTime: '2030-06-01T10:30:00+02:00', maxAttendees: '' });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ location: 'Library', maxAttendees: null });
    expect(new Date(updated.json().dateTime).toISOString()).toBe('2030-06-01T08:30:00.000Z');
    await t.db.insert(eventRsvps).values({ eventId: id, userId: memberId });
    expect((await asAdmin('DELETE', `/api/events/${id}`)).statusCode).toBe(200);
    expect(await t.db.select().from(eventRsvps).where(eq(eventRsvps.eventId, id))).toHaveLength(0);
    expect((await asAdmin('PATCH', `/api/events/${id}`, valid)).json()).toEqual({ message: m.eventNotFound });
  });

  const cases: [string, Record<string, unknown>, string][] = [
    ['no title', { title: '', location: '' }, m.titleRequired],
    ['no description', { description: '' }, m.descriptionRequired],
    ['no location', { location: '', dateTime: '' }, m.locationRequired],
    ['no date', { dateTime: '' }, m.dateTimeRequired],
    ['a date that is not a date', { dateTime: 'next tuesday' }, m.dateTimeRequired],
    ['maxAttendees of 0', { maxAttendees: 0 }, m.maxAttendeesMin],
  ];
  it('refuses max attendees below the members attending, with a 400 naming the field, and changes nothing', async () => {
    const { id } = (await asAdmin('POST', '/api/events', valid)).json();
    const others = await Promise.all([createUser(t.db), createUser(t.db)]);
    await t.db.insert(eventRsvps).values([memberId, ...others.map((u) => u.id)].map((userId) => ({ eventId: id, userId })));
    const refused = await asAdmin('PATCH', `/api/events/${id}`, { ...valid, maxAttendees: '2', location: 'Elsewhere' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: m.maxAttendeesBelowAttending(3) });
    const [row] = await t.db.select().from(events).where(eq(events.id, id));
    expect(row).toMatchObject({ maxAttendees: 20, location: 'Community room' });
    // The tRPC answer names the field, so the form shows the message beside it.
    const overTrpc = await trpcRequest(t.app, { path: 'admin.events.update', type: 'mutation', cookie: adminCookie, input: { ...valid, id, maxAttendees: 1 } });
    expect(overTrpc.statusCode).toBe(400);
    expect(overTrpc.json().error).toMatchObject({ message: m.maxAttendeesBelowAttending(3), data: { field: 'maxAttendees' } });
    // Exactly the members attending, or no limit, is fine.
    expect((await asAdmin('PATCH', `/api/events/${id}`, { ...valid, maxAttendees: '3' })).json()).toMatchObject({ maxAttendees: 3, attendees: 3, spotsLeft: 0 });
    expect((await asAdmin('PATCH', `/api/events/${id}`, { ...valid, maxAttendees: '' })).json()).toMatchObject({ maxAttendees: null });
  });

  it.each(cases)('refuses %s with its message', async (_name, change, message) => {
    const before = (await t.db.select().from(events)).length;
    const response = await asAdmin('POST', '/api/events', { ...valid, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
    expect(await t.db.select().from(events)).toHaveLength(before);
  });
});

describe('blogs', () => {
  const valid = {
    title: 'Small habits', content: '# Start small\n\n**One** step a day.', excerpt: 'How tiny daily habits add up.', category: 'Self improvement',
    authorName: 'Maya Haddad', coverImageUrl: '', tags: 'habits, growth', isPublished: false,
  };

  it('creates a draft with its author and tags; drafts appear in the admin list', async () => {
    const response = await asAdmin('POST', '/api/blogs', valid);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ title: 'Small habits', isPublished: false, coverImageUrl: null, tags: ['habits', 'growth'], author: { lastName: 'Tester' } });
    const list = (await asAdmin('GET', '/api/admin/blogs')).json();
    expect(list.some((b: { id: number }) => b.id === response.json().id)).toBe(true);
  });

  it('stores a data: cover as an upload and keeps the list free of image bytes', async () => {
    const dataUrl = `data:image/png;base64,${PNG.toString('base64')}`;
    const response = await asAdmin('POST', '/api/blogs', { ...valid, coverImageUrl: dataUrl, isPublished: true });
    expect(response.statusCode).toBe(201);
    const cover: string = response.json().coverImageUrl;
    expect(cover).toMatch(/^\/uploads\/[a-z2-7]+$/);
    const image = await t.request({ method: 'GET', url: cover });
    expect(image.headers['content-type']).toBe('image/png');
    // Visitors get it re-encoded without metadata; the bytes as sent are kept for admins.
    expect((await asAdmin('GET', `${cover}/original`)).rawPayload.equals(PNG)).toBe(true);
    expect((await asAdmin('GET', '/api/admin/blogs')).body).not.toContain('base64');
  });

  it('accepts a cover on this site (bundled images, uploads) but not a protocol-relative URL', async () => {
    expect((await asAdmin('POST', '/api/blogs', { ...valid, coverImageUrl: '/images/blog/confidence.svg' })).json()).toMatchObject({ coverImageUrl: '/images/blog/confidence.svg' });
    expect((await asAdmin('POST', '/api/blogs', { ...valid, coverImageUrl: '//evil.example/x.png' })).json()).toEqual({ message: m.coverUrlInvalid });
    expect((await asAdmin('POST', '/api/blogs', { ...valid, coverImageUrl: '/images/../secret' })).json()).toEqual({ message: m.coverUrlInvalid });
  });

  it('takes a 3 MB inline cover through the REST adapter, and refuses one over 5 MB with 413', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(3 * 1024 * 1024)]);
    const ok = await asAdmin('POST', '/api/blogs', { ...valid, coverImageUrl: `data:image/png;base64,${big.toString('base64')}` });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().coverImageUrl).toMatch(/^\/uploads\//);
    const huge = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const refused = await asAdmin('POST', '/api/blogs', { ...valid, coverImageUrl: `data:image/png;base64,${huge.toString('base64')}` });
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toEqual({ message: messages.uploads.tooLarge });
  });

  it('refuses a data: cover that is not an image by its bytes (415), storing nothing', async () => {
    const before = (await t.db.select().from(uploads)).length;
    const fake = `data:image/png;base64,${Buffer.from('<svg onload="alert(1)"></svg>').toString('base64')}`;
    const response = await asAdmin('POST', '/api/blogs', { ...valid, coverImageUrl: fake });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ message: messages.uploads.notAnImage });
    expect(await t.db.select().from(uploads)).toHaveLength(before);
  });

  const cases: [string, Record<string, unknown>, string][] = [
    ['no title', { title: '', content: '' }, m.titleRequired],
    ['no content', { content: ' ', excerpt: '' }, m.contentRequired],
    ['no excerpt', { excerpt: '', category: '' }, m.excerptRequired],
    ['no category', { category: '', authorName: '' }, m.categoryRequired],
    ['no author name', { authorName: '' }, m.authorNameRequired],
    ['a cover that is not a URL', { coverImageUrl: 'javascript:alert(1)' }, m.coverUrlInvalid],
  ];
  it.each(cases)('refuses %s with its message', async (_name, change, message) => {
    const response = await asAdmin('POST', '/api/blogs', { ...valid, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
  });

  it('updates (empty strings clear cover and tags) and deletes; 404 afterwards', async () => {
    const { id } = (await asAdmin('POST', '/api/blogs', { ...valid, coverImageUrl: 'https://img.example/cover.jpg' })).json();
    const updated = await asAdmin('PATCH', `/api/blogs/${id}`, { ...valid, coverImageUrl: '', tags: '', isPublished: true });
    expect(updated.json()).toMatchObject({ coverImageUrl: null, tags: [], isPublished: true });
    expect((await asAdmin('DELETE', `/api/blogs/${id}`)).statusCode).toBe(200);
    expect(await t.db.select().from(blogs).where(eq(blogs.id, id))).toHaveLength(0);
    expect((await asAdmin('PATCH', `/api/blogs/${id}`, valid)).json()).toEqual({ message: m.blogNotFound });
  });
});

describe('forum moderation', () => {
  it('lists posts with their author and deletes one with its comments', async () => {
    const [post] = await t.db.insert(forumPosts).values({ userId: memberId, title: 'Study tips', content: 'What helps you focus during exams?', category: 'career' }).returning();
    await t.db.insert(forumComments).values({ postId: post!.id, userId: memberId, content: 'Pomodoro!' });
    const list = (await asAdmin('GET', '/api/admin/forum/posts')).json();
    expect(list.find((p: { id: number }) => p.id === post!.id)).toMatchObject({ title: 'Study tips', comments: 1, author: { firstName: 'Lina' } });
    expect((await asAdmin('DELETE', `/api/admin/forum/posts/${post!.id}`)).statusCode).toBe(200);
    expect(await t.db.select().from(forumComments).where(eq(forumComments.postId, post!.id))).toHaveLength(0);
    expect((await asAdmin('DELETE', `/api/admin/forum/posts/${post!.id}`)).json()).toEqual({ message: m.postNotFound });
  });
});

describe('place suggestions', () => {
  const suggest = async (name: string) =>
    (await t.db.insert(placeSuggestions).values({ userId: memberId, name, description: 'Calm and friendly.', category: 'cafe', address: '2 Garden Rd' }).returning())[0]!;

  it('approves into Places once; a second approval is a 409', async () => {
    const suggestion = await suggest('Jasmine Tea House');
    const list = (await asAdmin('GET', '/api/admin/places/suggestions')).json();
    expect(list.find((s: { id: number }) => s.id === suggestion.id)).toMatchObject({ name: 'Jasmine Tea House', suggestedBy: { firstName: 'Lina' } });
    const response = await asAdmin('POST', `/api/admin/places/suggestions/${suggestion.id}/approve`);
    expect(response.statusCode).toBe(201);
    expect(await t.db.select().from(places).where(eq(places.name, 'Jasmine Tea House'))).toHaveLength(1);
    const again = await asAdmin('POST', `/api/admin/places/suggestions/${suggestion.id}/approve`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: m.suggestionHandled });
    expect(await t.db.select().from(places).where(eq(places.name, 'Jasmine Tea House'))).toHaveLength(1);
  });

  it('dismisses without adding a place; it leaves the list', async () => {
    const suggestion = await suggest('Noisy Arcade');
    expect((await asAdmin('POST', `/api/admin/places/suggestions/${suggestion.id}/dismiss`)).statusCode).toBe(200);
    expect(await t.db.select().from(places).where(eq(places.name, 'Noisy Arcade'))).toHaveLength(0);
    const list = (await asAdmin('GET', '/api/admin/places/suggestions')).json();
    expect(list.some((s: { id: number }) => s.id === suggestion.id)).toBe(false);
    expect((await asAdmin('POST', '/api/admin/places/suggestions/999999/dismiss')).statusCode).toBe(404);
  });
});

describe('places', () => {
  const valid = { name: 'Saffron Yoga Loft', description: 'Gentle classes for beginners.', category: 'fitness', address: '4 Cedar Lane', rating: '4.56', tags: 'yoga, calm', recommended: true };

  it('creates, lists with search, edits and deletes a place; the public page follows', async () => {
    const created = await asAdmin('POST', '/api/admin/places', valid);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Saffron Yoga Loft', category: 'fitness', rating: 4.6, tags: ['yoga', 'calm'], recommended: true });
    const { id } = created.json();
    const found = (await asAdmin('GET', '/api/admin/places?search=SAFFRON')).json();
    expect(found.map((p: { id: number }) => p.id)).toEqual([id]);
    expect((await asAdmin('GET', '/api/admin/places?search=no-such-place')).json()).toEqual([]);

    const updated = await asAdmin('PATCH', `/api/admin/places/${id}`, { ...valid, name: 'Saffron Yoga Studio', rating: '', recommended: false, tags: [] });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ name: 'Saffron Yoga Studio', rating: 0, recommended: false, tags: [] });
    const shown = (await t.request({ method: 'GET', url: '/api/places?search=saffron' })).json();
    expect(shown.map((p: { name: string }) => p.name)).toEqual(['Saffron Yoga Studio']);

    const confirmDelete = await asAdmin('DELETE', `/api/admin/places/${id}`);
    expect(confirmDelete.json()).toEqual({ success: true, message: m.placeDeleted });
    expect(await t.db.select().from(places).where(eq(places.id, id))).toHaveLength(0);
    expect((await t.request({ method: 'GET', url: '/api/places?search=saffron' })).json()).toEqual([]);
    expect((await asAdmin('DELETE', `/api/admin/places/${id}`)).json()).toEqual({ message: m.placeNotFound });
    expect((await asAdmin('PATCH', `/api/admin/places/${id}`, valid)).statusCode).toBe(404);
  });

  const cases: [string, Record<string, unknown>, string][] = [
    ['no name', { name: ' ' }, messages.places.nameRequired],
    ['a short description', { description: 'Nice' }, messages.places.descriptionLength],
    ['an unknown category', { category: 'bars' }, messages.places.categoryInvalid],
    ['no address', { address: '' }, messages.places.addressRequired],
    ['a rating above 5', { rating: 6 }, m.ratingInvalid],
    ['a rating that is not a number', { rating: 'great' }, m.ratingInvalid],
  ];
  it.each(cases)('refuses %s with its message, changing nothing', async (_name, change, message) => {
    const [existing] = await t.db.insert(places).values({ name: 'Olive Reading Room', description: 'Books and tea.', category: 'culture', address: '9 Elm St' }).returning();
    const before = await t.db.select().from(places);
    const response = await asAdmin('POST', '/api/admin/places', { ...valid, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
    const edit = await asAdmin('PATCH', `/api/admin/places/${existing!.id}`, { ...valid, ...change });
    expect(edit.json()).toEqual({ message });
    expect(await t.db.select().from(places)).toEqual(before);
  });
});

describe('newsletter subscriptions', () => {
  it('answers the count and list, and a CSV file safe from formula injection', async () => {
    await t.db.insert(newsletterSubscriptions).values([
      { email: 'reader@example.com', frequency: 'weekly' },
      { email: '=cmd|calc@example.com', frequency: 'monthly' },
    ]);
    const json = await asAdmin('GET', '/api/admin/newsletter/subscriptions');
    expect(json.json()).toMatchObject({ total: 2 });
    expect(json.json().subscribers).toHaveLength(2);
    const csv = await asAdmin('GET', '/api/admin/newsletter/subscriptions?format=csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('attachment');
    expect(csv.body.split('\r\n')[0]).toBe('"email","frequency","subscribed_at","confirmed_at"');
    expect(csv.body).toContain('"reader@example.com","weekly"');
    expect(csv.body).toContain(`"'=cmd|calc@example.com","monthly"`);
    expect((await asAdmin('GET', '/api/admin/newsletter/subscriptions?format=xml')).statusCode).toBe(400);
  });
});
