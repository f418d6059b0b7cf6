import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { forumComments, forumPosts, podcasts } from '#db/schema';
import { messages } from '#shared/messages';
import { createBlog, createPodcast } from '#server/test/content-factories';
import { trpcRequest } from '#server/test/procedures';
import { createTestApp, type TestApp } from '#server/test/test-app';

/** Replies: a comment answering another, one level deep, on every kind of thread and both APIs. */
let t: TestApp;
type Someone = Awaited<ReturnType<TestApp['signInAs']>>;
let zeina: Someone;
let laila: Someone;
let dina: Someone;
let admin: Someone;
beforeAll(async () => {
  t = await createTestApp();
  [zeina, laila, dina, admin] = await Promise.all([t.signInAs('member', { firstName: 'Zeina' }), t.signInAs('member', { firstName: 'Laila' }), t.signInAs('member', { firstName: 'Dina' }), t.signInAs('admin')]);
});
afterAll(() => t.close());

interface Listed {
  id: number;
  parentId: number | null;
  content: string;
}
const post = (who: Someone | null, url: string, payload: object) => t.request({ method: 'POST', url, payload, cookie: who?.cookie });
async function say(who: Someone, url: string, content: string, parentId?: number) {
  const response = await post(who, url, { content, ...(parentId ? { parentId } : {}) });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Listed & { message: string | null };
}
const thread = async (url: string, who?: Someone | null) => ((await t.request({ method: 'GET', url, cookie: who?.cookie })).json() as Listed[]).map(({ content, parentId }) => ({ content, parentId }));

async function forumPost(who: Someone) {
  const [row] = await t.db.insert(forumPosts).values({ userId: who.user.id, title: 'Where do you study?', content: 'Twenty characters of content here.', category: 'general' }).returning();
  return row!;
}

