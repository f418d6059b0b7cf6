import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forumComments, forumPosts, podcastComments, profileChanges, users } from '#db/schema';
import { messages } from '#shared/messages';
import { createBlog, createPodcast } from '../test/content-factories';
import { trpcRequest } from '../test/procedures';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * Held for review: a new member's first posts and comments, and anything with a `hold` word,
 * wait for a moderator; only their author sees them, marked, and they count nowhere until
 * approved.
 */
const s = messages.safety;
let t: TestApp;
type SignedIn = Awaited<ReturnType<TestApp['signInAs']>>;
let admin: SignedIn;
let reader: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAs('admin');
  reader = await t.signInAs('member');
});
afterAll(() => t.close());

const as = (who: SignedIn | null, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) => t.request({ method, url, payload, cookie: who?.cookie });
const newPost = (who: SignedIn, title = 'My very first post') => as(who, 'POST', '/api/forum/posts', { title, content: 'Hello everyone, I am happy to be here with you.', category: 'general' });
const forumTitles = async (who: SignedIn | null) => ((await as(who, 'GET', '/api/forum/posts?limit=100')).json().items as { title: string }[]).map((post) => post.title);

describe('a new member', () => {
  it('has her first post held: she sees it marked, nobody else sees or counts it anywhere', async () => {
    const newcomer = await t.signInAs('member', { established: false });
    const created = await newPost(newcomer, 'Hello from a newcomer');
    expect(created.statusCode).toBe(201);
    // She is told it waits, in the word for what she wrote, and why: she is new.
    expect(created.json()).toMatchObject({ title: 'Hello from a newcomer', waitingForReview: true, isMine: true, message: `${s.heldForReview} ${s.heldAsNewMember(3)}` });
    expect(created.json().message).toBe('Thanks! Your post will appear once a moderator has reviewed it. Your first 3 posts and comments wait for a moderator’s review; after that, what you write appears right away.');
    const id = created.json().id as number;

    expect(await forumTitles(newcomer)).toContain('Hello from a newcomer');
    expect(await forumTitles(null)).not.toContain('Hello from a newcomer');
    expect(await forumTitles(reader)).not.toContain('Hello from a newcomer');
    expect(await forumTitles(admin)).not.toContain('Hello from a newcomer');
    expect((await as(reader, 'GET', `/api/forum/posts/${id}`)).statusCode).toBe(404);
    expect((await as(null, 'GET', `/api/forum/posts/${id}/comments`)).statusCode).toBe(404);
    // Nobody can like or comment on what they can't see.
    expect((await as(reader, 'POST', `/api/forum/posts/${id}/like`)).statusCode).toBe(404);
    expect((await as(reader, 'POST', `/api/forum/posts/${id}/comments`, { content: 'Welcome!' })).statusCode).toBe(404);
    const activity = (await as(null, 'GET', '/api/activity?limit=30')).json() as { title: string }[];
    expect(activity.map((item) => item.title)).not.toContain('Hello from a newcomer');
    const hubStats = await trpcRequest(t.app, { path: 'content.hub.stats', type: 'query' });
    const published = await t.db.select().from(forumPosts).where(eq(forumPosts.state, 'published'));
    expect(hubStats.json().result.data.forumPostCount).toBe(published.length);
  });

  it('has her first comments held, uncounted, and shown to her alone, marked', async () => {
    const newcomer = await t.signInAs('member', { established: false });
    const podcast = await createPodcast(t.db);
    const created = await as(newcomer, 'POST', `/api/podcasts/${podcast.id}/comments`, { content: 'Loved this episode!' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ content: 'Loved this episode!', waitingForReview: true, isMine: true, message: `${s.commentHeldForReview} ${s.heldAsNewMember(3)}` });
    expect(created.json().message).toMatch(/^Thanks! Your comment will appear once a moderator has reviewed it\. Your first 3 posts and comments/);

    const hers = (await as(newcomer, 'GET', `/api/podcasts/${podcast.id}/comments`)).json() as { content: string; waitingForReview: boolean }[];
    expect(hers).toEqual([expect.objectContaining({ content: 'Loved this episode!', waitingForReview: true })]);
    expect((await as(reader, 'GET', `/api/podcasts/${podcast.id}/comments`)).json()).toEqual([]);
    expect((await as(null, 'GET', `/api/podcasts/${podcast.id}/comments`)).json()).toEqual([]);
    const listed = ((await as(null, 'GET', '/api/podcasts?limit=100')).json() as { id: number; comments: number }[]).find((p) => p.id === podcast.id);
    expect(listed?.comments).toBe(0);
  });

  it('is established once 3 of her items are approved; then she publishes at once', async () => {
    const newcomer = await t.signInAs('member', { established: false });
    const blog = await createBlog(t.db);
    const post = (await newPost(newcomer, 'Question about journaling')).json() as { id: number };
    const comment = (await as(newcomer, 'POST', `/api/blogs/${blog.id}/comments`, { content: 'This helped me a lot.' })).json() as { id: number };
    const ownThread = (await as(newcomer, 'POST', `/api/forum/posts/${post.id}/comments`, { content: 'Adding a detail to my question.' })).json() as { id: number };

    const queue = (await as(admin, 'GET', '/api/admin/moderation?limit=100')).json() as { kind: string; id: number; holdReason: string; author: { id: number; email: string }; context: { title: string; href: string } }[];
    const hers = queue.filter((item) => item.author.id === newcomer.user.id);
    expect(hers.map((item) => [item.kind, item.id])).toEqual([
      ['forum_post', post.id],
      ['blog_comment', comment.id],
      ['forum_comment', ownThread.id],
    ]);
    expect(hers.every((item) => item.holdReason === 'new_member' && item.author.email === newcomer.user.email)).toBe(true);
    expect(hers[1]!.context).toEqual({ title: blog.title, href: `/blog?post=${blog.id}` });

    // Both doors: REST for the post, tRPC for the comments.
    expect((await as(admin, 'POST', `/api/admin/moderation/forum_post/${post.id}/approve`)).json()).toMatchObject({ success: true, message: s.approved });
    expect(await forumTitles(null)).toContain('Question about journaling');
    for (const [kind, id] of [['blog_comment', comment.id], ['forum_comment', ownThread.id]] as const) {
      const approved = await trpcRequest(t.app, { path: 'admin.moderation.approve', type: 'mutation', input: { kind, id }, cookie: admin.cookie });
      expect(approved.statusCode).toBe(200);
    }
    const [row] = await t.db.select({ established: users.established }).from(users).where(eq(users.id, newcomer.user.id));
    expect(row?.established).toBe(true);
    expect((await newPost(newcomer, 'Now I publish at once')).json()).toMatchObject({ waitingForReview: false, message: null });
    expect(await forumTitles(null)).toContain('Now I publish at once');
  });

  it('has a rejected item deleted, silently', async () => {
    const newcomer = await t.signInAs('member', { established: false });
    const post = (await newPost(newcomer, 'Something to reject')).json() as { id: number };
    const rejected = await as(admin, 'POST', `/api/admin/moderation/forum_post/${post.id}/reject`);
    expect(rejected.json()).toMatchObject({ success: true, message: s.rejected });
    expect(await t.db.select().from(forumPosts).where(eq(forumPosts.id, post.id))).toEqual([]);
    expect(await forumTitles(newcomer)).not.toContain('Something to reject');
  });
});

