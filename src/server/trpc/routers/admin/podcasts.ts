import { eq } from 'drizzle-orm';
import type { Db } from '#db/client';
import { podcasts } from '#db/schema';
import { messages } from '#shared/messages';
import { AdminByIdSchema, AdminListSchema, embedUrlFromIframe, PodcastFormSchema, PodcastUpdateSchema } from '#shared/schemas/admin';
import { notFound } from '#server/errors';
import { quoted } from '#server/moderation/audit';
import { adminPodcastColumns as columns, toPodcast } from '#server/domains/podcasts';
import { inPage, type ListOrder, orderBy, pageIds, pageOf } from '#server/domains/paging';
import { router, staffProcedure } from '#server/trpc/init';

/** Every call here needs 'manage:content' (src/server/policies.ts). */
const contentProcedure = staffProcedure('manage:content');

/** The schema already proved the iframe has an allowed src. */
const toRow = ({ iframe, ...fields }: { iframe: string; title: string; description: string; category: string; tags: string[] }) => ({
  ...fields,
  embedUrl: embedUrlFromIframe(iframe)!,
});

async function byId(db: Db, id: number) {
  const [row] = await db.select(columns).from(podcasts).where(eq(podcasts.id, id)).limit(1);
  if (!row) throw notFound(messages.admin.podcastNotFound);
  return toPodcast(row);
}

export const adminPodcastsRouter = router({
  list: contentProcedure.input(AdminListSchema.optional()).query(async ({ ctx, input }) => {
    const order: ListOrder = { column: podcasts.createdAt, direction: 'desc' };
    const page = pageIds(ctx.db, podcasts, podcasts.id, undefined, order, pageOf(input));
    const rows = await ctx.db.select(columns).from(podcasts).innerJoin(page, inPage(page, podcasts.id)).orderBy(...orderBy(order, podcasts.id));
    return rows.map(toPodcast);
  }),

  create: contentProcedure.meta({ cache: { changes: ['podcasts'] }, idempotent: true }).input(PodcastFormSchema).mutation(async ({ ctx, input }) => {
    const [row] = await ctx.db.insert(podcasts).values(toRow(input)).returning({ id: podcasts.id });
    ctx.audit.describe(row!.id, `Added podcast ${quoted(input.title)}`);
    return byId(ctx.db, row!.id);
  }),

  update: contentProcedure.meta({ cache: { changes: ['podcasts'], item: 'id' } }).input(PodcastUpdateSchema).mutation(async ({ ctx, input }) => {
    const { id, ...fields } = input;
    const [row] = await ctx.db.update(podcasts).set(toRow(fields)).where(eq(podcasts.id, id)).returning({ id: podcasts.id });
    if (!row) throw notFound(messages.admin.podcastNotFound);
    ctx.audit.describe(id, `Updated podcast ${quoted(fields.title)}`);
    return byId(ctx.db, id);
  }),

  /** Likes and comments go with it (foreign keys cascade). */
  delete: contentProcedure.meta({ cache: { changes: ['podcasts'], item: 'id' } }).input(AdminByIdSchema).mutation(async ({ ctx, input }) => {
    const [row] = await ctx.db.delete(podcasts).where(eq(podcasts.id, input.id)).returning({ id: podcasts.id, title: podcasts.title });
    if (!row) throw notFound(messages.admin.podcastNotFound);
    ctx.audit.describe(row.id, `Deleted podcast ${quoted(row.title)}`);
    return { success: true as const, message: messages.admin.podcastDeleted };
  }),
});
