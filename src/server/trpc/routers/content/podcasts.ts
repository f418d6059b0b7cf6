import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../../../../db/client';
import { podcastComments, podcastLikes, podcasts } from '../../../../../db/schema';
import { withIframe } from '../../../../shared/embed';
import { AddCommentSchema, ByIdSchema, CommentListSchema, PodcastListSchema, pageOffset } from '../../../../shared/schemas/content';
import { notFound } from '../../../errors';
import { addComment, listComments, type CommentTable } from '../../../services/comments';
import { categoryCondition, countOf, searchCondition } from '../../../services/content-query';
import { memberProcedure, router, sharedReadProcedure } from '../../init';

const commentTable: CommentTable<'podcastId'> = {
  table: podcastComments,
  id: podcastComments.id,
  parentId: podcastComments.podcastId,
  parentKey: 'podcastId',
  userId: podcastComments.userId,
  content: podcastComments.content,
  createdAt: podcastComments.createdAt,
};

async function assertPodcastExists(db: Db, id: number) {
  const [row] = await db.select({ id: podcasts.id }).from(podcasts).where(eq(podcasts.id, id)).limit(1);
  if (!row) throw notFound('Podcast not found');
}

export const podcastsRouter = router({
  /** SPEC.md §3 Podcast (with its `iframe`), newest first; the client's own player reads `embedUrl`. */
  list: sharedReadProcedure.input(PodcastListSchema).query(({ ctx, input }) =>
    ctx.db
      .select({
        id: podcasts.id,
        title: podcasts.title,
        description: podcasts.description,
        category: podcasts.category,
        tags: podcasts.tags,
        embedUrl: podcasts.embedUrl,
        likes: countOf(podcastLikes, podcastLikes.podcastId, podcasts.id),
        comments: countOf(podcastComments, podcastComments.podcastId, podcasts.id),
      })
      .from(podcasts)
      .where(
        and(
          searchCondition(input.search, [podcasts.title, podcasts.description], podcasts.tags),
          categoryCondition(input.category, podcasts.category),
        ),
      )
      .orderBy(desc(podcasts.createdAt), desc(podcasts.id))
      .limit(input.limit)
      .offset(pageOffset(input))
      .then((rows) => rows.map(withIframe)),
  ),

  liked: memberProcedure.input(ByIdSchema).query(async ({ ctx, input }) => {
    await assertPodcastExists(ctx.db, input.id);
    const [row] = await ctx.db
      .select({ podcastId: podcastLikes.podcastId })
      .from(podcastLikes)
      .where(and(eq(podcastLikes.podcastId, input.id), eq(podcastLikes.userId, ctx.user.id)))
      .limit(1);
    return { liked: Boolean(row) };
  }),

  /** Toggles the member's like; the primary key keeps one like per member. */
  like: memberProcedure.input(ByIdSchema).mutation(async ({ ctx, input }) => {
    await assertPodcastExists(ctx.db, input.id);
    const removed = await ctx.db
      .delete(podcastLikes)
      .where(and(eq(podcastLikes.podcastId, input.id), eq(podcastLikes.userId, ctx.user.id)))
      .returning({ podcastId: podcastLikes.podcastId });
    if (removed.length > 0) return { liked: false };
    await ctx.db.insert(podcastLikes).values({ podcastId: input.id, userId: ctx.user.id }).onConflictDoNothing();
    return { liked: true };
  }),

  comments: sharedReadProcedure.input(CommentListSchema).query(async ({ ctx, input }) => {
    await assertPodcastExists(ctx.db, input.id);
    return listComments(ctx.db, commentTable, input.id, input);
  }),

  addComment: memberProcedure.input(AddCommentSchema).mutation(async ({ ctx, input }) => {
    await assertPodcastExists(ctx.db, input.id);
    return addComment(ctx, commentTable, input.id, input.content);
  }),
});
