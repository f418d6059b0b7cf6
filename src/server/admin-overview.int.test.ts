import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forumComments, forumPosts, newsletterSubscriptions } from '../../db/schema';
import { OVERVIEW_WEEKS, type OverviewWeek } from './admin-overview';
import { createEvent, DAY } from './test/content-factories';
import { validApplication } from './test/factories';
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
