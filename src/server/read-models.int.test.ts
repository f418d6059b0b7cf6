import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '#db/client';
import {
  blogComments, blogLikes, listingLikes, listings, eventRsvps, events, forumComments, forumPostLikes, forumPosts, podcastComments, podcastLikes, podcasts, users,
} from '#db/schema';
import { addReview, createBlog, createEvent, createListing, createPodcast, DAY } from './test/content-factories';
import { createUser } from './test/factories';
import { trpcRequest } from './test/procedures';
import { createTestApp, type TestApp } from './test/test-app';

/**
 * Each entity has one read model, so the public answers and the admin panel count the same
 * likes, comments, reviews and attendees. Every count here is non-zero and differs from the
 * others, so a count read from the wrong table or row can't pass by accident.
 */
let t: TestApp;
let adminCookie: string;
let memberIds: number[];
beforeAll(async () => {
  t = await createTestApp();
  adminCookie = (await t.signInAs('admin')).cookie;
  memberIds = (await Promise.all([1, 2, 3, 4].map(() => createUser(t.db)))).map((user) => user.id);
});
afterAll(() => t.close());

const get = async (url: string, admin = false) => {
  const response = await t.request({ method: 'GET', url, ...(admin ? { cookie: adminCookie } : {}) });
  expect(response.statusCode, url).toBe(200);
  return response.json();
};
const find = <T extends { id: number }>(list: T[] | { items: T[] }, id: number) => (Array.isArray(list) ? list : list.items).find((item) => item.id === id)!;

describe('public and admin answers agree on non-zero counts', () => {
  it('podcasts: 2 likes and 3 comments', async () => {
    const { id } = await createPodcast(t.db, { title: 'Counted podcast' });
    await t.db.insert(podcastLikes).values(memberIds.slice(0, 2).map((userId) => ({ podcastId: id, userId })));
    await t.db.insert(podcastComments).values(memberIds.slice(0, 3).map((userId) => ({ podcastId: id, userId, content: 'Nice one' })));
    const expected = { likes: 2, comments: 3 };
    expect(find(await get('/api/podcasts'), id)).toMatchObject(expected);
    expect(find(await get('/api/admin/podcasts', true), id)).toMatchObject(expected);
  });

  it('listings: one 4-star and one 5-star review, 3 likes', async () => {
    const { id } = await createListing(t.db, { name: 'Counted cafe' });
    await addReview(t.db, id, memberIds[0]!, 4);
    await addReview(t.db, id, memberIds[1]!, 5);
    await t.db.insert(listingLikes).values(memberIds.slice(0, 3).map((userId) => ({ listingId: id, userId })));
    const expected = { avgRating: 4.5, reviewCount: 2, likes: 3 };
    expect(find(await get('/api/directory'), id)).toMatchObject(expected);
    expect(find(await get('/api/admin/directory', true), id)).toMatchObject(expected);
  });

  it('blogs: 3 likes and 1 comment', async () => {
    const { id } = await createBlog(t.db, { title: 'Counted article' });
    await t.db.insert(blogLikes).values(memberIds.slice(0, 3).map((userId) => ({ blogId: id, userId })));
    await t.db.insert(blogComments).values({ blogId: id, userId: memberIds[0]!, content: 'Thank you' });
    const expected = { likesCount: 3, commentsCount: 1 };
    expect(find(await get('/api/blogs?published=true'), id)).toMatchObject(expected);
    expect(await get(`/api/blogs/${id}`)).toMatchObject(expected);
    expect(find(await get('/api/admin/blogs', true), id)).toMatchObject(expected);
  });

  it('forum posts: 1 like and 2 comments', async () => {
    const [post] = await t.db.insert(forumPosts).values({ userId: memberIds[0]!, title: 'Counted post', content: 'Twenty characters of content here.', category: 'general' }).returning();
    const id = post!.id;
    await t.db.insert(forumPostLikes).values({ postId: id, userId: memberIds[1]! });
    await t.db.insert(forumComments).values(memberIds.slice(0, 2).map((userId) => ({ postId: id, userId, content: 'Agreed!' })));
    const expected = { likes: 1, comments: 2 };
    expect(find(await get('/api/forum/posts'), id)).toMatchObject(expected);
    expect(find(await get('/api/admin/forum/posts', true), id)).toMatchObject(expected);
  });

  it('events: 3 attending of 5 places, so 2 spots left; a cancelled RSVP takes none', async () => {
    const { id } = await createEvent(t.db, { title: 'Counted event', dateTime: new Date(Date.now() + 2 * DAY), maxAttendees: 5 });
    await t.db.insert(eventRsvps).values(memberIds.slice(0, 3).map((userId) => ({ eventId: id, userId, status: 'attending' as const })));
    await t.db.insert(eventRsvps).values({ eventId: id, userId: memberIds[3]!, status: 'cancelled' as const });
    const expected = { attendees: 3, maxAttendees: 5, spotsLeft: 2 };
    expect(find(await get('/api/events'), id)).toMatchObject(expected);
    expect(find(await get('/api/admin/events', true), id)).toMatchObject(expected);
  });
});