describe('hold words', () => {
  it('hold an established member\'s post or comment with the reason; admins are never held', async () => {
    await as(admin, 'POST', '/api/admin/watched-words', { word: 'meet me alone', action: 'hold' });
    const held = await newPost(reader, 'Can we meet me alone after school');
    expect(held.json()).toMatchObject({ waitingForReview: true, message: s.heldForReview });
    const [row] = await t.db.select({ state: forumPosts.state, holdReason: forumPosts.holdReason }).from(forumPosts).where(eq(forumPosts.id, held.json().id));
    expect(row).toEqual({ state: 'held', holdReason: 'watched_word' });
    const podcast = await createPodcast(t.db);
    const comment = await as(reader, 'POST', `/api/podcasts/${podcast.id}/comments`, { content: 'Meet... me... aloooone' });
    // A watched word's hold says that it waits, never which word held it.
    expect(comment.json()).toMatchObject({ waitingForReview: true, message: s.commentHeldForReview });

    const byAdmin = await newPost(admin, 'Why we never meet me alone');
    expect(byAdmin.json()).toMatchObject({ waitingForReview: false, message: null });
  });
});

describe('the review queue refuses', () => {
  it('members, unknown or finished items and bad kinds, changing nothing', async () => {
    const newcomer = await t.signInAs('member', { established: false });
    const post = (await newPost(newcomer, 'Waiting quietly')).json() as { id: number };
    expect((await as(reader, 'GET', '/api/admin/moderation')).statusCode).toBe(403);
    expect((await as(reader, 'POST', `/api/admin/moderation/forum_post/${post.id}/approve`)).statusCode).toBe(403);
    expect((await as(null, 'GET', '/api/admin/moderation')).statusCode).toBe(401);

    const missing = await as(admin, 'POST', '/api/admin/moderation/forum_post/999999/approve');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: s.reviewItemNotFound });
    const badKind = await as(admin, 'POST', `/api/admin/moderation/listing/${post.id}/approve`);
    expect(badKind.statusCode).toBe(400);
    expect(badKind.json()).toEqual({ message: s.reviewKindInvalid });

    expect((await as(admin, 'POST', `/api/admin/moderation/forum_post/${post.id}/approve`)).statusCode).toBe(200);
    const again = await as(admin, 'POST', `/api/admin/moderation/forum_post/${post.id}/reject`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: s.notWaitingForReview });
    expect(await t.db.select({ id: forumPosts.id }).from(forumPosts).where(eq(forumPosts.id, post.id))).toHaveLength(1);
  });

  it('shows admins the waiting count for the badge', async () => {
    const before = (await as(admin, 'GET', '/api/admin/moderation/waiting')).json() as { review: number };
    const newcomer = await t.signInAs('member', { established: false });
    await newPost(newcomer, 'Counted while waiting');
    const after = (await as(admin, 'GET', '/api/admin/moderation/waiting')).json() as { review: number };
    expect(after.review).toBe(before.review + 1);
    const held = await t.db.select().from(forumComments).where(eq(forumComments.state, 'held'));
    const heldPodcast = await t.db.select().from(podcastComments).where(eq(podcastComments.state, 'held'));
    expect(after.review).toBeGreaterThanOrEqual(held.length + heldPodcast.length);
  });
});

