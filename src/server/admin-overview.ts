import { sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { auditLog, blogComments, eventRsvps, forumComments, forumPostLikes, forumPosts, newsletterSubscriptions, podcastComments, users } from '../../db/schema';
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

/**
 * The admins' overview: what waits for them, and how the community grew and lived week by
 * week over the last OVERVIEW_WEEKS weeks. Counted by SQL over the tables the community
 * writes anyway: nothing tracks visitors. Each count reads only its weeks (by creation date).
 */
export async function adminOverview(db: Db) {
  const [pendingRow] = await db.select({ n: sql<number>`count(*)::int` }).from(users).where(sql`${users.approvalStatus} = 'pending'`);
  const [reports, review] = await Promise.all([openReportedItems(db), heldCount(db)]);

  const since = sql`date_trunc('week', now()) - interval '${sql.raw(String(OVERVIEW_WEEKS - 1))} weeks'`;
  /** Rows per week of one table, from `since` on. */
  const perWeek = (table: PgTable, createdAt: SQL, extra = sql`true`) =>
    sql`select date_trunc('week', ${createdAt}) as week, count(*) as n from ${table} where ${createdAt} >= ${since} and ${extra} group by 1`;
  // Who did anything that week: wrote, commented, liked or answered an event.
  const activity = sql`
    select date_trunc('week', created_at) as week, user_id from ${forumPosts} where created_at >= ${since}
    union select date_trunc('week', created_at), user_id from ${forumComments} where created_at >= ${since}
    union select date_trunc('week', created_at), user_id from ${podcastComments} where created_at >= ${since}
    union select date_trunc('week', created_at), user_id from ${blogComments} where created_at >= ${since}
    union select date_trunc('week', created_at), user_id from ${forumPostLikes} where created_at >= ${since}
    union select date_trunc('week', created_at), user_id from ${eventRsvps} where created_at >= ${since}`;

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
    with weeks as (select generate_series(${since}, date_trunc('week', now()), interval '1 week') as week),
      applications as (${perWeek(users, sql`${users.createdAt}`, sql`${users.isAdmin} = false`)}),
      approvals as (${perWeek(auditLog, sql`${auditLog.createdAt}`, sql`${auditLog.action} = 'admin.users.setApproval' and ${auditLog.details}->>'isApproved' in ('true')`)}),
      active as (select week, count(distinct user_id) as n from (${activity}) as acts group by week),
      posts as (${perWeek(forumPosts, sql`${forumPosts.createdAt}`, sql`${forumPosts.state} = 'published'`)}),
      comments as (
        select week, sum(n) as n from (
          ${perWeek(forumComments, sql`${forumComments.createdAt}`, sql`${forumComments.state} = 'published'`)}
          union all ${perWeek(podcastComments, sql`${podcastComments.createdAt}`, sql`${podcastComments.state} = 'published'`)}
          union all ${perWeek(blogComments, sql`${blogComments.createdAt}`, sql`${blogComments.state} = 'published'`)}
        ) as all_comments group by week
      ),
      rsvps as (${perWeek(eventRsvps, sql`${eventRsvps.createdAt}`)})
    select to_char(weeks.week, 'YYYY-MM-DD') as week_start,
      coalesce(applications.n, 0)::int as applications,
      coalesce(approvals.n, 0)::int as approvals,
      coalesce(active.n, 0)::int as active_members,
      coalesce(posts.n, 0)::int as posts,
      coalesce(comments.n, 0)::int as comments,
      coalesce(rsvps.n, 0)::int as rsvps,
      (select count(*) from ${newsletterSubscriptions} where ${newsletterSubscriptions.confirmedAt} < weeks.week + interval '1 week')::int as subscribers
    from weeks
      left join applications using (week)
      left join approvals using (week)
      left join active using (week)
      left join posts using (week)
      left join comments using (week)
      left join rsvps using (week)
    order by weeks.week
  `);
  // postgres.js answers an array of rows, PGlite an object holding them.
  const list = (Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows) as WeekRow[];
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
  return { waiting: { applications: pendingRow?.n ?? 0, reports, review }, weeks };
}