describe("Home's counts, kept by the database", () => {
  const truth = async () => {
    const [row] = await t.db
      .select({
        podcastCount: sql<number>`(select count(*) from ${podcasts})`.mapWith(Number),
        directoryCount: sql<number>`(select count(*) from ${listings})`.mapWith(Number),
        userCount: sql<number>`(select count(*) from ${users} where ${users.approvalStatus} = 'approved')`.mapWith(Number),
        eventCount: sql<number>`(select count(*) from ${events} where ${events.dateTime} >= now())`.mapWith(Number),
      })
      .from(sql`(select 1) as one`);
    return row!;
  };
  const stats = async () => (await get('/api/stats')) as { podcastCount: number; directoryCount: number; userCount: number; eventCount: number };

  it('agree with the tables after sign-ups, approvals, rejections, edits, deletions and bulk writes', async () => {
    expect(await stats()).toMatchObject(await truth());

    const applicant = await createUser(t.db, { status: 'pending' });
    const before = await stats();
    await t.request({ method: 'PATCH', url: `/api/admin/users/${applicant.id}/approval`, cookie: adminCookie, payload: { isApproved: true } });
    expect((await stats()).userCount).toBe(before.userCount + 1);
    await t.request({ method: 'PATCH', url: `/api/admin/users/${applicant.id}/approval`, cookie: adminCookie, payload: { isApproved: false } });
    expect((await stats()).userCount).toBe(before.userCount);

    await Promise.all([createPodcast(t.db), createPodcast(t.db), createListing(t.db)]);
    await t.db.insert(podcasts).values([1, 2, 3].map((n) => ({ title: `Bulk ${n}`, description: 'd', category: 'c', embedUrl: 'https://www.youtube.com/embed/abc' })));
    const doomed = await createUser(t.db);
    await t.db.delete(users).where(eq(users.id, doomed.id));
    await t.db.delete(podcasts).where(eq(podcasts.title, 'Bulk 2'));
    await t.db.update(users).set({ approvalStatus: 'rejected' }).where(eq(users.id, memberIds[3]!));
    expect(await stats()).toMatchObject(await truth());
  });

  it('count the upcoming events: later today, not earlier today, on later days, moved, deleted, in bulk', async () => {
    const at = (ms: number) => new Date(Date.now() + ms);
    const before = (await stats()).eventCount;
    // The next minute is later today (UTC) unless the test runs in a day's last minute; either way it is upcoming.
    const soon = await createEvent(t.db, { title: 'In a minute', dateTime: at(60_000) });
    await createEvent(t.db, { title: 'A minute ago', dateTime: at(-60_000) });
    const later = await createEvent(t.db, { title: 'In three days', dateTime: at(3 * DAY) });
    await t.db.insert(events).values([5, 6, 7].map((days) => ({ title: `Bulk ${days}`, description: 'd', dateTime: at(days * DAY), location: 'Online' })));
    expect((await stats()).eventCount).toBe(before + 5);
    // Moved into the past, then back; an RSVP rewrites the event without moving it.
    await t.db.update(events).set({ dateTime: at(-2 * DAY) }).where(eq(events.id, later.id));
    expect((await stats()).eventCount).toBe(before + 4);
    await t.db.update(events).set({ dateTime: at(10 * DAY) }).where(eq(events.id, later.id));
    await t.db.insert(eventRsvps).values({ eventId: later.id, userId: memberIds[0]!, status: 'attending' });
    await t.db.delete(events).where(eq(events.id, soon.id));
    expect((await stats()).eventCount).toBe(before + 4);
    expect(await stats()).toMatchObject(await truth());
    const kept = await t.db.execute(sql`select day from event_days e where n <> (select count(*) from ${events} where (date_time at time zone 'UTC')::date = e.day)
      union all select (date_time at time zone 'UTC')::date from ${events} group by 1 having (date_time at time zone 'UTC')::date not in (select day from event_days)`);
    expect(rowsOf(kept)).toEqual([]);
  });
});

