import { and, asc, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import { placeSuggestions, places } from '../../../../../db/schema';
import { PlaceListSchema, PlaceSuggestionSchema } from '../../../../shared/schemas/community';
import { likePattern } from '../../../services/content-query';
import { assertNoBlockedWords } from '../../../moderation/watched-words';
import { memberProcedure, router, sharedReadProcedure } from '../../init';

// Accents don't matter in a place search: 'cafe' finds 'Café'.
const ACCENTED = 'áàâäãåéèêëíìîïóòôöõúùûüçñ';
const PLAIN = 'aaaaaaeeeeiiiiooooouuuucn';
const fold = (value: SQL) => sql`translate(lower(${value}), ${ACCENTED}, ${PLAIN})`;
const foldText = (value: string) => value.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');

/** Name, description, tags and the category's own name, case- and accent-insensitively. */
function placeSearch(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = likePattern(foldText(search));
  return or(
    sql`${fold(sql`${places.name}`)} like ${pattern}`,
    sql`${fold(sql`${places.description}`)} like ${pattern}`,
    sql`${fold(sql`array_to_string(${places.tags}, ' ')`)} like ${pattern}`,
    sql`${places.category}::text like ${pattern}`,
  );
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
