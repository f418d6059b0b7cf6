import { and } from 'drizzle-orm';
import { directoryInterest, listings } from '#db/schema';
import type { Db } from '#db/client';
import { ByIdSchema, ByIdsSchema, type DirectoryListQuery, DirectoryListSchema, type DirectorySort, LikeSchema } from '#shared/schemas/content';
import { LISTING_NOT_FOUND, listingColumns, listingVisible, popularListings } from '#server/domains/listings';
import { notFound } from '#server/errors';
import { inPage, type ListOrder, orderBy, pageIds } from '#server/domains/paging';
import { plainFirstPage, plainFirstPageSize, preparedRead } from '#server/domains/prepared';
import { categoryCondition, searchCondition } from '#server/services/content-query';
import { preparedLikedAmong, setLike } from '#server/services/likes';
import { memberProcedure, publicProcedure, router } from '#server/trpc/init';

/** One page of the listings members see, newest or most popular first, matching the list's search and category. */
function listingsPage(db: Db, input: DirectoryListQuery) {
  const where = and(listingVisible, searchCondition(input.search, listings), categoryCondition(input.category, listings.category));
  if (input.sort === 'popular') return popularListings(db, where, input);
  const order: ListOrder = { column: listings.createdAt, direction: 'desc' };
  const page = pageIds(db, listings, listings.id, where, order, { limit: input.limit, offset: input.offset, after: input.cursor });
  return db.select(listingColumns).from(listings).innerJoin(page, inPage(page, listings.id)).orderBy(...orderBy(order, listings.id));
}
const preparedFirstPage = preparedRead('directory.list', (db, shape: `${DirectorySort}:${number}`) => {
  const [sort, limit] = shape.split(':') as [DirectorySort, string];
  return listingsPage(db, { ...plainFirstPage(Number(limit)), sort });
});
const likedAmongListings = preparedLikedAmong('listing', listingVisible);

export const directoryRouter = router({
  /** A directory listing as the API answers it; avgRating (0 without reviews) and reviewCount come from the reviews. Newest first, or `sort=popular`. */
  list: publicProcedure.meta({ cache: { shared: true, reads: ['listings'] } }).input(DirectoryListSchema).query(({ ctx, input }) => {
    const size = plainFirstPageSize(input);
    return size === null ? listingsPage(ctx.db, input) : preparedFirstPage(ctx.db, `${input.sort}:${size}`);
  }),

  liked: memberProcedure.input(ByIdSchema).query(async ({ ctx, input }) => {
    const liked = await likedAmongListings.of(ctx.db, input.id, ctx.user.id);
    if (liked === null) throw notFound(LISTING_NOT_FOUND);
    return { liked };
  }),

  /** `liked` for each listing of a list page, in one call; a listing she may not see is left out. */
  likedByIds: memberProcedure.input(ByIdsSchema).query(({ ctx, input }) => likedAmongListings.among(ctx.db, input.ids, ctx.user.id)),

  /** Sets the member's like on or off; answers it with the listing's likes. */
  like: memberProcedure.meta({ cache: { changes: ['listings'] } }).input(LikeSchema).mutation(async ({ ctx, input }) => {
    const answer = await setLike(ctx.db, 'listing', input.id, ctx.user.id, input.liked, listingVisible);
    if (!answer) throw notFound(LISTING_NOT_FOUND);
    return answer;
  }),

  /** 'Express Interest' on the coming-soon panel: one row per member, repeating is harmless. */
  expressInterest: memberProcedure.meta({ cache: { changes: ['listings'] }, idempotent: true }).mutation(async ({ ctx }) => {
    await ctx.db.insert(directoryInterest).values({ userId: ctx.user.id }).onConflictDoNothing();
    return { interested: true };
  }),
});
