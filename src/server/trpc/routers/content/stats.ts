import { sql } from 'drizzle-orm';
import { directoryListings, events, podcasts, users } from '../../../../../db/schema';
import { router, sharedReadProcedure } from '../../init';

export const statsRouter = router({
  /** Home's four stat cards: all podcasts and listings, upcoming events, approved members. */
  get: sharedReadProcedure.query(async ({ ctx }) => {
    // One round trip for the four counts: Home asks for them on every visit.
    const [row] = await ctx.db
      .select({
        podcastCount: sql<number>`(select count(*) from ${podcasts})`.mapWith(Number),
        directoryCount: sql<number>`(select count(*) from ${directoryListings})`.mapWith(Number),
        eventCount: sql<number>`(select count(*) from ${events} where ${events.dateTime} >= now())`.mapWith(Number),
        userCount: sql<number>`(select count(*) from ${users} where ${users.approvalStatus} = 'approved')`.mapWith(Number),
      })
      .from(sql`(select 1) as one`);
    return { podcastCount: row?.podcastCount ?? 0, directoryCount: row?.directoryCount ?? 0, eventCount: row?.eventCount ?? 0, userCount: row?.userCount ?? 0 };
  }),
});
