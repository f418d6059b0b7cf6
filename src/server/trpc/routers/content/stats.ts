import { sql } from 'drizzle-orm';
import { events, siteCounts } from '#db/schema';
import { publicProcedure, router } from '#server/trpc/init';

export const statsRouter = router({
  /**
   * Home's four stat cards: all podcasts and listings and the approved members, read from
   * the counts the database keeps (site_counts), and the upcoming events, counted on the
   * date index (they depend on the time, so no trigger can keep them).
   */
  get: publicProcedure.meta({ cache: { shared: true, reads: ['podcasts', 'listings', 'events', 'members'] } }).query(async ({ ctx }) => {
    const count = (name: string) => sql<number>`(select ${siteCounts.n} from ${siteCounts} where ${siteCounts.name} = ${name})`.mapWith(Number);
    // One round trip: Home asks for these on every visit.
    const [row] = await ctx.db
      .select({
        podcastCount: count('podcasts'),
        directoryCount: count('listings'),
        eventCount: sql<number>`(select count(*) from ${events} where ${events.dateTime} >= now())`.mapWith(Number),
        userCount: count('approved_members'),
      })
      .from(sql`(select 1) as one`);
    return { podcastCount: row?.podcastCount ?? 0, directoryCount: row?.directoryCount ?? 0, eventCount: row?.eventCount ?? 0, userCount: row?.userCount ?? 0 };
  }),
});
