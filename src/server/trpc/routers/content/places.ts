import { and, asc, desc, eq } from 'drizzle-orm';
import { placeSuggestions, places } from '../../../../../db/schema';
import { PlaceListSchema, PlaceSuggestionSchema } from '../../../../shared/schemas/community';
import { searchCondition } from '../../../services/content-query';
import { memberProcedure, publicProcedure, router } from '../../init';

export const placesRouter = router({
  /** GET /api/places: recommended first, then the best rated. */
  list: publicProcedure.input(PlaceListSchema).query(({ ctx, input }) =>
    ctx.db
      .select({
        id: places.id,
        name: places.name,
        description: places.description,
        category: places.category,
        address: places.address,
        rating: places.rating,
        tags: places.tags,
        recommended: places.recommended,
      })
      .from(places)
      .where(
        and(
          input.category && input.category !== 'all' ? eq(places.category, input.category) : undefined,
          searchCondition(input.search, [places.name, places.description], places.tags),
        ),
      )
      .orderBy(desc(places.recommended), desc(places.rating), asc(places.name))
      .limit(input.limit),
  ),

  /** POST /api/places/suggestions: stored as pending until an admin reviews it. */
  suggest: memberProcedure.input(PlaceSuggestionSchema).mutation(async ({ ctx, input }) => {
    await ctx.rateLimiter.consume('suggest', `user:${ctx.user.id}`);
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
