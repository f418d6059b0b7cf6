import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, forumPosts } from '#db/schema';
import { messages } from '#shared/messages';
import { createBlog, createPodcast } from '#server/test/content-factories';
import { trpcRequest } from '#server/test/procedures';
import { createTestApp, type TestApp } from '#server/test/test-app';

let t: TestApp;
type Someone = Awaited<ReturnType<TestApp['signInAs']>>;
let author: Someone;
let other: Someone;
let admin: Someone;
beforeAll(async () => {
  t = await createTestApp();
  [author, other, admin] = await Promise.all([t.signInAs('member'), t.signInAs('member'), t.signInAs('admin')]);
});
afterAll(() => t.close());

const comment = async (url: string, who: Someone, content = 'A thoughtful reply') => {
  const response = await t.request({ method: 'POST', url, payload: { content }, cookie: who.cookie });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number };
};
const remove = (kind: string, id: number | string, who?: Someone) => t.request({ method: 'DELETE', url: `/api/comments/${kind}/${id}`, cookie: who?.cookie });

describe('deleting comments', () => {
  it('lets a member delete her own comment; the thread and the count follow', async () => {
    const podcast = await createPodcast(t.db, { title: 'Deletable thread' });
    const mine = await comment(`/api/podcasts/${podcast.id}/comments`, author);
    await comment(`/api/podcasts/${podcast.id}/comments`, other, 'Staying here');
    const countOf = async () => ((await t.request({ method: 'GET', url: '/api/podcasts' })).json() as { id: number; comments: number }[]).find((p) => p.id === podcast.id)!.comments;
    expect(await countOf()).toBe(2);

    const refused = await remove('podcast', mine.id, other);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: messages.comments.deleteForbidden });
    expect((await remove('podcast', mine.id)).statusCode).toBe(401);
    expect(await countOf()).toBe(2);

    const deleted = await remove('podcast', mine.id, author);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({ message: messages.comments.deleted });
    expect(await countOf()).toBe(1);
    const thread = (await t.request({ method: 'GET', url: `/api/podcasts/${podcast.id}/comments` })).json() as { content: string }[];
    expect(thread.map((c) => c.content)).toEqual(['Staying here']);
    expect((await remove('podcast', mine.id, author)).statusCode).toBe(404);
  });

  it('lets an admin delete anyone’s comment, and records it in the audit log', async () => {
    const [post] = await t.db.insert(forumPosts).values({ userId: other.user.id, title: 'A thread', content: 'Twenty characters of content here.', category: 'general' }).returning();
    const theirs = await comment(`/api/forum/posts/${post!.id}/comments`, other, 'Something unkind');
    const viaTrpc = await trpcRequest(t.app, { path: 'content.comments.delete', type: 'mutation', input: { kind: 'forum', id: theirs.id }, cookie: admin.cookie });
    expect(viaTrpc.statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: `/api/forum/posts/${post!.id}/comments` })).json()).toEqual([]);
    const entries = await t.db.select().from(auditLog);
    expect(entries.find((entry) => entry.action === 'content.comments.delete')).toMatchObject({ adminId: admin.user.id, targetId: theirs.id });
  });

  it('marks a member\'s own comments in a thread (never for visitors), and refuses bad input with the rule', async () => {
    const blog = await createBlog(t.db, { title: 'Mine or not' });
    const first = await comment(`/api/blogs/${blog.id}/comments`, author);
    await comment(`/api/blogs/${blog.id}/comments`, other);
    const second = await comment(`/api/blogs/${blog.id}/comments`, author);
    const asAuthor = (await t.request({ method: 'GET', url: `/api/blogs/${blog.id}/comments`, cookie: author.cookie })).json() as { id: number; isMine: boolean }[];
    expect(asAuthor.filter((comment) => comment.isMine).map((comment) => comment.id).sort()).toEqual([first.id, second.id].sort());
    const asVisitor = (await t.request({ method: 'GET', url: `/api/blogs/${blog.id}/comments` })).json() as { isMine: boolean; authorId: number | null }[];
    expect(asVisitor.every((comment) => !comment.isMine && comment.authorId === null)).toBe(true);

    // Delete shows where the call succeeds: her own comments for a member, every one for an admin, none for a visitor.
    const canDelete = async (who?: Someone) =>
      ((await t.request({ method: 'GET', url: `/api/blogs/${blog.id}/comments`, cookie: who?.cookie })).json() as { id: number; canDelete: boolean }[]).filter((c) => c.canDelete).map((c) => c.id).sort();
    expect(await canDelete(author)).toEqual([first.id, second.id].sort());
    expect(await canDelete(admin)).toHaveLength(3);
    expect(await canDelete()).toEqual([]);

    const badKind = await remove('video', first.id, author);
    expect(badKind.statusCode).toBe(400);
    expect(badKind.json()).toEqual({ message: 'kind must be podcast, blog or forum' });
    expect((await remove('blog', 'abc', author)).json()).toEqual({ message: 'Invalid id' });
  });
});
