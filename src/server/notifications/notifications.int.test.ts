import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { forumPosts, notifications } from '#db/schema';
import { NOTIFICATION_READ_IDS_MAX } from '#shared/notifications';
import { queueEventReminders } from '../calendar';
import { createBlog, createEvent, createPodcast } from '../test/content-factories';
import { trpcRequest } from '../test/procedures';
import { createTestApp, type TestApp } from '../test/test-app';
import { deleteOldReadNotifications } from './inbox';

/** Each kind of notification is written by its cause, and only then; never to the one who acted, nor across a block, nor about held writing. */
let t: TestApp;
type Someone = Awaited<ReturnType<TestApp['signInAs']>>;
let zeina: Someone;
let laila: Someone;
let admin: Someone;
let moderator: Someone;
beforeAll(async () => {
  t = await createTestApp();
  [zeina, laila, admin, moderator] = await Promise.all([
    t.signInAs('member', { firstName: 'Zeina' }),
    t.signInAs('member', { firstName: 'Laila' }),
    t.signInAs('admin', { firstName: 'Amal' }),
    t.signInAs('moderator', { firstName: 'Mona' }),
  ]);
});
afterAll(() => t.close());

interface Item {
  id: number;
  kind: string;
  readAt: string | null;
  actor: { firstName: string; lastName: string } | null;
  target: { type: string; id: number; title: string };
  href: string;
  detail: string | null;
}
interface Inbox {
  items: Item[];
  nextCursor: number | null;
  unread: number;
}
const as = (who: Someone | null, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) => t.request({ method, url, payload, cookie: who?.cookie });
const inbox = async (who: Someone, query = ''): Promise<Inbox> => {
  const response = await as(who, 'GET', `/api/notifications${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Inbox;
};
const kinds = async (who: Someone) => (await inbox(who)).items.map((item) => item.kind);
/** What she is told from now on: the kinds of the notifications newer than the last she had. */
async function newFor(who: Someone, since: number) {
  return (await inbox(who)).items.filter((item) => item.id > since);
}
const lastId = async (who: Someone) => (await inbox(who)).items[0]?.id ?? 0;

async function forumPost(who: Someone, title = 'Where do you study?') {
  const response = await as(who, 'POST', '/api/forum/posts', { title, content: 'Twenty characters of content here.', category: 'general' });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number };
}
async function comment(who: Someone, url: string, content: string, parentId?: number) {
  const response = await as(who, 'POST', url, { content, ...(parentId ? { parentId } : {}) });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number };
}

describe('reply', () => {
  it('tells the forum post\'s author of a comment and a comment\'s author of a reply, by display name, with where it leads', async () => {
    const before = await lastId(zeina);
    const post = await forumPost(zeina, 'Best study music?');
    const url = `/api/forum/posts/${post.id}/comments`;
    const first = await comment(laila, url, 'Lo-fi beats');
    const [told] = await newFor(zeina, before);
    expect(told).toMatchObject({ kind: 'reply', readAt: null, actor: { firstName: 'Laila', lastName: expect.stringMatching(/^.\.$/) }, target: { type: 'forum', id: post.id, title: 'Best study music?' }, href: `/community/blog?post=${post.id}#comment-${first.id}` });

    // A reply on a podcast tells the comment's author; her own comment on her own post, or her reply to herself, tells nobody.
    const podcast = await createPodcast(t.db, { title: 'Calm voices' });
    const lailaBefore = await lastId(laila);
    const hers = await comment(laila, `/api/podcasts/${podcast.id}/comments`, 'Loved it');
    await comment(zeina, `/api/podcasts/${podcast.id}/comments`, 'Me too', hers.id);
    await comment(laila, `/api/podcasts/${podcast.id}/comments`, 'Thanks!', hers.id);
    await comment(laila, url, 'Also rain sounds', first.id);
    expect((await newFor(laila, lailaBefore)).map((item) => [item.kind, item.target.type, item.actor?.firstName])).toEqual([['reply', 'podcast', 'Zeina']]);
  });

  it('leads to the comment in its thread: a reply or a mention in a comment ends in #comment-{id}', async () => {
    const podcast = await createPodcast(t.db, { title: 'Linked voices' });
    const blog = await createBlog(t.db);
    const zeinaBefore = await lastId(zeina);
    const onPodcast = await comment(zeina, `/api/podcasts/${podcast.id}/comments`, 'Lovely episode');
    const podcastReply = await comment(laila, `/api/podcasts/${podcast.id}/comments`, 'Agreed', onPodcast.id);
    const onBlog = await comment(zeina, `/api/blogs/${blog.id}/comments`, 'Good read');
    const blogReply = await comment(laila, `/api/blogs/${blog.id}/comments`, 'It was', onBlog.id);
    const zeinaName = `@Zeina ${zeina.user.lastName[0]!.toUpperCase()}.`;
    const mentioning = await comment(laila, `/api/blogs/${blog.id}/comments`, `Ask ${zeinaName} about it`);
    const told = (await newFor(zeina, zeinaBefore)).map((item) => [item.kind, item.href]);
    expect(told).toEqual([
      ['mention', `/blog?post=${blog.id}#comment-${mentioning.id}`],
      ['reply', `/blog?post=${blog.id}#comment-${blogReply.id}`],
      ['reply', `/podcasts?podcast=${podcast.id}#comment-${podcastReply.id}`],
    ]);

    // A comment on her forum post: the forum, told the post, at the comment.
    const lailaBefore = await lastId(laila);
    const thread = await forumPost(laila, 'Linked thread');
    const answer = await comment(zeina, `/api/forum/posts/${thread.id}/comments`, 'Here');
    expect((await newFor(laila, lailaBefore)).map((item) => item.href)).toEqual([`/community/blog?post=${thread.id}#comment-${answer.id}`]);
  });

  it('is never written across a block, either way, nor to a member who blocked the thread\'s author', async () => {
    const dina = await t.signInAs('member', { firstName: 'Dina' });
    const hana = await t.signInAs('member', { firstName: 'Hana' });
    const blog = await createBlog(t.db);
    const url = `/api/blogs/${blog.id}/comments`;
    const dinas = await comment(dina, url, 'Dina thinks');
    const hanaFirst = await comment(hana, url, 'Hana thinks');
    expect((await as(dina, 'POST', '/api/blocks', { userId: hana.user.id })).statusCode).toBe(201);
    // Neither can answer the other: each one's reply is refused, and nobody is told.
    expect((await as(dina, 'POST', url, { content: 'Dina answers', parentId: hanaFirst.id })).statusCode).toBe(404);
    // Hana can't see Dina's comment: her reply is refused, and Dina hears nothing.
    expect((await as(hana, 'POST', url, { content: 'Hana answers', parentId: dinas.id })).statusCode).toBe(404);
    expect(await kinds(dina)).toEqual([]);
    expect(await kinds(hana)).toEqual([]);

    // Hana blocked by the forum post's author: a reply to her comment there is not sent to her.
    const post = await forumPost(zeina, 'A thread by Zeina');
    const hanas = await comment(hana, `/api/forum/posts/${post.id}/comments`, 'Hana was here');
    expect((await as(zeina, 'POST', '/api/blocks', { userId: hana.user.id })).statusCode).toBe(201);
    await comment(laila, `/api/forum/posts/${post.id}/comments`, 'Answering Hana', hanas.id);
    expect(await kinds(hana)).toEqual([]);
  });

  it('waits while a reply is held; approval tells its author and then the one it answers; rejection tells only its author', async () => {
    const newcomer = await t.signInAs('member', { established: false, firstName: 'Nour' });
    const post = await forumPost(zeina, 'Held replies');
    const zeinaBefore = await lastId(zeina);
    const staffBefore = await lastId(moderator);
    const held = await comment(newcomer, `/api/forum/posts/${post.id}/comments`, 'My first words');
    expect(await newFor(zeina, zeinaBefore)).toEqual([]);
    // Staff hear it waits (the author by display name); the author herself is not staff and hears nothing yet.
    expect((await newFor(moderator, staffBefore)).map((item) => [item.kind, item.href, item.actor?.firstName])).toEqual([['review_waiting', '/admin?tab=review', 'Nour']]);
    expect(await kinds(newcomer)).toEqual([]);

    expect((await as(moderator, 'POST', `/api/admin/moderation/forum_comment/${held.id}/approve`)).statusCode).toBe(200);
    expect((await inbox(newcomer)).items.map((item) => [item.kind, item.actor])).toEqual([['held_approved', null]]);
    expect((await newFor(zeina, zeinaBefore)).map((item) => item.kind)).toEqual(['reply']);

    const rejected = await comment(newcomer, `/api/forum/posts/${post.id}/comments`, 'Second try');
    expect((await as(moderator, 'POST', `/api/admin/moderation/forum_comment/${rejected.id}/reject`)).statusCode).toBe(200);
    expect(await kinds(newcomer)).toEqual(['held_rejected', 'held_approved']);
    expect((await newFor(zeina, zeinaBefore)).map((item) => item.kind)).toEqual(['reply']);
  });
});