describe("each item's counts, kept on its row by the database", () => {
  /** Items whose kept count differs from a count of the rows behind it (the rule of bloom_keep_count). */
  const drifted = async () => {
    const rows = await t.db.execute(sql`
      select 'blog ' || id as item from blogs b
        where like_count <> (select count(*) from blog_likes where blog_id = b.id)
           or comment_count <> (select count(*) from blog_comments where blog_id = b.id and state = 'published')
      union all select 'podcast ' || id from podcasts p
        where like_count <> (select count(*) from podcast_likes where podcast_id = p.id)
           or comment_count <> (select count(*) from podcast_comments where podcast_id = p.id and state = 'published')
      union all select 'forum post ' || id from forum_posts f
        where like_count <> (select count(*) from forum_post_likes where post_id = f.id)
           or comment_count <> (select count(*) from forum_comments where post_id = f.id and state = 'published')
      union all select 'listing ' || id from directory_listings l
        where like_count <> (select count(*) from directory_likes where listing_id = l.id)
           or review_count <> (select count(*) from directory_reviews where listing_id = l.id)
           or rating_sum <> (select coalesce(sum(rating), 0) from directory_reviews where listing_id = l.id)
      union all select 'event ' || id from events e
        where attending_count <> (select count(*) from event_rsvps where event_id = e.id and status = 'attending')`);
    return rowsOf<{ item: string }>(rows);
  };

  it('follow likes, comments held and released, reviews edited, RSVPs moved, bulk writes and cascades', async () => {
    const [a, b, c, d] = await Promise.all([1, 2, 3, 4].map(() => createUser(t.db)));
    const { id: blogId } = await createBlog(t.db, { title: 'Kept counts' });
    await t.db.insert(blogLikes).values([a!, b!, c!].map((user) => ({ blogId, userId: user.id })));
    await t.db.delete(blogLikes).where(sql`${blogLikes.blogId} = ${blogId} and ${blogLikes.userId} = ${a!.id}`);
    // One statement of 40 comments, one held comment, then released; one published comment hidden.
    await t.db.insert(blogComments).values(Array.from({ length: 40 }, (_, n) => ({ blogId, userId: [a!, b!][n % 2]!.id, content: `Comment ${n}` })));
    const [held] = await t.db.insert(blogComments).values({ blogId, userId: c!.id, content: 'Held', state: 'held', holdReason: 'watched_word' }).returning();
    expect(find(await get('/api/blogs?published=true'), blogId)).toMatchObject({ likesCount: 2, commentsCount: 40 });
    await t.db.update(blogComments).set({ state: 'published', holdReason: null }).where(eq(blogComments.id, held!.id));
    await t.db.update(blogComments).set({ state: 'hidden' }).where(sql`${blogComments.blogId} = ${blogId} and ${blogComments.content} = 'Comment 0'`);
    // Deleting a member takes her likes and comments with her (cascade): b had a like and 20 comments.
    await t.db.delete(users).where(eq(users.id, b!.id));
    expect(find(await get('/api/blogs?published=true'), blogId)).toMatchObject({ likesCount: 1, commentsCount: 20 });

    const { id: listingId } = await createListing(t.db, { name: 'Kept cafe' });
    await addReview(t.db, listingId, c!.id, 4);
    await addReview(t.db, listingId, d!.id, 5);
    await t.db.execute(sql`update directory_reviews set rating = 2 where listing_id = ${listingId} and user_id = ${c!.id}`);
    expect(find(await get('/api/directory'), listingId)).toMatchObject({ avgRating: 3.5, reviewCount: 2 });

    const { id: eventId } = await createEvent(t.db, { title: 'Kept event', dateTime: new Date(Date.now() + 2 * DAY), maxAttendees: 2 });
    await t.db.insert(eventRsvps).values([
      { eventId, userId: a!.id, status: 'attending' as const },
      { eventId, userId: c!.id, status: 'waitlisted' as const, waitlistedAt: new Date() },
    ]);
    await t.db.update(eventRsvps).set({ status: 'attending', waitlistedAt: null }).where(eq(eventRsvps.userId, c!.id));
    await t.db.update(eventRsvps).set({ status: 'cancelled' }).where(sql`${eventRsvps.eventId} = ${eventId} and ${eventRsvps.userId} = ${a!.id}`);
    expect(find(await get('/api/events'), eventId)).toMatchObject({ attendees: 1, spotsLeft: 1 });

    expect(await drifted()).toEqual([]);
  });
});

describe('likes: one way for every kind', () => {
  it('sets a like on or off on a podcast, an article, a listing and a forum post, answering the count the item keeps', async () => {
    const [first, second] = await Promise.all([t.signInAs('member'), t.signInAs('member')]);
    const author = await createUser(t.db);
    const [post] = await t.db.insert(forumPosts).values({ userId: author.id, title: 'Liked post', content: 'Twenty characters of content here.', category: 'general' }).returning();
    const items = [
      ['content.podcasts.like', (await createPodcast(t.db, { title: 'Liked podcast' })).id],
      ['content.blogs.like', (await createBlog(t.db, { title: 'Liked article' })).id],
      ['content.directory.like', (await createListing(t.db, { name: 'Liked listing' })).id],
      ['content.forum.like', post!.id],
    ] as const;
    for (const [path, id] of items) {
      const like = async (who: { cookie: string }, liked: boolean) => {
        const response = await trpcRequest(t.app, { path, type: 'mutation', input: { id, liked }, cookie: who.cookie });
        expect(response.statusCode, `${path} ${response.body}`).toBe(200);
        return (response.json() as { result: { data: unknown } }).result.data;
      };
      expect(await like(first, true)).toEqual({ liked: true, likes: 1 });
      expect(await like(first, true)).toEqual({ liked: true, likes: 1 });
      expect(await like(second, true)).toEqual({ liked: true, likes: 2 });
      expect(await like(first, false)).toEqual({ liked: false, likes: 1 });
      expect(await like(first, false)).toEqual({ liked: false, likes: 1 });
      const missing = await trpcRequest(t.app, { path, type: 'mutation', input: { id: 999999, liked: true }, cookie: first.cookie });
      expect(missing.statusCode, path).toBe(404);
    }
  });
});
