import { eq } from 'drizzle-orm';
import type { Db } from '#db/client';
import { listings } from '#db/schema';
import { messages } from '#shared/messages';
import { AdminByIdSchema, AdminListSchema, ListingFormSchema, ListingUpdateSchema } from '#shared/schemas/admin';
import { notFound } from '#server/errors';
import { quoted } from '#server/moderation/audit';
import { adminListingColumns as columns } from '#server/domains/listings';
import { inPage, type ListOrder, orderBy, pageIds, pageOf } from '#server/domains/paging';
import { router, staffProcedure } from '#server/trpc/init';

/** Every call here needs 'manage:content' (src/server/policies.ts). */
const contentProcedure = staffProcedure('manage:content');

async function byId(db: Db, id: number) {
  const [row] = await db.select(columns).from(listings).where(eq(listings.id, id)).limit(1);
  if (!row) throw notFound(messages.admin.listingNotFound);
  return row;
}

export const adminDirectoryRouter = router({
  list: contentProcedure.input(AdminListSchema.optional()).query(async ({ ctx, input }) => {
    const order: ListOrder = { column: listings.createdAt, direction: 'desc' };
    const page = pageIds(ctx.db, listings, listings.id, undefined, order, pageOf(input));
    return ctx.db.select(columns).from(listings).innerJoin(page, inPage(page, listings.id)).orderBy(...orderBy(order, listings.id));
  }),

  create: contentProcedure.meta({ cache: { changes: ['listings'] }, idempotent: true }).input(ListingFormSchema).mutation(async ({ ctx, input }) => {
    const [row] = await ctx.db.insert(listings).values(input).returning({ id: listings.id });
    ctx.audit.describe(row!.id, `Added listing ${quoted(input.name)}`);
    return byId(ctx.db, row!.id);
  }),

  update: contentProcedure.meta({ cache: { changes: ['listings'] } }).input(ListingUpdateSchema).mutation(async ({ ctx, input }) => {
    const { id, ...fields } = input;
    const [row] = await ctx.db.update(listings).set(fields).where(eq(listings.id, id)).returning({ id: listings.id });
    if (!row) throw notFound(messages.admin.listingNotFound);
    ctx.audit.describe(id, `Updated listing ${quoted(fields.name)}`);
    return byId(ctx.db, id);
  }),

  /** Reviews and likes go with it (foreign keys cascade). */
  delete: contentProcedure.meta({ cache: { changes: ['listings'] } }).input(AdminByIdSchema).mutation(async ({ ctx, input }) => {
    const [row] = await ctx.db.delete(listings).where(eq(listings.id, input.id)).returning({ id: listings.id, name: listings.name });
    if (!row) throw notFound(messages.admin.listingNotFound);
    ctx.audit.describe(row.id, `Deleted listing ${quoted(row.name)}`);
    return { success: true as const, message: messages.admin.listingDeleted };
  }),
});
