import { and, eq } from 'drizzle-orm';
import { placeSuggestions, places, users } from '#db/schema';
import { messages } from '#shared/messages';
import { AdminByIdSchema, AdminListSchema, AdminPlaceListSchema, PlaceFormSchema, PlaceUpdateSchema } from '#shared/schemas/admin';
import { conflict, notFound } from '#server/errors';
import { possessive, quoted } from '#server/moderation/audit';
import type { Db } from '#db/client';
import { inPage, type ListOrder, orderBy, pageIds, pageOf } from '#server/domains/paging';
import { adminPlaceColumns as columns, placeSearch } from '#server/domains/places';
import { router, staffProcedure } from '#server/trpc/init';

/** Every call here needs 'manage:content' (src/server/policies.ts). */
const contentProcedure = staffProcedure('manage:content');

/** A suggestion that is still waiting; a handled one is a 409, a missing one a 404. */
async function findPending(db: Db, id: number) {
  const [row] = await db
    .select({ suggestion: placeSuggestions, suggestedBy: { firstName: users.firstName, lastName: users.lastName } })
    .from(placeSuggestions)
    .innerJoin(users, eq(users.id, placeSuggestions.userId))
    .where(eq(placeSuggestions.id, id))
    .limit(1);
  if (!row) throw notFound(messages.admin.suggestionNotFound);
  if (row.suggestion.status !== 'pending') throw conflict(messages.admin.suggestionHandled);
  return row;
}

async function byId(db: Db, id: number) {
  const [row] = await db.select(columns).from(places).where(eq(places.id, id)).limit(1);
  if (!row) throw notFound(messages.admin.placeNotFound);
  return row;
}

/** Places to Go, managed like the other content; place suggestions from members wait here for an admin. */
export const adminPlacesRouter = router({
  /** Newest first (an approved suggestion leads the list), searched like the public page. */
  list: contentProcedure.input(AdminPlaceListSchema.optional()).query(async ({ ctx, input }) => {
    const order: ListOrder = { column: places.createdAt, direction: 'desc' };
    const page = pageIds(ctx.db, places, places.id, placeSearch(input?.search), order, pageOf(input));
    return ctx.db.select(columns).from(places).innerJoin(page, inPage(page, places.id)).orderBy(...orderBy(order, places.id));
  }),

  create: contentProcedure.meta({ cache: { changes: ['places'] }, idempotent: true }).input(PlaceFormSchema).mutation(async ({ ctx, input }) => {
    const [row] = await ctx.db.insert(places).values(input).returning({ id: places.id });
    ctx.audit.describe(row!.id, `Added place ${quoted(input.name)}`);
    return byId(ctx.db, row!.id);
  }),

  update: contentProcedure.meta({ cache: { changes: ['places'] } }).input(PlaceUpdateSchema).mutation(async ({ ctx, input }) => {
    const { id, ...fields } = input;
    const [row] = await ctx.db.update(places).set(fields).where(eq(places.id, id)).returning({ id: places.id });
    if (!row) throw notFound(messages.admin.placeNotFound);
    ctx.audit.describe(id, `Updated place ${quoted(fields.name)}`);
    return byId(ctx.db, id);
  }),

  delete: contentProcedure.meta({ cache: { changes: ['places'] } }).input(AdminByIdSchema).mutation(async ({ ctx, input }) => {
    const [row] = await ctx.db.delete(places).where(eq(places.id, input.id)).returning({ id: places.id, name: places.name });
    if (!row) throw notFound(messages.admin.placeNotFound);
    ctx.audit.describe(row.id, `Deleted place ${quoted(row.name)}`);
    return { success: true as const, message: messages.admin.placeDeleted };
  }),

  /** Suggestions waiting for an admin, oldest first. */
  suggestions: contentProcedure.input(AdminListSchema.optional()).query(async ({ ctx, input }) => {
    const order: ListOrder = { column: placeSuggestions.createdAt, direction: 'asc' };
    const page = pageIds(ctx.db, placeSuggestions, placeSuggestions.id, eq(placeSuggestions.status, 'pending'), order, pageOf(input));
    const rows = await ctx.db
      .select({
        id: placeSuggestions.id,
        name: placeSuggestions.name,
        description: placeSuggestions.description,
        category: placeSuggestions.category,
        address: placeSuggestions.address,
        createdAt: placeSuggestions.createdAt,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
      })
      .from(placeSuggestions)
      .innerJoin(page, inPage(page, placeSuggestions.id))
      .innerJoin(users, eq(placeSuggestions.userId, users.id))
      .orderBy(...orderBy(order, placeSuggestions.id));
    return rows.map(({ firstName, lastName, email, ...suggestion }) => ({ ...suggestion, suggestedBy: { firstName, lastName, email } }));
  }),

  /** Adds the place to Places to Go and marks the suggestion approved, together. */
  approve: contentProcedure.meta({ cache: { changes: ['places'] } }).input(AdminByIdSchema).mutation(async ({ ctx, input }) => {
    const { suggestion, suggestedBy } = await findPending(ctx.db, input.id);
    const place = await ctx.db.transaction(async (tx) => {
      // The status guard makes a double click approve once.
      const [marked] = await tx
        .update(placeSuggestions)
        .set({ status: 'approved' })
        .where(and(eq(placeSuggestions.id, suggestion.id), eq(placeSuggestions.status, 'pending')))
        .returning({ id: placeSuggestions.id });
      if (!marked) throw conflict(messages.admin.suggestionHandled);
      const { name, description, category, address } = suggestion;
      const [place] = await tx.insert(places).values({ name, description, category, address }).returning({ id: places.id, name: places.name });
      return place!;
    });
    ctx.audit.describe(suggestion.id, `Approved ${possessive(suggestedBy)} suggested place ${quoted(suggestion.name)}, added as place #${place.id}`);
    return place;
  }),

  dismiss: contentProcedure.meta({ cache: { changes: ['places'] } }).input(AdminByIdSchema).mutation(async ({ ctx, input }) => {
    const { suggestion, suggestedBy } = await findPending(ctx.db, input.id);
    await ctx.db.update(placeSuggestions).set({ status: 'dismissed' }).where(eq(placeSuggestions.id, input.id));
    ctx.audit.describe(suggestion.id, `Dismissed ${possessive(suggestedBy)} suggested place ${quoted(suggestion.name)}`);
    return { success: true as const, message: messages.admin.suggestionDismissed };
  }),
});
