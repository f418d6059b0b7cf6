import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../../../db/client';
import { forumPosts } from '../../../../../db/schema';
import { messages } from '../../../../shared/messages';
import { ForumPostCreateSchema, ForumPostIdSchema, ForumPostListSchema } from '../../../../shared/schemas/community';
import { AddCommentSchema, CommentListSchema } from '../../../../shared/schemas/content';
import { forbidden, notFound } from '../../../errors';
import { mayDeletePost, selectPosts } from '../../../domains/forum-posts';
import { assertNoBlockedWords } from '../../../moderation/watched-words';
import { qualified } from '../../../services/content-query';
import { addComment, COMMENT_TABLES, listComments } from '../../../services/comments';
import { likeCount, toggleLike } from '../../../services/likes';
import { memberProcedure, publicProcedure, router } from '../../init';

const commentTable = COMMENT_TABLES.forum;

async function requirePost(db: Db, id: number) {
  const [post] = await db.select({ id: forumPosts.id, userId: forumPosts.userId }).from(forumPosts).where(eq(forumPosts.id, id)).limit(1);
  if (!post) throw notFound(messages.forum.notFound);
  return post;
}

export const forumRouter = router({
  /** GET /api/forum/posts: newest first, one page at a time (keyset on createdAt, id). */
  list: publicProcedure.input(ForumPostListSchema).query(async ({ ctx, input }) => {
    const category = input.category && input.category !== 'all' ? eq(forumPosts.category, input.category) : undefined;
    // Rows strictly after the cursor post in the list's order; an unknown cursor gives an empty page.
    const afterCursor =
      input.cursor === undefined
        ? undefined
        : sql`(${qualified(forumPosts.createdAt)}, ${qualified(forumPosts.id)}) < (select p.created_at, p.id from ${forumPosts} p where p.id = ${input.cursor})`;
    const rows = await selectPosts(ctx.db, ctx.user, and(category, afterCursor), input.limit + 1);
    const items = rows.slice(0, input.limit);
    return { items, nextCursor: rows.length > input.limit ? (items.at(-1)?.id ?? null) : null };
  }),

  byId: publicProcedure.input(ForumPostIdSchema).query(async ({ ctx, input }) => {
    const [post] = await selectPosts(ctx.db, ctx.user, eq(forumPosts.id, input.id), 1);
    if (!post) throw notFound(messages.forum.notFound);
    return post;
  }),

  create: memberProcedure.input(ForumPostCreateSchema).mutation(async ({ ctx, input }) => {
    await ctx.rateLimiter.consume('post', `user:${ctx.user.id}`);
    await assertNoBlockedWords(ctx.db, input.title, input.content);
    const [row] = await ctx.db
      .insert(forumPosts)
      .values({ ...input, userId: ctx.user.id })
      .returning({ id: forumPosts.id });
    const [post] = await selectPosts(ctx.db, ctx.user, eq(forumPosts.id, row!.id), 1);
    return post!;
  }),

  /** The author or an admin; likes and comments go with the post (cascade). */
  delete: memberProcedure.input(ForumPostIdSchema).mutation(async ({ ctx, input }) => {
    const post = await requirePost(ctx.db, input.id);
    if (!mayDeletePost(ctx.user, post.userId)) throw forbidden(messages.forum.deleteForbidden);
    await ctx.db.delete(forumPosts).where(eq(forumPosts.id, input.id));
    return { success: true as const };
  }),

  /** Toggles the member's like and answers the new state with the new count. */
  like: memberProcedure.input(ForumPostIdSchema).mutation(async ({ ctx, input }) => {
    await requirePost(ctx.db, input.id);
    const liked = await toggleLike(ctx.db, 'forumPost', input.id, ctx.user.id);
    return { liked, likes: await likeCount(ctx.db, 'forumPost', input.id) };
  }),

  comments: router({
    list: publicProcedure.input(CommentListSchema).query(async ({ ctx, input }) => {
      await requirePost(ctx.db, input.id);
      return listComments(ctx.db, commentTable, input.id, input);
    }),
    create: memberProcedure.input(AddCommentSchema).mutation(async ({ ctx, input }) => {
      await requirePost(ctx.db, input.id);
      return addComment(ctx, commentTable, input.id, input.content);
    }),
  }),
});