describe('reports', () => {
  it('tell staff of a new report (never the reporter herself) and each reporter that hers was reviewed, nothing about the outcome', async () => {
    const post = await forumPost(laila, 'Reported thread');
    const adminBefore = await lastId(admin);
    const report = await as(zeina, 'POST', '/api/reports', { targetType: 'forum_post', targetId: post.id, reason: 'spam' });
    expect(report.statusCode).toBe(201);
    const [told] = await newFor(admin, adminBefore);
    expect(told).toMatchObject({ kind: 'report_new', href: '/admin?tab=reports', target: { type: 'report', title: 'Reported thread' } });
    expect((await newFor(moderator, adminBefore)).some((item) => item.kind === 'report_new')).toBe(true);
    // A moderator's own report tells the other staff, not her.
    const moderatorBefore = await lastId(moderator);
    expect((await as(moderator, 'POST', '/api/reports', { targetType: 'forum_post', targetId: post.id, reason: 'spam' })).statusCode).toBe(201);
    expect(await newFor(moderator, moderatorBefore)).toEqual([]);

    const zeinaBefore = await lastId(zeina);
    const reportId = (report.json() as { id: number }).id;
    expect((await as(admin, 'POST', `/api/admin/reports/${reportId}/resolve`, { action: 'dismiss' })).statusCode).toBe(200);
    const [resolved] = await newFor(zeina, zeinaBefore);
    expect(resolved).toMatchObject({ kind: 'report_resolved', actor: null, href: '/settings/safety', target: { type: 'report', id: reportId } });
    expect(JSON.stringify(resolved)).not.toContain('dismiss');
    // The reported author is told nothing.
    expect((await kinds(laila)).filter((kind) => kind.startsWith('report'))).toEqual([]);
  });
});

