import { and, asc, desc, eq, inArray, or, type SQL } from 'drizzle-orm';
import { placeSuggestions, places } from '../../../../../db/schema';
import { PLACE_CATEGORIES } from '../../../../shared/categories';
import { PlaceListSchema, PlaceSuggestionSchema } from '../../../../shared/schemas/community';
import { normalizeForSearch } from '../../../../shared/text/normalize';
import { searchCondition } from '../../../services/content-query';
import { assertNoBlockedWords } from '../../../moderation/watched-words';
import { memberProcedure, router, sharedReadProcedure } from '../../init';

/** Name, description and tags (the search rule of every list), or the category's own name. */
function placeSearch(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const needle = normalizeForSearch(search);
  const categories = PLACE_CATEGORIES.filter((category) => category.includes(needle));
  return or(searchCondition(search, places.searchText), categories.length ? inArray(places.category, categories) : undefined);
}

export const placesRouter = router({
  /** GET /api/places: recommended first, then the best rated. */
  list: sharedReadProcedure.input(PlaceListSchema).query(({ ctx, input }) =>
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
          placeSearch(input.search),
        ),
      )
      .orderBy(desc(places.recommended), desc(places.rating), asc(places.name))
      .limit(input.limit),
  ),

  /** POST /api/places/suggestions: stored as pending until an admin reviews it. */
  suggest: memberProcedure.input(PlaceSuggestionSchema).mutation(async ({ ctx, input }) => {
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
