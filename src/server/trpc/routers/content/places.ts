import { and, asc, desc, eq } from 'drizzle-orm';
import { placeSuggestions, places } from '#db/schema';
import { PlaceListSchema, PlaceSuggestionSchema } from '#shared/schemas/community';
import { placeColumns, placeSearch } from '#server/domains/places';
import { assertNoBlockedWords } from '#server/moderation/watched-words';
import { memberProcedure, publicProcedure, router } from '#server/trpc/init';

export const placesRouter = router({
  /** GET /api/places: recommended first, then the best rated. */
  list: publicProcedure.meta({ cache: { shared: true, reads: ['places'] } }).input(PlaceListSchema).query(({ ctx, input }) =>
    ctx.db
      .select(placeColumns)
      .from(places)
      .where(
        and(
          input.category && input.category !== 'all' ? eq(places.category, input.category) : undefined,
          placeSearch(input.search),
        ),
      )
      .orderBy(desc(places.recommended), desc(places.rating), asc(places.name))
      .limit(input.limit),
  ),

  /** POST /api/places/suggestions: stored as pending until an admin reviews it. */
  suggest: memberProcedure.meta({ cache: { changes: ['places'] }, idempotent: true }).input(PlaceSuggestionSchema).mutation(async ({ ctx, input }) => {
    await ctx.rateLimiter.consume('suggest', `user:${ctx.user.id}`);
    await assertNoBlockedWords(ctx.db, input.name, input.description, input.address);
    const [row] = await ctx.db
      .insert(placeSuggestions)
      .values({ ...input, userId: ctx.user.id })
      .returning({
        id: placeSuggestions.id,
        name: placeSuggestions.name,
        description: placeSuggestions.description,
        category: placeSuggestions.category,
        address: placeSuggestions.address,
        status: placeSuggestions.status,
      });
    return row!;
  }),
});
