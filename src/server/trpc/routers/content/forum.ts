import { and, eq } from 'drizzle-orm';
import type { Db } from '#db/client';
import { forumPosts, users } from '#db/schema';
import { messages } from '#shared/messages';
import { ForumPostCreateSchema, ForumPostIdSchema, ForumPostListSchema } from '#shared/schemas/community';
import { AddCommentSchema, CommentListSchema, LikeSchema } from '#shared/schemas/content';
import { forbidden, notFound } from '#server/errors';
import { selectFirstPosts, selectPosts } from '#server/domains/forum-posts';
import { afterItem } from '#server/domains/paging';
import { findMemberContent, memberContentWords } from '#server/moderation/audit';
import { heldMessage, publicationOf } from '#server/moderation/publication';
import { deletePermission } from '#server/policies';
import { visibleTo, type ContentViewer } from '#server/moderation/visibility';
import { addComment, COMMENT_TABLES, listCommentsOfVisibleParent } from '#server/services/comments';
import { likedIfVisible, setLike } from '#server/services/likes';
import { memberProcedure, publicProcedure, router } from '#server/trpc/init';
import { assertStaffSecondFactor } from '#server/auth/access';
import { notifyWritten } from '#server/notifications/causes';

const commentTable = COMMENT_TABLES.forum;

/** A post this viewer may see (visibleTo); any other is a 404, as if it did not exist. */
async function requirePost(db: Db, viewer: ContentViewer, id: number) {
  const [post] = await db
    .select({ id: forumPosts.id, userId: forumPosts.userId, authorRole: users.role })
    .from(forumPosts)
    .innerJoin(users, eq(users.id, forumPosts.userId))
    .where(and(eq(forumPosts.id, id), visibleTo(viewer, forumPosts)))
    .limit(1);
  if (!post) throw notFound(messages.forum.notFound);
  return post;
}

export const forumRouter = router({
  /** GET /api/forum/posts: newest first, one page at a time (keyset on createdAt, id). */
  list: publicProcedure.input(ForumPostListSchema).query(async ({ ctx, input }) => {
    const category = input.category && input.category !== 'all' ? eq(forumPosts.category, input.category) : undefined;
    // Rows strictly after the cursor post in the list's order; a post not in her list gives an
    // empty page. No cursor (or null, as a first page the server drew reaches the browser) is the first page.
    const afterCursor =
      input.cursor == null ? undefined : afterItem(forumPosts, forumPosts.id, { column: forumPosts.createdAt, direction: 'desc' }, input.cursor, and(category, visibleTo(ctx.user, forumPosts)));
    const rows = await (category || afterCursor ? selectPosts(ctx.db, ctx.user, and(category, afterCursor), input.limit + 1) : selectFirstPosts(ctx.db, ctx.user, input.limit + 1));
    const items = rows.slice(0, input.limit);
    return { items, nextCursor: rows.length > input.limit ? (items.at(-1)?.id ?? null) : null };
  }),

  byId: publicProcedure.input(ForumPostIdSchema).query(async ({ ctx, input }) => {
    const [post] = await selectPosts(ctx.db, ctx.user, eq(forumPosts.id, input.id), 1);
    if (!post) throw notFound(messages.forum.notFound);
    return post;
  }),

  create: memberProcedure.meta({ cache: { changes: ['forumPosts'] }, idempotent: true }).input(ForumPostCreateSchema).mutation(async ({ ctx, input }) => {
    await ctx.rateLimiter.consume('post', `user:${ctx.user.id}`);
    const publication = await publicationOf(ctx.db, ctx.user, input.title, input.content);
    // The post and what it tells others (staff of a held one; mentions) are kept together.
    const row = await ctx.db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(forumPosts)
        .values({ ...input, ...publication, userId: ctx.user.id })
        .returning({ id: forumPosts.id });
      await notifyWritten(tx, 'forum_post', inserted!.id);
      return inserted;
    });
    const [post] = await selectPosts(ctx.db, ctx.user, eq(forumPosts.id, row!.id), 1);
    return { ...post!, message: heldMessage(publication, 'post') };
  }),

  /**
   * Whoever may delete it (mayDelete: its author or an admin); likes and comments go with the
   * post (cascade). An admin deleting someone else's post is a moderation action, recorded in
   * the audit log with whose post and its title.
   */
  delete: memberProcedure.meta({ cache: { changes: ['forumPosts'] } }).input(ForumPostIdSchema).mutation(async ({ ctx, input }) => {
    const post = await requirePost(ctx.db, ctx.user, input.id);
    const permission = deletePermission(ctx.user, 'forumPost', { id: post.userId, role: post.authorRole });
    if (!permission) throw forbidden(messages.forum.deleteForbidden);
    if (post.userId !== ctx.user.id) assertStaffSecondFactor(ctx.user, ctx);
    const byStaff = post.userId !== ctx.user.id ? await findMemberContent(ctx.db, 'forum_post', post.id) : undefined;
    await ctx.db.delete(forumPosts).where(eq(forumPosts.id, input.id));
    if (byStaff) ctx.audit.describe(post.id, `Deleted ${memberContentWords(byStaff)}`, permission);
    return { success: true as const };
  }),

  /** Whether the member likes a post she may see, as for the other kinds (the REST path turning a like over reads it). */
  liked: memberProcedure.input(ForumPostIdSchema).query(async ({ ctx, input }) => {
    const liked = await likedIfVisible(ctx.db, 'forumPost', input.id, ctx.user.id, visibleTo(ctx.user, forumPosts));
    if (liked === null) throw notFound(messages.forum.notFound);
    return { liked };
  }),

  /** Sets the member's like on or off on a post she may see; answers it with the post's likes. */
  like: memberProcedure.meta({ cache: { changes: ['forumPosts'] } }).input(LikeSchema).mutation(async ({ ctx, input }) => {
    const answer = await setLike(ctx.db, 'forumPost', input.id, ctx.user.id, input.liked, visibleTo(ctx.user, forumPosts));
    if (!answer) throw notFound(messages.forum.notFound);
    return answer;
  }),

  comments: router({
    list: publicProcedure.input(CommentListSchema).query(async ({ ctx, input }) => {
      return listCommentsOfVisibleParent(requirePost(ctx.db, ctx.user, input.id), ctx.db, ctx.user, commentTable, input.id, input);
    }),
    create: memberProcedure.meta({ cache: { changes: ['forumPosts'] }, idempotent: true }).input(AddCommentSchema).mutation(async ({ ctx, input }) => {
      return addComment(ctx, commentTable, requirePost(ctx.db, ctx.user, input.id), input);
    }),
  }),
});
