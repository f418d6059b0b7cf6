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
    const viaTrpc = await trpcRequest(t.app, { path: 'content.forum.like', type: 'mutation', input: { id: hers.id, liked: true }, cookie: blocked.cookie });
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

  it('changes nothing when repeated, and refuses herself', async () => {
    const before = (await t.db.select().from(blocks)).length;
    expect((await as(blocker, 'POST', '/api/blocks', { userId: blocked.user.id })).statusCode).toBe(201);
    for (const [userId, status, message] of [
      [blocker.user.id, 400, s.blockSelf],
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

describe('whom she can block', () => {
  it('only a member whose post or comment she can see: anyone else, moderators included, gets one answer on both APIs, and nothing is stored', async () => {
    const reader = await t.signInAs('member');
    // A moderator's post she reads, like any member's.
    const moderatorPost = await postBy(admin, 'A moderator says welcome');
    expect(moderatorPost.authorId).toBe(admin.user.id);
    // A member whose only post waits for review, one who wrote nothing, and one who blocked her.
    const newcomer = await t.signInAs('member', { established: false });
    await postBy(newcomer, 'My first post, waiting');
    const quiet = await t.signInAs('member');
    const guarded = await t.signInAs('member');
    await postBy(guarded, 'A post she will not see');
    await postBy(reader, 'The reader posts too');
    expect((await as(guarded, 'POST', '/api/blocks', { userId: reader.user.id })).statusCode).toBe(201);

    const before = await t.db.select().from(blocks);
    const refusals = [];
    for (const userId of [999999, admin.user.id, newcomer.user.id, quiet.user.id, guarded.user.id]) {
      const rest = await as(reader, 'POST', '/api/blocks', { userId });
      const trpc = await trpcRequest(t.app, { path: 'content.blocks.create', type: 'mutation', input: { userId }, cookie: reader.cookie });
      refusals.push({ rest: [rest.statusCode, rest.body], trpc: [trpc.statusCode, trpc.body] });
    }
    // The same status and the same bytes whoever the id belongs to: nothing tells them apart.
    expect(refusals[0]!.rest).toEqual([404, JSON.stringify({ message: s.blockUnavailable })]);
    expect(JSON.parse(refusals[0]!.trpc[1] as string).error.message).toBe(s.blockUnavailable);
    for (const refusal of refusals) expect(refusal).toEqual(refusals[0]);
    expect(await t.db.select().from(blocks)).toEqual(before);

    // A member whose comment she can see: blocked, and named in her list.
    const commenter = await t.signInAs('member', { firstName: 'Hala' });
    const podcast = await createPodcast(t.db);
    const comment = await as(commenter, 'POST', `/api/podcasts/${podcast.id}/comments`, { content: 'Hala on the podcast' });
    const { authorId } = comment.json() as { authorId: number };
    const blockedHer = await trpcRequest(t.app, { path: 'content.blocks.create', type: 'mutation', input: { userId: authorId }, cookie: reader.cookie });
    expect(blockedHer.json().result.data).toEqual({ success: true, message: s.blocked, userId: commenter.user.id });
    const list = (await as(reader, 'GET', '/api/blocks')).json() as { userId: number; user: { firstName: string } }[];
    expect(list.map((row) => [row.userId, row.user.firstName])).toEqual([[commenter.user.id, 'Hala']]);
  });

  it('names in her list only members she could block: earlier blocks of ids she never saw name nobody', async () => {
    const reader = await t.signInAs('member');
    const quiet = await t.signInAs('member', { firstName: 'Nour' });
    const seen = await t.signInAs('member', { firstName: 'Yasmin' });
    await postBy(seen, 'Yasmin writes something');
    // Rows as ids tried one by one left them, before this rule: a member with nothing written, a moderator.
    await t.db.insert(blocks).values([
      { blockerId: reader.user.id, blockedId: quiet.user.id },
      { blockerId: reader.user.id, blockedId: admin.user.id },
    ]);
    expect((await as(reader, 'POST', '/api/blocks', { userId: seen.user.id })).statusCode).toBe(201);
    for (const answer of [await as(reader, 'GET', '/api/blocks'), await trpcRequest(t.app, { path: 'content.blocks.list', type: 'query', cookie: reader.cookie })]) {
      const body = answer.json() as { userId: number }[] | { result: { data: { userId: number }[] } };
      const rows = Array.isArray(body) ? body : body.result.data;
      expect(rows.map((row) => row.userId)).toEqual([seen.user.id]);
      expect(answer.body).not.toContain('Nour');
      expect(answer.body).not.toContain(admin.user.firstName);
    }
  });
});