describe('events', () => {
  const rsvp = (who: Someone, id: number) => as(who, 'POST', `/api/events/${id}/rsvp`);

  it('a freed spot tells the member who takes it from the waitlist', async () => {
    const event = await createEvent(t.db, { title: 'Small workshop', maxAttendees: 1 });
    await rsvp(zeina, event.id);
    await rsvp(laila, event.id);
    const before = await lastId(laila);
    expect((await as(zeina, 'DELETE', `/api/events/${event.id}/rsvp`)).statusCode).toBe(200);
    expect((await newFor(laila, before)).map((item) => [item.kind, item.target.title, item.href])).toEqual([['waitlist_promoted', 'Small workshop', `/events?event=${event.id}`]]);
  });

  it('a reminder tells each attendee once', async () => {
    const event = await createEvent(t.db, { title: 'Tomorrow\'s picnic', dateTime: new Date(Date.now() + 20 * 3_600_000) });
    const before = await lastId(zeina);
    await rsvp(zeina, event.id);
    await Promise.all([queueEventReminders(t.db, { name: 'Bloom Circle', url: 'https://bloom.example' }), queueEventReminders(t.db, { name: 'Bloom Circle', url: 'https://bloom.example' })]);
    expect((await newFor(zeina, before)).map((item) => item.kind)).toEqual(['event_reminder']);
  });

  it('a new time or place, or a cancellation, tells attendees and the waitlist; other edits tell nobody', async () => {
    const event = await createEvent(t.db, { title: 'Garden day', maxAttendees: 1 });
    await rsvp(zeina, event.id);
    await rsvp(laila, event.id);
    const [zeinaBefore, lailaBefore, adminBefore] = [await lastId(zeina), await lastId(laila), await lastId(admin)];
    const form = { title: event.title, description: event.description, location: event.location, dateTime: event.dateTime.toISOString(), maxAttendees: 1 };
    const edit = async (changes: object) => {
      const response = await as(admin, 'PATCH', `/api/events/${event.id}`, { ...form, ...changes });
      expect(response.statusCode, response.body).toBe(200);
    };
    await edit({ description: 'Bring gloves.' });
    expect(await newFor(zeina, zeinaBefore)).toEqual([]);
    await edit({ location: 'The park' });
    await edit({ location: 'The park', dateTime: new Date(Date.now() + 9 * 86_400_000).toISOString() });
    expect((await as(admin, 'DELETE', `/api/events/${event.id}`)).statusCode).toBe(200);
    for (const [who, since] of [[zeina, zeinaBefore], [laila, lailaBefore]] as const) {
      expect((await newFor(who, since)).map((item) => [item.kind, item.detail])).toEqual([
        ['event_changed', 'cancelled'],
        ['event_changed', 'time'],
        ['event_changed', 'place'],
      ]);
    }
    expect((await newFor(zeina, zeinaBefore))[0]!.href).toBe('/events');
    expect(await newFor(admin, adminBefore)).toEqual([]);
  });
});

