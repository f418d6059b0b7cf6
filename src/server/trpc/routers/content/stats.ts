import { sql } from 'drizzle-orm';
import { eventDays, events, siteCounts } from '#db/schema';
import { preparedRead } from '#server/domains/prepared';
import { publicProcedure, router } from '#server/trpc/init';

/** Today and tomorrow as UTC days, event_days' days. */
const today = sql`(now() at time zone 'UTC')::date`;
const tomorrowStarts = sql`(${today} + 1)::timestamp at time zone 'UTC'`;
const upcomingEventCount = sql`(select coalesce(sum(${eventDays.n}), 0) from ${eventDays} where ${eventDays.day} > ${today})
  + (select count(*) from ${events} where ${events.dateTime} >= now() and ${events.dateTime} < ${tomorrowStarts})`;

const count = (name: string) => sql<number>`(select ${siteCounts.n} from ${siteCounts} where ${siteCounts.name} = ${name})`.mapWith(Number);

/** The four counts in one round trip: Home asks for them on every visit. */
const preparedCounts = preparedRead('stats.get', (db, _shape: 'home') =>
  db
    .select({
      podcastCount: count('podcasts'),
      directoryCount: count('listings'),
      eventCount: sql<number>`${upcomingEventCount}`.mapWith(Number),
      userCount: count('approved_members'),
    })
    .from(sql`(select 1) as one`),
);

export const statsRouter = router({
  /**
   * Home's four stat cards: all podcasts and listings and the approved members, read from
   * the counts the database keeps (site_counts), and the upcoming events: the events kept per
   * day (event_days) after today, and today's events from now on, counted on the date index.
   */
  get: publicProcedure.meta({ cache: { shared: true, reads: ['podcasts', 'listings', 'events', 'members'] } }).query(async ({ ctx }) => {
    const [row] = await preparedCounts(ctx.db, 'home');
    return { podcastCount: row?.podcastCount ?? 0, directoryCount: row?.directoryCount ?? 0, eventCount: row?.eventCount ?? 0, userCount: row?.userCount ?? 0 };
  }),
});
