import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../../../db/client';
import { forumComments, forumPostLikes, forumPosts, users } from '../../../../../db/schema';
import { messages } from '../../../../shared/messages';
import { ForumPostCreateSchema, ForumPostIdSchema, ForumPostListSchema } from '../../../../shared/schemas/community';
import { AddCommentSchema, CommentListSchema } from '../../../../shared/schemas/content';
import { forbidden, notFound } from '../../../errors';
import { addComment, listComments, type CommentTable } from '../../../services/comments';
import { countOf, qualified } from '../../../services/content-query';
import { publicMemberName, type PublicMemberName } from '../../../services/public-member';
import { memberProcedure, publicProcedure, router } from '../../init';

const commentTable: CommentTable<'postId'> = {
  table: forumComments,
  id: forumComments.id,
  parentId: forumComments.postId,
  parentKey: 'postId',
  userId: forumComments.userId,
  content: forumComments.content,
  createdAt: forumComments.createdAt,
};

/**
 * The shape every forum answer uses; likedByMe and isMine are false for visitors. The author
 * is named as others see her, without her id (isMine tells the viewer her own posts).
 */
export interface ForumPostView {
  id: number;
  title: string;
  content: string;
  category: (typeof forumPosts.$inferSelect)['category'];
  createdAt: Date;
  author: PublicMemberName;
  likes: number;
  comments: number;
  likedByMe: boolean;
  isMine: boolean;
}

/** Posts newest first (ties broken by id), with author, counts and the viewer's like. */
async function selectPosts(db: Db, viewerId: number | null, where: SQL | undefined, limit: number): Promise<ForumPostView[]> {
  const likedByMe =
    viewerId === null
      ? sql<boolean>`false`
      : sql<boolean>`exists (select 1 from ${forumPostLikes} where ${qualified(forumPostLikes.postId)} = ${qualified(forumPosts.id)} and ${qualified(forumPostLikes.userId)} = ${viewerId})`;
  const rows = await db
    .select({
      id: forumPosts.id,
      title: forumPosts.title,
      content: forumPosts.content,
      category: forumPosts.category,
      createdAt: forumPosts.createdAt,
      authorId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      likes: countOf(forumPostLikes, forumPostLikes.postId, forumPosts.id),
      comments: countOf(forumComments, forumComments.postId, forumPosts.id),
      likedByMe: likedByMe.mapWith(Boolean),
    })
    .from(forumPosts)
    .innerJoin(users, eq(users.id, forumPosts.userId))
    .where(where)
    .orderBy(desc(forumPosts.createdAt), desc(forumPosts.id))
    .limit(limit);
  return rows.map(({ authorId, firstName, lastName, ...post }) => ({
    ...post,
    author: publicMemberName({ firstName, lastName }),
    isMine: viewerId !== null && authorId === viewerId,
  }));
}

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
    const rows = await selectPosts(ctx.db, ctx.user?.id ?? null, and(category, afterCursor), input.limit + 1);
    const items = rows.slice(0, input.limit);
    return { items, nextCursor: rows.length > input.limit ? (items.at(-1)?.id ?? null) : null };
  }),

  byId: publicProcedure.input(ForumPostIdSchema).query(async ({ ctx, input }) => {
    const [post] = await selectPosts(ctx.db, ctx.user?.id ?? null, eq(forumPosts.id, input.id), 1);
    if (!post) throw notFound(messages.forum.notFound);
    return post;
  }),

  create: memberProcedure.input(ForumPostCreateSchema).mutation(async ({ ctx, input }) => {
    await ctx.rateLimiter.consume('post', `user:${ctx.user.id}`);
    const [row] = await ctx.db
      .insert(forumPosts)
      .values({ ...input, userId: ctx.user.id })
      .returning({ id: forumPosts.id });
    const [post] = await selectPosts(ctx.db, ctx.user.id, eq(forumPosts.id, row!.id), 1);
    return post!;
  }),

  /** The author or an admin; likes and comments go with the post (cascade). */
  delete: memberProcedure.input(ForumPostIdSchema).mutation(async ({ ctx, input }) => {
    const post = await requirePost(ctx.db, input.id);
    if (post.userId !== ctx.user.id && !ctx.user.isAdmin) throw forbidden(messages.forum.deleteForbidden);
    await ctx.db.delete(forumPosts).where(eq(forumPosts.id, input.id));
    return { success: true as const };
  }),

  /** Toggles the member's like and answers the new state with the new count. */
  like: memberProcedure.input(ForumPostIdSchema).mutation(async ({ ctx, input }) => {
    await requirePost(ctx.db, input.id);
    const like = { postId: input.id, userId: ctx.user.id };
    const added = await ctx.db.insert(forumPostLikes).values(like).onConflictDoNothing().returning({ postId: forumPostLikes.postId });
    if (added.length === 0) {
      await ctx.db.delete(forumPostLikes).where(and(eq(forumPostLikes.postId, input.id), eq(forumPostLikes.userId, ctx.user.id)));
    }
    const [count] = await ctx.db
      .select({ likes: sql<number>`count(*)`.mapWith(Number) })
      .from(forumPostLikes)
      .where(eq(forumPostLikes.postId, input.id));
    return { liked: added.length > 0, likes: count?.likes ?? 0 };
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
