import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogComments, forumComments, forumPosts, newsletterSubscriptions, users } from '#db/schema';
import { rowsOf } from '#db/client';
import { OVERVIEW_WEEKS, type OverviewWeek } from './admin-overview';
import { createBlog, createEvent, DAY } from './test/content-factories';
import { createUser, validApplication } from './test/factories';
import { createTestApp, type TestApp } from './test/test-app';

/** The admins' overview: what waits, and the last weeks of community life, counted by SQL. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ mailWorker: false });
});
afterAll(() => t.close());

describe('GET /api/admin/overview', () => {
  it('counts what waits and this week’s life, and only for admins', async () => {
    const admin = await t.signInAs('admin');
    const member = await t.signInAs('member');
    const newcomer = await t.signInAs('member', { established: false });
    await t.request({ method: 'POST', url: '/api/join-request', payload: validApplication() });
    await t.request({ method: 'POST', url: '/api/forum/posts', cookie: member.cookie, payload: { title: 'This week’s post', content: 'Twenty characters of content here.', category: 'general' } });
    await t.request({ method: 'POST', url: '/api/forum/posts', cookie: newcomer.cookie, payload: { title: 'Held, not counted', content: 'Twenty characters of content here.', category: 'general' } });
    const [post] = await t.db.select().from(forumPosts).limit(1);
    await t.db.insert(forumComments).values({ postId: post!.id, userId: member.user.id, content: 'A comment' });
    const event = await createEvent(t.db, { dateTime: new Date(Date.now() + 3 * DAY) });
    await t.request({ method: 'POST', url: `/api/events/${event.id}/rsvp`, cookie: member.cookie });
    await t.db.insert(newsletterSubscriptions).values([{ email: 'a@example.com', frequency: 'weekly', confirmedAt: new Date() }, { email: 'b@example.com', frequency: 'weekly' }]);
    // An old post, outside the weeks shown.
    await t.db.insert(forumPosts).values({ userId: member.user.id, title: 'Long ago', content: 'Twenty characters of content here.', category: 'general', createdAt: new Date(Date.now() - 200 * DAY) });

    const response = await t.request({ method: 'GET', url: '/api/admin/overview', cookie: admin.cookie });
    expect(response.statusCode).toBe(200);
    const { waiting, weeks } = response.json() as { waiting: { applications: number; reports: number; review: number }; weeks: OverviewWeek[] };
    expect(waiting).toEqual({ applications: 1, reports: 0, review: 1 });
    // The tabs' badges count the same waiting work, applications included.
    expect((await t.request({ method: 'GET', url: '/api/admin/moderation/waiting', cookie: admin.cookie })).json()).toEqual(waiting);
    expect(weeks).toHaveLength(OVERVIEW_WEEKS);
    const monday = (date: Date) => {
      const day = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
      day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
      return day.toISOString().slice(0, 10);
    };
    expect(weeks.at(-1)!.weekStart).toBe(monday(new Date()));
    expect(weeks.at(-1)).toMatchObject({ posts: 1, comments: 1, rsvps: 1, subscribers: 1 });
    // Every account but the admin's joined this week: the applicant and the two members.
    expect(weeks.at(-1)!.applications).toBe(3);
    expect(weeks.at(-1)!.activeMembers).toBe(2);
    expect(weeks.slice(0, -1).every((week) => week.posts === 0)).toBe(true);

    expect((await t.request({ method: 'GET', url: '/api/admin/overview', cookie: member.cookie })).statusCode).toBe(403);
  });
});

describe('the weekly counts the database keeps for the overview', () => {
  /** Weeks whose kept count differs from a count of the rows behind it, for the weeks the rows fall in. */
  const drifted = async () => {
    const rows = await t.db.execute(sql`
      with truth as (
        select bloom_week_of(created_at) as week, 'applications' as measure, count(*) as n from users where role <> 'admin' group by 1
        union all select bloom_week_of(created_at), 'posts', count(*) from forum_posts where state = 'published' group by 1
        union all select week, 'comments', sum(n) from (
          select bloom_week_of(created_at) as week, count(*) as n from forum_comments where state = 'published' group by 1
          union all select bloom_week_of(created_at), count(*) from podcast_comments where state = 'published' group by 1
          union all select bloom_week_of(created_at), count(*) from blog_comments where state = 'published' group by 1
        ) as comments group by 1
        union all select bloom_week_of(created_at), 'rsvps', count(*) from event_rsvps group by 1
        union all select week, 'active_members', count(*) from member_weeks group by 1
      )
      , kept as (select week, measure, sum(n) as n from community_weeks group by 1, 2)
      select coalesce(truth.measure, kept.measure) as measure, coalesce(truth.week, kept.week) as week
      from truth full join kept on kept.week = truth.week and kept.measure = truth.measure
      where coalesce(truth.n, 0) <> coalesce(kept.n, 0)`);
    return rowsOf(rows);
  };

  it('follow comments published, held and hidden, posts in past weeks, and deleted members', async () => {
    const [writer, other] = await Promise.all([createUser(t.db), createUser(t.db)]);
    const blog = await createBlog(t.db);
    await t.db.insert(blogComments).values([
      { blogId: blog.id, userId: writer.id, content: 'Published' },
      { blogId: blog.id, userId: other.id, content: 'Held', state: 'held' as const, holdReason: 'new_member' as const },
      { blogId: blog.id, userId: other.id, content: 'Long ago', createdAt: new Date(Date.now() - 30 * DAY) },
    ]);
    await t.db.update(blogComments).set({ state: 'published', holdReason: null }).where(eq(blogComments.content, 'Held'));
    await t.db.update(blogComments).set({ state: 'hidden' }).where(eq(blogComments.content, 'Published'));
    await t.db.insert(forumPosts).values({ userId: writer.id, title: 'Two weeks ago', content: 'Twenty characters of content here.', category: 'general', createdAt: new Date(Date.now() - 14 * DAY) });
    expect(await drifted()).toEqual([]);
    // Her account goes, and with it her posts, comments and weeks of activity.
    await t.db.delete(users).where(eq(users.id, writer.id));
    expect(await drifted()).toEqual([]);
  });
});
