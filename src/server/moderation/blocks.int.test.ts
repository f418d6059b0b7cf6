import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { blocks, forumPostLikes } from '#db/schema';
import { messages } from '#shared/messages';
import { createBlog, createPodcast } from '../test/content-factories';
import { trpcRequest } from '../test/procedures';
import { createTestApp, type TestApp } from '../test/test-app';

/** Blocks: both ways, silent, site-wide; moderators can't be blocked. */
const s = messages.safety;
let t: TestApp;
type SignedIn = Awaited<ReturnType<TestApp['signInAs']>>;
let admin: SignedIn;
let blocker: SignedIn;
let blocked: SignedIn;
let bystander: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAs('admin');
  blocker = await t.signInAs('member', { firstName: 'Salma' });
  blocked = await t.signInAs('member', { firstName: 'Dina' });
  bystander = await t.signInAs('member');
});
afterAll(() => t.close());

const as = (who: SignedIn | null, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) => t.request({ method, url, payload, cookie: who?.cookie });
const titles = async (who: SignedIn | null) => ((await as(who, 'GET', '/api/forum/posts?limit=100')).json().items as { title: string }[]).map((post) => post.title);
const contents = async (who: SignedIn | null, url: string) => ((await as(who, 'GET', url)).json() as { content: string }[]).map((comment) => comment.content);
async function postBy(who: SignedIn, title: string) {
  const response = await as(who, 'POST', '/api/forum/posts', { title, content: 'Twenty characters of content here, at least.', category: 'general' });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: number; authorId: number };
}

describe('blocking a member', () => {
  it('hides each one\'s posts and comments from the other, everywhere, and nobody else\'s view changes', async () => {
    const hers = await postBy(blocker, 'Salma asks a question');
    const theirs = await postBy(blocked, 'Dina shares a story');
    const podcast = await createPodcast(t.db);
    const blog = await createBlog(t.db);
    await as(blocked, 'POST', `/api/podcasts/${podcast.id}/comments`, { content: 'Dina on the podcast' });
    await as(blocked, 'POST', `/api/blogs/${blog.id}/comments`, { content: 'Dina on the blog' });
    await as(blocked, 'POST', `/api/forum/posts/${hers.id}/comments`, { content: 'Dina answers Salma' });
    await as(blocker, 'POST', `/api/podcasts/${podcast.id}/comments`, { content: 'Salma on the podcast' });

    // Members learn an author's id from what they read, and block with it.
    expect(theirs.authorId).toBe(blocked.user.id);
    const response = await as(blocker, 'POST', '/api/blocks', { userId: theirs.authorId });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ success: true, message: s.blocked });

    expect(await titles(blocker)).not.toContain('Dina shares a story');
    expect(await titles(blocked)).not.toContain('Salma asks a question');
    expect(await contents(blocker, `/api/podcasts/${podcast.id}/comments`)).toEqual(['Salma on the podcast']);
    expect(await contents(blocked, `/api/podcasts/${podcast.id}/comments`)).toEqual(['Dina on the podcast']);
    expect(await contents(blocker, `/api/blogs/${blog.id}/comments`)).toEqual([]);
    // The thread on her own post no longer shows the blocked member.
    expect(await contents(blocker, `/api/forum/posts/${hers.id}/comments`)).toEqual([]);
    expect((await as(blocked, 'GET', `/api/forum/posts/${hers.id}`)).statusCode).toBe(404);
    const activity = (await as(blocker, 'GET', '/api/activity?limit=30')).json() as { title: string }[];
    expect(activity.map((item) => item.title)).not.toContain('Dina shares a story');

    // Everyone else reads as before.
    expect(await titles(bystander)).toEqual(expect.arrayContaining(['Dina shares a story', 'Salma asks a question']));
    expect(await contents(null, `/api/podcasts/${podcast.id}/comments`)).toEqual(['Dina on the podcast', 'Salma on the podcast']);
    expect(await contents(admin, `/api/forum/posts/${hers.id}/comments`)).toEqual(['Dina answers Salma']);
  });

  it('stops either one commenting on or liking the other\'s posts', async () => {
    const hers = await postBy(blocker, 'Salma posts again');
    const theirs = await postBy(blocked, 'Dina posts again');
    expect((await as(blocked, 'POST', `/api/forum/posts/${hers.id}/comments`, { content: 'Can I still answer?' })).statusCode).toBe(404);
    expect((await as(blocker, 'POST', `/api/forum/posts/${theirs.id}/comments`, { content: 'Can I still answer?' })).statusCode).toBe(404);
    const viaTrpc = await trpcRequest(t.app, { path: 'content.forum.like', type: 'mutation', input: { id: hers.id }, cookie: blocked.cookie });
    expect(viaTrpc.statusCode).toBe(404);
    expect((await as(blocker, 'POST', `/api/forum/posts/${theirs.id}/like`)).statusCode).toBe(404);
    // Refused likes change nothing.
    expect(await t.db.select().from(forumPostLikes).where(inArray(forumPostLikes.postId, [hers.id, theirs.id]))).toEqual([]);
  });

  it('is silent: the blocked member\'s own list is empty; hers names the member as members see each other', async () => {
    expect((await as(blocked, 'GET', '/api/blocks')).json()).toEqual([]);
    const list = (await as(blocker, 'GET', '/api/blocks')).json() as { userId: number; user: { firstName: string; lastName: string } }[];
    expect(list).toEqual([{ userId: blocked.user.id, user: { firstName: 'Dina', lastName: 'T.' }, createdAt: expect.any(String) }]);
  });

  it('changes nothing when repeated, and refuses herself, moderators and unknown members', async () => {
    const before = (await t.db.select().from(blocks)).length;
    expect((await as(blocker, 'POST', '/api/blocks', { userId: blocked.user.id })).statusCode).toBe(201);
    for (const [userId, status, message] of [
      [blocker.user.id, 400, s.blockSelf],
      [admin.user.id, 400, s.blockModerator],
      [999999, 404, s.memberNotFound],
      ['abc', 400, 'Invalid id'],
    ] as const) {
      const response = await as(blocker, 'POST', '/api/blocks', { userId });
      expect(response.statusCode).toBe(status);
      expect(response.json()).toEqual({ message });
    }
    expect((await as(null, 'POST', '/api/blocks', { userId: blocked.user.id })).statusCode).toBe(401);
    expect((await t.db.select().from(blocks)).length).toBe(before);
  });

  it('leaves moderation alone: an admin still sees and deletes both members\' posts', async () => {
    const theirs = await postBy(blocked, 'Dina writes for the moderators');
    expect(await titles(admin)).toContain('Dina writes for the moderators');
    expect((await as(admin, 'DELETE', `/api/forum/posts/${theirs.id}`)).statusCode).toBe(200);
  });

  it('is undone by unblocking; unblocking someone not blocked is a 404', async () => {
    const removed = await trpcRequest(t.app, { path: 'content.blocks.delete', type: 'mutation', input: { userId: blocked.user.id }, cookie: blocker.cookie });
    expect(removed.json().result.data).toMatchObject({ success: true, message: s.unblocked });
    expect(await titles(blocker)).toContain('Dina shares a story');
    expect(await titles(blocked)).toContain('Salma asks a question');
    const again = await as(blocker, 'DELETE', `/api/blocks/${blocked.user.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: s.notBlocked });
  });
});
