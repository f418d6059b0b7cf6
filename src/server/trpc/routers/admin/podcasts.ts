import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../../../db/client';
import { podcastComments, podcastLikes, podcasts } from '../../../../../db/schema';
import { messages } from '../../../../shared/messages';
import { withIframe } from '../../../../shared/embed';
import { AdminByIdSchema, AdminListSchema, embedUrlFromIframe, PodcastFormSchema, PodcastUpdateSchema } from '../../../../shared/schemas/admin';
import { notFound } from '../../../errors';
import { adminProcedure, router } from '../../init';
import { pageOf } from './page';

const columns = {
  id: podcasts.id,
  title: podcasts.title,
  description: podcasts.description,
  category: podcasts.category,
  tags: podcasts.tags,
  embedUrl: podcasts.embedUrl,
  createdAt: podcasts.createdAt,
  likes: sql<number>`(select count(*)::int from ${podcastLikes} where ${podcastLikes.podcastId} = ${podcasts.id})`,
  comments: sql<number>`(select count(*)::int from ${podcastComments} where ${podcastComments.podcastId} = ${podcasts.id})`,
};

/** The schema already proved the iframe has an allowed src. */
const toRow = ({ iframe, ...fields }: { iframe: string; title: string; description: string; category: string; tags: string[] }) => ({
  ...fields,
  embedUrl: embedUrlFromIframe(iframe)!,
});

async function byId(db: Db, id: number) {
  const [row] = await db.select(columns).from(podcasts).where(eq(podcasts.id, id)).limit(1);
  if (!row) throw notFound(messages.admin.podcastNotFound);
  return withIframe(row);
}

export const adminPodcastsRouter = router({
  list: adminProcedure.input(AdminListSchema.optional()).query(async ({ ctx, input }) => {
    const { limit, offset } = pageOf(input);
    const rows = await ctx.db.select(columns).from(podcasts).orderBy(desc(podcasts.createdAt), desc(podcasts.id)).limit(limit).offset(offset);
    return rows.map(withIframe);
  }),

  create: adminProcedure.input(PodcastFormSchema).mutation(async ({ ctx, input }) => {
    const [row] = await ctx.db.insert(podcasts).values(toRow(input)).returning({ id: podcasts.id });
    return byId(ctx.db, row!.id);
  }),

  update: adminProcedure.input(PodcastUpdateSchema).mutation(async ({ ctx, input }) => {
    const { id, ...fields } = input;
    const [row] = await ctx.db.update(podcasts).set(toRow(fields)).where(eq(podcasts.id, id)).returning({ id: podcasts.id });
    if (!row) throw notFound(messages.admin.podcastNotFound);
    return byId(ctx.db, id);
  }),

  /** Likes and comments go with it (foreign keys cascade). */
  delete: adminProcedure.input(AdminByIdSchema).mutation(async ({ ctx, input }) => {
    const [row] = await ctx.db.delete(podcasts).where(eq(podcasts.id, input.id)).returning({ id: podcasts.id });
    if (!row) throw notFound(messages.admin.podcastNotFound);
    return { success: true as const, message: messages.admin.podcastDeleted };
  }),
});
