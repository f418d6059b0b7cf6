import { and, eq } from 'drizzle-orm';
import { podcasts } from '#db/schema';
import type { Db } from '#db/client';
import { AddCommentSchema, ByIdSchema, ByIdsSchema, CommentListSchema, LikeSchema, type PodcastListQuery, PodcastListSchema } from '#shared/schemas/content';
import { PODCAST_NOT_FOUND, podcastColumns, requirePodcast, toPodcast } from '#server/domains/podcasts';
import { notFound } from '#server/errors';
import { inPage, type ListOrder, orderBy, pageIds } from '#server/domains/paging';
import { plainFirstPage, plainFirstPageSize, preparedRead } from '#server/domains/prepared';
import { addComment, COMMENT_TABLES, listCommentsOfVisibleParent } from '#server/services/comments';
import { categoryCondition, searchCondition } from '#server/services/content-query';
import { preparedLikedAmong, setLike } from '#server/services/likes';
import { memberProcedure, publicProcedure, router } from '#server/trpc/init';

const commentTable = COMMENT_TABLES.podcast;

/** One page of podcasts, newest first, matching the list's search and category. */
function podcastsPage(db: Db, input: PodcastListQuery) {
  const where = and(searchCondition(input.search, podcasts), categoryCondition(input.category, podcasts.category));
  const order: ListOrder = { column: podcasts.createdAt, direction: 'desc' };
  const page = pageIds(db, podcasts, podcasts.id, where, order, { limit: input.limit, offset: input.offset, after: input.cursor });
  return db.select(podcastColumns).from(podcasts).innerJoin(page, inPage(page, podcasts.id)).orderBy(...orderBy(order, podcasts.id));
}
const preparedFirstPage = preparedRead('podcasts.list', (db, limit: number) => podcastsPage(db, plainFirstPage(limit)));
/** Every member sees every podcast. */
const likedAmongPodcasts = preparedLikedAmong('podcast', undefined);

export const podcastsRouter = router({
  /** Podcasts as the API answers them (each with its `iframe`), newest first; the client's own player reads `embedUrl`. */
  list: publicProcedure.meta({ cache: { shared: true, reads: ['podcasts'] } }).input(PodcastListSchema).query(async ({ ctx, input }) => {
    const size = plainFirstPageSize(input);
    const rows = await (size === null ? podcastsPage(ctx.db, input) : preparedFirstPage(ctx.db, size));
    return rows.map(toPodcast);
  }),

  /** One podcast as the list shows it: the page a shared or found podcast opens on. */
  byId: publicProcedure.meta({ cache: { shared: true, reads: ['podcasts'], item: 'id' } }).input(ByIdSchema).query(async ({ ctx, input }) => {
    const [row] = await ctx.db.select(podcastColumns).from(podcasts).where(eq(podcasts.id, input.id)).limit(1);
    if (!row) throw notFound(PODCAST_NOT_FOUND);
    return toPodcast(row);
  }),

  liked: memberProcedure.input(ByIdSchema).query(async ({ ctx, input }) => {
    const liked = await likedAmongPodcasts.of(ctx.db, input.id, ctx.user.id);
    if (liked === null) throw notFound(PODCAST_NOT_FOUND);
    return { liked };
  }),

  /** `liked` for each podcast of a list page, in one call; a podcast that is gone is left out. */
  likedByIds: memberProcedure.input(ByIdsSchema).query(({ ctx, input }) => likedAmongPodcasts.among(ctx.db, input.ids, ctx.user.id)),

  /** Sets the member's like on or off; answers it with the podcast's likes. */
  like: memberProcedure.meta({ cache: { changes: ['podcasts'], item: 'id' } }).input(LikeSchema).mutation(async ({ ctx, input }) => {
    const answer = await setLike(ctx.db, 'podcast', input.id, ctx.user.id, input.liked, undefined);
    if (!answer) throw notFound(PODCAST_NOT_FOUND);
    return answer;
  }),

  /** Per viewer: her own comments waiting for review show, and blocked members' don't. */
  comments: publicProcedure.input(CommentListSchema).query(async ({ ctx, input }) => {
    return listCommentsOfVisibleParent(requirePodcast(ctx.db, input.id), ctx.db, ctx.user, commentTable, input.id, input);
  }),

  addComment: memberProcedure.meta({ cache: { changes: ['podcasts'], item: 'id' }, idempotent: true }).input(AddCommentSchema).mutation(async ({ ctx, input }) => {
    return addComment(ctx, commentTable, requirePodcast(ctx.db, input.id), input);
  }),
});
