import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../../../db/client';
import { directoryInterest, directoryLikes, directoryListings, directoryReviews } from '../../../../../db/schema';
import { ByIdSchema, DirectoryListSchema, pageOffset } from '../../../../shared/schemas/content';
import { notFound } from '../../../errors';
import { categoryCondition, countOf, qualified, searchCondition } from '../../../services/content-query';
import { memberProcedure, router, sharedReadProcedure } from '../../init';

async function assertListingExists(db: Db, id: number) {
  const [row] = await db.select({ id: directoryListings.id }).from(directoryListings).where(eq(directoryListings.id, id)).limit(1);
  if (!row) throw notFound('Listing not found');
}

export const directoryRouter = router({
  /** SPEC.md §3 Directory listing; avgRating (0 without reviews) and reviewCount come from the reviews. */
  list: sharedReadProcedure.input(DirectoryListSchema).query(({ ctx, input }) =>
    ctx.db
      .select({
        id: directoryListings.id,
        name: directoryListings.name,
        category: directoryListings.category,
        description: directoryListings.description,
        address: directoryListings.address,
        phone: directoryListings.phone,
        email: directoryListings.email,
        website: directoryListings.website,
        images: directoryListings.images,
        tags: directoryListings.tags,
        avgRating: sql<number>`(select coalesce(avg(${qualified(directoryReviews.rating)}), 0) from ${directoryReviews} where ${qualified(directoryReviews.listingId)} = ${qualified(directoryListings.id)})`.mapWith(Number),
        reviewCount: countOf(directoryReviews, directoryReviews.listingId, directoryListings.id),
        likes: countOf(directoryLikes, directoryLikes.listingId, directoryListings.id),
      })
      .from(directoryListings)
      .where(
        and(
          searchCondition(input.search, [directoryListings.name, directoryListings.description], directoryListings.tags),
          categoryCondition(input.category, directoryListings.category),
        ),
      )
      .orderBy(desc(directoryListings.createdAt), desc(directoryListings.id))
      .limit(input.limit)
      .offset(pageOffset(input)),
  ),

  liked: memberProcedure.input(ByIdSchema).query(async ({ ctx, input }) => {
    await assertListingExists(ctx.db, input.id);
    const [row] = await ctx.db
      .select({ listingId: directoryLikes.listingId })
      .from(directoryLikes)
      .where(and(eq(directoryLikes.listingId, input.id), eq(directoryLikes.userId, ctx.user.id)))
      .limit(1);
    return { liked: Boolean(row) };
  }),

  /** Toggles the member's like and answers the new state (DECISIONS.md). */
  like: memberProcedure.input(ByIdSchema).mutation(async ({ ctx, input }) => {
    await assertListingExists(ctx.db, input.id);
    const removed = await ctx.db
      .delete(directoryLikes)
      .where(and(eq(directoryLikes.listingId, input.id), eq(directoryLikes.userId, ctx.user.id)))
      .returning({ listingId: directoryLikes.listingId });
    if (removed.length > 0) return { liked: false };
    await ctx.db.insert(directoryLikes).values({ listingId: input.id, userId: ctx.user.id }).onConflictDoNothing();
    return { liked: true };
  }),

  /** 'Express Interest' on the coming-soon panel: one row per member, repeating is harmless. */
  expressInterest: memberProcedure.mutation(async ({ ctx }) => {
    await ctx.db.insert(directoryInterest).values({ userId: ctx.user.id }).onConflictDoNothing();
    return { interested: true };
  }),
});
