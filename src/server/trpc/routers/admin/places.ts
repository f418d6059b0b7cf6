import { and, asc, eq } from 'drizzle-orm';
import { placeSuggestions, places, users } from '../../../../../db/schema';
import { messages } from '../../../../shared/messages';
import { AdminByIdSchema, AdminListSchema } from '../../../../shared/schemas/admin';
import { conflict, notFound } from '../../../errors';
import type { Db } from '../../../../../db/client';
import { adminProcedure, router } from '../../init';
import { pageOf } from './page';

/** A suggestion that is still waiting; a handled one is a 409, a missing one a 404. */
async function findPending(db: Db, id: number) {
  const [row] = await db.select().from(placeSuggestions).where(eq(placeSuggestions.id, id)).limit(1);
  if (!row) throw notFound(messages.admin.suggestionNotFound);
  if (row.status !== 'pending') throw conflict(messages.admin.suggestionHandled);
  return row;
}

/** Place suggestions from members wait here for an admin. */
export const adminPlacesRouter = router({
  suggestions: adminProcedure.input(AdminListSchema.optional()).query(async ({ ctx, input }) => {
    const { limit, offset } = pageOf(input);
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
      .innerJoin(users, eq(placeSuggestions.userId, users.id))
      .where(eq(placeSuggestions.status, 'pending'))
      .orderBy(asc(placeSuggestions.createdAt), asc(placeSuggestions.id))
      .limit(limit)
      .offset(offset);
    return rows.map(({ firstName, lastName, email, ...suggestion }) => ({ ...suggestion, suggestedBy: { firstName, lastName, email } }));
  }),

  /** Adds the place to Places to Go and marks the suggestion approved, together. */
  approve: adminProcedure.input(AdminByIdSchema).mutation(async ({ ctx, input }) => {
    const suggestion = await findPending(ctx.db, input.id);
    return ctx.db.transaction(async (tx) => {
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
  }),

  dismiss: adminProcedure.input(AdminByIdSchema).mutation(async ({ ctx, input }) => {
    await findPending(ctx.db, input.id);
    await ctx.db.update(placeSuggestions).set({ status: 'dismissed' }).where(eq(placeSuggestions.id, input.id));
    return { success: true as const, message: messages.admin.suggestionDismissed };
  }),
});
