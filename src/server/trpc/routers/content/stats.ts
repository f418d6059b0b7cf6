import { count, eq, gte } from 'drizzle-orm';
import { directoryListings, events, podcasts, users } from '../../../../../db/schema';
import { publicProcedure, router } from '../../init';

export const statsRouter = router({
  /** Home's four stat cards: all podcasts and listings, upcoming events, approved members. */
  get: publicProcedure.query(async ({ ctx }) => {
    const [[p], [d], [e], [u]] = await Promise.all([
      ctx.db.select({ n: count() }).from(podcasts),
      ctx.db.select({ n: count() }).from(directoryListings),
      ctx.db.select({ n: count() }).from(events).where(gte(events.dateTime, new Date())),
      ctx.db.select({ n: count() }).from(users).where(eq(users.approvalStatus, 'approved')),
    ]);
    return { podcastCount: p?.n ?? 0, directoryCount: d?.n ?? 0, eventCount: e?.n ?? 0, userCount: u?.n ?? 0 };
  }),
});