describe('a profile change with a hold word', () => {
  type Post = { id: number; author: { firstName: string; lastName: string } };
  const authorOf = async (who: SignedIn | null, postId: number) =>
    ((await as(who, 'GET', '/api/forum/posts?limit=100')).json().items as Post[]).find((post) => post.id === postId)?.author;
  const profileQueue = async () => (await as(admin, 'GET', '/api/admin/moderation/profiles?limit=100')).json() as { id: number; member: Record<string, string>; changes: Record<string, string> }[];
  const patch = (who: SignedIn, payload: object) => t.request({ method: 'PATCH', url: '/api/profile', payload, cookie: who.cookie });
  const updateByTrpc = (who: SignedIn, input: object) => trpcRequest(t.app, { path: 'auth.account.updateProfile', type: 'mutation', input, cookie: who.cookie });

  beforeAll(async () => {
    await as(admin, 'POST', '/api/admin/watched-words', { word: 'snapchat', action: 'hold' });
  });

  it('waits for review while her old name shows everywhere; approval applies it', async () => {
    const member = await t.signInAs('member', { firstName: 'Hana' });
    const post = (await newPost(member, 'A post before renaming')).json() as { id: number };
    const [before] = await t.db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, member.user.id));

    const held = await patch(member, { firstName: 'Add me on snapchat hana_2011' });
    expect(held.statusCode).toBe(200);
    expect(held.json()).toMatchObject({ firstName: 'Hana', waitingChange: { firstName: 'Add me on snapchat hana_2011' }, message: messages.account.profileWaitsForReview });
    // Everyone, her included, still reads the old name; she sees her change waiting.
    for (const who of [null, reader, admin, member]) expect(await authorOf(who, post.id)).toEqual({ firstName: 'Hana', lastName: `${before!.lastName[0]}.` });
    expect((await as(member, 'GET', '/api/profile')).json()).toMatchObject({ firstName: 'Hana', waitingChange: { firstName: 'Add me on snapchat hana_2011' } });
    const [stored] = await t.db.select({ firstName: users.firstName }).from(users).where(eq(users.id, member.user.id));
    expect(stored!.firstName).toBe('Hana');

    // The queue shows her as others see her, and the waiting text: nothing else about her.
    const queued = (await profileQueue()).filter((change) => change.changes.firstName?.includes('hana_2011'));
    expect(queued).toEqual([{ id: expect.any(Number), member: { firstName: 'Hana', lastName: `${before!.lastName[0]}.` }, changes: { firstName: 'Add me on snapchat hana_2011' }, createdAt: expect.any(String) }]);
    expect(JSON.stringify(queued)).not.toContain(member.user.email);
    expect((await as(admin, 'GET', '/api/admin/moderation/waiting')).json().review).toBeGreaterThanOrEqual(1);

    const approved = await as(admin, 'POST', `/api/admin/moderation/profiles/${queued[0]!.id}/approve`);
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ success: true, message: s.approved });
    expect(await authorOf(null, post.id)).toMatchObject({ firstName: 'Add me on snapchat hana_2011' });
    expect((await as(member, 'GET', '/api/profile')).json()).toMatchObject({ firstName: 'Add me on snapchat hana_2011', waitingChange: null });
    expect((await profileQueue()).map((change) => change.id)).not.toContain(queued[0]!.id);
    // Decided once: a second decision finds nothing waiting.
    const again = await as(admin, 'POST', `/api/admin/moderation/profiles/${queued[0]!.id}/reject`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: s.profileChangeNotWaiting });
  });

  it('is dropped on rejection, and a newer change replaces one that waits (tRPC too)', async () => {
    const member = await t.signInAs('member', { firstName: 'Leila' });
    const bio = 'I like drawing and reading in the evenings.';
    const first = await updateByTrpc(member, { bio: 'Find me on snapchat, my name is leila.x' });
    expect(first.statusCode).toBe(200);
    expect(first.json().result.data).toMatchObject({ waitingChange: { bio: 'Find me on snapchat, my name is leila.x' }, message: messages.account.profileWaitsForReview });
    const [replaced] = await t.db.select({ id: profileChanges.id }).from(profileChanges).where(eq(profileChanges.userId, member.user.id));
    const second = await patch(member, { bio: 'Snapchat me at leila.y please, everyone!', lastName: 'Samir' });
    expect(second.json()).toMatchObject({ waitingChange: { bio: 'Snapchat me at leila.y please, everyone!', lastName: 'Samir' } });
    const hers = (await profileQueue()).filter((change) => change.changes.bio?.includes('leila'));
    expect(hers.map((change) => change.changes.bio)).toEqual(['Snapchat me at leila.y please, everyone!']);
    // The replaced change can no longer be decided on.
    expect(hers[0]!.id).not.toBe(replaced!.id);
    expect((await as(admin, 'POST', `/api/admin/moderation/profiles/${replaced!.id}/approve`)).json()).toEqual({ message: s.profileChangeNotWaiting });

    const rejected = await as(admin, 'POST', `/api/admin/moderation/profiles/${hers[0]!.id}/reject`);
    expect(rejected.json()).toMatchObject({ success: true, message: s.rejected });
    const [row] = await t.db.select({ bio: users.bio, lastName: users.lastName }).from(users).where(eq(users.id, member.user.id));
    expect(row!.bio).not.toContain('leila');
    expect(row!.lastName).not.toBe('Samir');
    expect((await as(member, 'GET', '/api/profile')).json().waitingChange).toBeNull();

    // A clean change applies at once and drops any change still waiting.
    await patch(member, { firstName: 'snapchat leila' });
    const clean = await patch(member, { bio });
    expect(clean.json()).toMatchObject({ bio, firstName: 'Leila', waitingChange: null, message: messages.account.profileSaved });
    expect((await profileQueue()).filter((change) => change.changes.firstName === 'snapchat leila')).toEqual([]);
  });

  it('keeps one waiting change per member when she saves several at once, whatever is decided meanwhile', async () => {
    const member = await t.signInAs('member', { firstName: 'Maya' });
    const bios = Array.from({ length: 6 }, (_, n) => `Snapchat me, maya number ${n}, any time you like.`);
    const first = await patch(member, { bio: bios[0]! });
    const [waiting] = await t.db.select({ id: profileChanges.id }).from(profileChanges).where(eq(profileChanges.userId, member.user.id));
    const answers = await Promise.all([
      ...bios.slice(1).map((bio) => patch(member, { bio })),
      as(admin, 'POST', `/api/admin/moderation/profiles/${waiting!.id}/approve`),
      patch(member, { firstName: 'Maya' }),
    ]);
    expect([first, ...answers].map((answer) => answer.statusCode).filter((code) => code >= 500)).toEqual([]);
    expect((await t.db.select().from(profileChanges).where(eq(profileChanges.userId, member.user.id))).length).toBeLessThanOrEqual(1);
  });

  it('is decided by admins only, and a bad id changes nothing', async () => {
    const member = await t.signInAs('member', { firstName: 'Dina' });
    await patch(member, { interests: 'Talking on snapchat all day long' });
    const [waiting] = (await profileQueue()).filter((change) => change.changes.interests?.includes('snapchat all day'));
    expect((await as(reader, 'GET', '/api/admin/moderation/profiles')).statusCode).toBe(403);
    expect((await as(member, 'POST', `/api/admin/moderation/profiles/${waiting!.id}/approve`)).statusCode).toBe(403);
    expect((await as(null, 'POST', `/api/admin/moderation/profiles/${waiting!.id}/reject`)).statusCode).toBe(401);
    expect((await as(admin, 'POST', '/api/admin/moderation/profiles/abc/approve')).statusCode).toBe(400);
    expect((await as(admin, 'POST', '/api/admin/moderation/profiles/999999/approve')).json()).toEqual({ message: s.profileChangeNotWaiting });
    const [row] = await t.db.select({ interests: users.interests }).from(users).where(eq(users.id, member.user.id));
    expect(row!.interests).not.toContain('snapchat');
    expect((await profileQueue()).map((change) => change.id)).toContain(waiting!.id);
  });
});
