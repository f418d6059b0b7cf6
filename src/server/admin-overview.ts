import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '#db/client';
import { auditLog, communityWeeks, newsletterSubscriptions, users, type WeeklyMeasure } from '#db/schema';
import { openReportedItems } from './moderation/reports';
import { heldCount } from './moderation/review';

/** How many weeks the overview's charts cover. */
export const OVERVIEW_WEEKS = 12;

/** One week of community life; `weekStart` is the Monday (UTC) it starts on. */
export interface OverviewWeek {
  weekStart: string;
  applications: number;
  approvals: number;
  activeMembers: number;
  posts: number;
  comments: number;
  rsvps: number;
  /** Confirmed subscribers at the end of the week. */
  subscribers: number;
}

/** Where admins' work waits: applications to decide, reported items, held posts and comments (the tabs' badges and the overview's cards). */
export async function waitingWork(db: Db): Promise<{ applications: number; reports: number; review: number }> {
  const [[pending], reports, review] = await Promise.all([
    db.select({ n: sql<number>`count(*)::int` }).from(users).where(sql`${users.approvalStatus} = 'pending'`),
    openReportedItems(db),
    heldCount(db),
  ]);
  return { applications: pending?.n ?? 0, reports, review };
}

/**
 * The admins' overview: what waits for them, and how the community grew and lived week by
 * week over the last OVERVIEW_WEEKS weeks. Nothing tracks visitors: applications, active
 * members, posts, comments and RSVPs come from community_weeks, which database triggers keep
 * as members write (so the overview reads a few rows, not months of comments); approvals
 * from the audit log; subscribers from the subscriptions. Weeks start on Monday, UTC.
 */
export async function adminOverview(db: Db) {
  const waiting = await waitingWork(db);

  const thisWeek = sql`bloom_week_of(now())`;
  // Constants written into the SQL: a parameter beside a date would be read as a date (date - date is a number of days).
  const since = sql`(${thisWeek} - ${sql.raw(String((OVERVIEW_WEEKS - 1) * 7))})`;
  const kept = (measure: WeeklyMeasure) =>
    sql`coalesce((select sum(${communityWeeks.n}) from ${communityWeeks} where ${communityWeeks.week} = weeks.week and ${communityWeeks.measure} = ${measure}), 0)::int`;

  interface WeekRow {
    week_start: string;
    applications: number;
    approvals: number;
    active_members: number;
    posts: number;
    comments: number;
    rsvps: number;
    subscribers: number;
  }
  const rows: unknown = await db.execute(sql`
    with weeks as (select generate_series(0, ${sql.raw(String(OVERVIEW_WEEKS - 1))}) * 7 + ${since} as week),
      approvals as (
        select bloom_week_of(${auditLog.createdAt}) as week, count(*) as n from ${auditLog}
        where ${auditLog.action} = 'admin.users.setApproval' and ${auditLog.createdAt} >= ${since}::timestamp at time zone 'UTC'
          and ${auditLog.details}->>'isApproved' = 'true'
        group by 1
      )
    select to_char(weeks.week, 'YYYY-MM-DD') as week_start,
      ${kept('applications')} as applications,
      coalesce(approvals.n, 0)::int as approvals,
      ${kept('active_members')} as active_members,
      ${kept('posts')} as posts,
      ${kept('comments')} as comments,
      ${kept('rsvps')} as rsvps,
      (select count(*) from ${newsletterSubscriptions} where ${newsletterSubscriptions.confirmedAt} < (weeks.week + 7)::timestamp at time zone 'UTC')::int as subscribers
    from weeks left join approvals using (week)
    order by weeks.week
  `);
  const list = rowsOf<WeekRow>(rows);
  const weeks: OverviewWeek[] = list.map((row) => ({
    weekStart: row.week_start,
    applications: Number(row.applications),
    approvals: Number(row.approvals),
    activeMembers: Number(row.active_members),
    posts: Number(row.posts),
    comments: Number(row.comments),
    rsvps: Number(row.rsvps),
    subscribers: Number(row.subscribers),
  }));
  return { waiting, weeks };
}