describe('replies', () => {
  it('answer a comment on a podcast, an article and a forum post, on both APIs; the list names the comment answered and the count includes them', async () => {
    const podcast = await createPodcast(t.db);
    const blog = await createBlog(t.db);
    const question = await forumPost(zeina);
    for (const url of [`/api/podcasts/${podcast.id}/comments`, `/api/blogs/${blog.id}/comments`, `/api/forum/posts/${question.id}/comments`]) {
      const first = await say(zeina, url, 'First thought');
      const reply = await say(laila, url, 'An answer to it', first.id);
      expect(reply).toMatchObject({ parentId: first.id, content: 'An answer to it' });
      await say(dina, url, 'A second thought');
      expect(await thread(url)).toEqual([
        { content: 'First thought', parentId: null },
        { content: 'An answer to it', parentId: first.id },
        { content: 'A second thought', parentId: null },
      ]);
    }
    const viaTrpc = await trpcRequest(t.app, { path: 'content.forum.comments.create', type: 'mutation', input: { id: question.id, content: 'Through the app', parentId: null }, cookie: dina.cookie });
    expect(viaTrpc.statusCode).toBe(200);
    const [kept] = await t.db.select({ comments: podcasts.commentCount }).from(podcasts).where(eq(podcasts.id, podcast.id));
    expect(kept!.comments).toBe(3);
    const [forumCount] = await t.db.select({ comments: forumPosts.commentCount }).from(forumPosts).where(eq(forumPosts.id, question.id));
    expect(forumCount!.comments).toBe(4);
  });

  it('a reply to a reply joins the comment it answers (one level), through tRPC too', async () => {
    const question = await forumPost(zeina);
    const url = `/api/forum/posts/${question.id}/comments`;
    const first = await say(zeina, url, 'Top');
    const reply = await say(laila, url, 'Reply', first.id);
    const answer = await trpcRequest(t.app, { path: 'content.forum.comments.create', type: 'mutation', input: { id: question.id, content: 'Reply to the reply', parentId: reply.id }, cookie: dina.cookie });
    expect(answer.statusCode, answer.body).toBe(200);
    expect((answer.json() as { result: { data: Listed } }).result.data.parentId).toBe(first.id);
    const [stored] = await t.db.select({ parentId: forumComments.parentId }).from(forumComments).where(eq(forumComments.content, 'Reply to the reply'));
    expect(stored!.parentId).toBe(first.id);
  });

  it('refuses a reply to a comment of another thread, a missing one or a bad id, with a message, and stores nothing', async () => {
    const here = await forumPost(zeina);
    const elsewhere = await forumPost(zeina);
    const other = await say(zeina, `/api/forum/posts/${elsewhere.id}/comments`, 'Elsewhere');
    const url = `/api/forum/posts/${here.id}/comments`;
    for (const parentId of [other.id, 99_999_999]) {
      const refused = await post(laila, url, { content: 'Lost reply', parentId });
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({ message: messages.comments.replyTargetNotFound });
    }
    for (const parentId of ['abc', -1, 1.5]) {
      const refused = await post(laila, url, { content: 'Lost reply', parentId });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ message: messages.http.invalidId });
    }
    expect(await thread(url)).toEqual([]);
  });

  it('blocks: no reply to a blocked member\'s comment (the same 404), and nobody sees replies under a comment hidden from her', async () => {
    const question = await forumPost(admin);
    const url = `/api/forum/posts/${question.id}/comments`;
    const dinas = await say(dina, url, 'Dina says');
    await say(laila, url, 'Laila answers Dina', dinas.id);
    expect((await post(zeina, '/api/blocks', { userId: dina.user.id })).statusCode).toBe(201);
    const refused = await post(zeina, url, { content: 'To Dina', parentId: dinas.id });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ message: messages.comments.replyTargetNotFound });
    expect(await thread(url, zeina)).toEqual([]);
    expect(await thread(url, laila)).toHaveLength(2);
  });

  it('a held reply waits like a comment: only its author sees it until a moderator approves it', async () => {
    const newcomer = await t.signInAs('member', { established: false });
    const question = await forumPost(zeina);
    const url = `/api/forum/posts/${question.id}/comments`;
    const first = await say(zeina, url, 'Top');
    const held = await say(newcomer, url, 'My first reply', first.id);
    expect(held.message).toContain(messages.safety.commentHeldForReview);
    expect(await thread(url, zeina)).toHaveLength(1);
    expect(await thread(url, newcomer)).toHaveLength(2);
    const approved = await t.request({ method: 'POST', url: `/api/admin/moderation/forum_comment/${held.id}/approve`, cookie: admin.cookie });
    expect(approved.statusCode).toBe(200);
    expect(await thread(url, zeina)).toEqual([
      { content: 'Top', parentId: null },
      { content: 'My first reply', parentId: first.id },
    ]);
  });

  it('a reply can be reported like any comment, and deleting a comment deletes its replies (the count follows)', async () => {
    const question = await forumPost(zeina);
    const url = `/api/forum/posts/${question.id}/comments`;
    const reader = await t.signInAs('member');
    const first = await say(zeina, url, 'Top');
    const reply = await say(laila, url, 'Reply', first.id);
    await say(reader, url, 'Another top');
    const report = await post(reader, '/api/reports', { targetType: 'forum_comment', targetId: reply.id, reason: 'harassment' });
    expect(report.statusCode).toBe(201);
    // Her reply is hers to delete; the comment it answers stays.
    expect((await t.request({ method: 'DELETE', url: `/api/comments/forum/${reply.id}`, cookie: laila.cookie })).statusCode).toBe(200);
    expect(await thread(url)).toHaveLength(2);
    await say(laila, url, 'Reply again', first.id);
    expect((await t.request({ method: 'DELETE', url: `/api/comments/forum/${first.id}`, cookie: zeina.cookie })).statusCode).toBe(200);
    expect(await thread(url)).toEqual([{ content: 'Another top', parentId: null }]);
    const [count] = await t.db.select({ comments: forumPosts.commentCount }).from(forumPosts).where(eq(forumPosts.id, question.id));
    expect(count!.comments).toBe(1);
  });
});