describe('her inbox', () => {
  it('pages newest first with an unread count, marks read by id (only hers) or all, and refuses bad or too many ids with a message', async () => {
    const reader = await t.signInAs('member', { firstName: 'Rana' });
    const post = await forumPost(reader, 'Many answers');
    for (let i = 0; i < 5; i++) await comment(laila, `/api/forum/posts/${post.id}/comments`, `Answer ${i}`);
    const first = await inbox(reader, '?limit=2');
    expect(first.items).toHaveLength(2);
    expect(first.unread).toBe(5);
    const second = await inbox(reader, `?limit=2&cursor=${first.nextCursor}`);
    expect(second.items[0]!.id).toBeLessThan(first.items[1]!.id);

    // Someone else's ids change nothing.
    const others = (await inbox(zeina)).items.map((item) => item.id);
    expect((await as(reader, 'POST', '/api/notifications/read', { ids: others })).json()).toMatchObject({ success: true, unread: 5 });
    expect((await inbox(zeina)).items.filter((item) => others.includes(item.id)).every((item) => item.readAt === null)).toBe(true);

    const read = await trpcRequest(t.app, { path: 'content.notifications.read', type: 'mutation', input: { ids: first.items.map((item) => item.id) }, cookie: reader.cookie });
    expect(read.statusCode).toBe(200);
    expect((await inbox(reader)).unread).toBe(3);

    const thousand = Array.from({ length: 1000 }, (_, i) => i + 1);
    for (const payload of [{ ids: thousand }, { ids: [] }, { ids: ['x'] }, {}, { ids: [1], all: true }, { all: false }, []]) {
      const refused = await as(reader, 'POST', '/api/notifications/read', payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(refused.json(), JSON.stringify(payload)).toEqual({ message: expect.any(String) });
    }
    expect((await as(reader, 'POST', '/api/notifications/read', { ids: thousand })).json()).toEqual({ message: `ids must be a list of 1 to ${NOTIFICATION_READ_IDS_MAX} notification ids` });
    expect((await inbox(reader)).unread).toBe(3);
    expect((await as(reader, 'POST', '/api/notifications/read', { all: true })).json()).toMatchObject({ unread: 0 });
    expect((await as(null, 'GET', '/api/notifications')).statusCode).toBe(401);
    expect((await as(null, 'POST', '/api/notifications/read', { all: true })).statusCode).toBe(401);
  });

  it('hides notifications from a member she blocked later, keeps unread ones and deletes read ones after 90 days, and her export holds hers', async () => {
    const reader = await t.signInAs('member', { firstName: 'Salma' });
    const post = await forumPost(reader, 'Kept or not');
    await comment(laila, `/api/forum/posts/${post.id}/comments`, 'Hello');
    await comment(zeina, `/api/forum/posts/${post.id}/comments`, 'Hi');
    expect(await kinds(reader)).toEqual(['reply', 'reply']);
    expect((await as(reader, 'POST', '/api/blocks', { userId: laila.user.id })).statusCode).toBe(201);
    expect((await inbox(reader)).items.map((item) => item.actor?.firstName)).toEqual(['Zeina']);

    const exported = (await as(reader, 'GET', '/api/account/export')).json() as { notifications: { kind: string; title: string }[] };
    expect(exported.notifications.map((item) => item.title)).toEqual(['Kept or not', 'Kept or not']);

    await as(reader, 'POST', '/api/notifications/read', { all: true });
    const mine = eq(notifications.userId, reader.user.id);
    await t.db.update(notifications).set({ readAt: sql`now() - interval '91 days'` }).where(mine);
    await t.db.insert(notifications).values({ userId: reader.user.id, kind: 'reply', actorId: null, targetType: 'forum', targetId: post.id, title: 'Old but unread', createdAt: new Date(Date.now() - 200 * 86_400_000) });
    expect(await deleteOldReadNotifications(t.db)).toBeGreaterThanOrEqual(1);
    expect((await t.db.select({ title: notifications.title }).from(notifications).where(mine)).map((row) => row.title)).toEqual(['Old but unread']);
  });

  it('is never stored by the read cache: each member gets her own', async () => {
    const one = await inbox(zeina);
    const other = await inbox(laila);
    expect(one.items.map((item) => item.id)).not.toEqual(other.items.map((item) => item.id));
    const response = await as(zeina, 'GET', '/api/notifications');
    expect(response.headers['cache-control'] ?? '').not.toMatch(/public/);
  });

  it('notifies nobody when a member deletes her own comment, and a post\'s title stays what it was', async () => {
    const post = await forumPost(zeina, 'Title at the time');
    const before = await lastId(zeina);
    const mine = await comment(laila, `/api/forum/posts/${post.id}/comments`, 'Soon gone');
    await as(laila, 'DELETE', `/api/comments/forum/${mine.id}`);
    await t.db.update(forumPosts).set({ title: 'Renamed' }).where(eq(forumPosts.id, post.id));
    expect((await newFor(zeina, before)).map((item) => item.target.title)).toEqual(['Title at the time']);
  });
});

describe('preferences', () => {
  it('start from the defaults, change per kind on both APIs, refuse what is not hers with a message, and a kind off on the site is not written', async () => {
    const reader = await t.signInAs('member', { firstName: 'Yara' });
    const start = (await as(reader, 'GET', '/api/notifications/preferences')).json() as Record<string, { site: boolean; mail: string }>;
    expect(start.reply).toEqual({ site: true, mail: 'daily' });
    expect(start.event_changed).toEqual({ site: true, mail: 'instant' });
    expect(start.report_new).toBeUndefined();
    const staff = (await as(moderator, 'GET', '/api/notifications/preferences')).json() as Record<string, { site: boolean; mail: string }>;
    expect(staff.review_waiting).toEqual({ site: true, mail: 'off' });

    const saved = await as(reader, 'PUT', '/api/notifications/preferences', { reply: { site: false }, mention: { mail: 'weekly' } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ reply: { site: false, mail: 'daily' }, mention: { site: true, mail: 'weekly' } });
    const viaTrpc = await trpcRequest(t.app, { path: 'content.notifications.setPreferences', type: 'mutation', input: { mention: { mail: 'off' } }, cookie: reader.cookie });
    expect(viaTrpc.statusCode).toBe(200);

    for (const payload of [{ report_new: { site: false } }, { nonsense: { site: false } }, { reply: { mail: 'hourly' } }, { reply: { site: 'no' } }, { reply: { site: true, colour: 'red' } }, []]) {
      const refused = await as(reader, 'PUT', '/api/notifications/preferences', payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(refused.json(), JSON.stringify(payload)).toEqual({ message: expect.any(String) });
    }
    expect((await as(reader, 'GET', '/api/notifications/preferences')).json()).toMatchObject({ reply: { site: false, mail: 'daily' }, mention: { site: true, mail: 'off' } });

    const post = await forumPost(reader, 'Quiet please');
    await comment(laila, `/api/forum/posts/${post.id}/comments`, 'Hello there');
    expect(await kinds(reader)).toEqual([]);
    expect((await as(null, 'GET', '/api/notifications/preferences')).statusCode).toBe(401);
  });
});
