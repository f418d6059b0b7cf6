import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forumComments, forumPosts, listings, reports, users } from '#db/schema';
import { messages } from '#shared/messages';
import { AUTO_HIDE_REPORTERS, REPORTS_PER_DAY } from '#shared/moderation';
import { createListing } from '../test/content-factories';
import type { ReportGroup } from './reports';
import { trpcRequest } from '../test/procedures';
import { createTestApp, type TestApp } from '../test/test-app';

/** Reports: what members tell moderators, the auto-hide at three reporters, and the moderators' queue. */
const s = messages.safety;
let t: TestApp;
type SignedIn = Awaited<ReturnType<TestApp['signInAs']>>;
let admin: SignedIn;
let author: SignedIn;
let reporters: SignedIn[];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAs('admin');
  author = await t.signInAs('member', { firstName: 'Rania' });
  reporters = [await t.signInAs('member'), await t.signInAs('member'), await t.signInAs('member')];
});
afterAll(() => t.close());

const as = (who: SignedIn | null, method: 'GET' | 'POST', url: string, payload?: object) => t.request({ method, url, payload, cookie: who?.cookie });
const report = (who: SignedIn, payload: object) => as(who, 'POST', '/api/reports', payload);
const reportCount = async () => (await t.db.select().from(reports)).length;

async function postBy(who: SignedIn, title: string) {
  const response = await as(who, 'POST', '/api/forum/posts', { title, content: 'Twenty characters of content here, at least.', category: 'general' });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: number };
}
const visibleTitles = async (who: SignedIn | null) => ((await as(who, 'GET', '/api/forum/posts?limit=100')).json().items as { title: string }[]).map((post) => post.title);

describe('reporting', () => {
  it('answers 201 with the id and the thanks; the same member reporting again changes nothing', async () => {
    const post = await postBy(author, 'A post someone dislikes');
    const first = await report(reporters[0]!, { targetType: 'forum_post', targetId: post.id, reason: 'spam', details: '  Selling things  ' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ id: expect.any(Number), message: s.reportThanks });
    const before = await reportCount();
    // The same report again, through tRPC this time: the same id, nothing added.
    const again = await trpcRequest(t.app, { path: 'content.reports.create', type: 'mutation', input: { targetType: 'forum_post', targetId: post.id, reason: 'harassment' }, cookie: reporters[0]!.cookie });
    expect(again.json().result.data.id).toBe(first.json().id);
    expect(await reportCount()).toBe(before);
    const [row] = await t.db.select().from(reports).where(eq(reports.id, first.json().id));
    expect(row).toMatchObject({ reporterId: reporters[0]!.user.id, reason: 'spam', details: 'Selling things', status: 'open' });
    // One report never hides anything.
    expect(await visibleTitles(null)).toContain('A post someone dislikes');
  });

  it('hides an item once 3 different members reported it, for everyone, until a moderator decides', async () => {
    const post = await postBy(author, 'Reported three times');
    const [comment] = await t.db.insert(forumComments).values({ postId: post.id, userId: author.user.id, content: 'A reported comment' }).returning();
    for (const reporter of reporters) {
      expect((await report(reporter, { targetType: 'forum_post', targetId: post.id, reason: 'harassment' })).statusCode).toBe(201);
      expect((await report(reporter, { targetType: 'forum_comment', targetId: comment!.id, reason: 'inappropriate' })).statusCode).toBe(201);
    }
    expect(await visibleTitles(null)).not.toContain('Reported three times');
    expect(await visibleTitles(author)).not.toContain('Reported three times');
    expect((await as(null, 'GET', `/api/forum/posts/${post.id}`)).statusCode).toBe(404);
    const [hidden] = await t.db.select({ state: forumComments.state }).from(forumComments).where(eq(forumComments.id, comment!.id));
    expect(hidden?.state).toBe('hidden');
    // A fourth member can't report what she can't see.
    const late = await t.signInAs('member');
    expect((await report(late, { targetType: 'forum_post', targetId: post.id, reason: 'spam' })).statusCode).toBe(404);
  });

  it('covers listings and members too; neither is hidden by reports, both reach the queue', async () => {
    const listing = await createListing(t.db, { name: 'Reported bakery' });
    for (const reporter of reporters) {
      expect((await report(reporter, { targetType: 'listing', targetId: listing.id, reason: 'spam' })).statusCode).toBe(201);
    }
    // The directory's listings are curated by staff: a moderator decides, not three reports.
    const directory = (await as(null, 'GET', '/api/directory?limit=100')).json() as { name: string }[];
    expect(directory.map((item) => item.name)).toContain('Reported bakery');

    expect((await report(reporters[0]!, { targetType: 'member', targetId: author.user.id, reason: 'harassment', details: 'She keeps messaging me' })).statusCode).toBe(201);
    // A member can't be hidden: three reports leave her account as it was.
    for (const reporter of reporters.slice(1)) await report(reporter, { targetType: 'member', targetId: author.user.id, reason: 'harassment' });
    const [account] = await t.db.select({ approvalStatus: users.approvalStatus }).from(users).where(eq(users.id, author.user.id));
    expect(account?.approvalStatus).toBe('approved');
  });

  it('stays open while she is suspended', async () => {
    const suspended = await t.signInAs('member');
    await as(admin, 'POST', `/api/admin/users/${suspended.user.id}/suspend`, { days: 3, reason: 'Cooling off' });
    const post = await postBy(author, 'Reported by a suspended member');
    expect((await report(suspended, { targetType: 'forum_post', targetId: post.id, reason: 'other' })).statusCode).toBe(201);
    expect((await as(suspended, 'POST', '/api/forum/posts', { title: 'Not while suspended', content: 'Twenty characters of content here.', category: 'general' })).statusCode).toBe(403);
  });

  it('refuses bad input with the rule and changes nothing', async () => {
    const post = await postBy(author, 'A post to report wrongly');
    const before = await reportCount();
    const cases: [object, number, string][] = [
      [{ targetType: 'video', targetId: post.id, reason: 'spam' }, 400, s.reportTargetInvalid],
      [{ targetType: 'forum_post', targetId: post.id, reason: 'boring' }, 400, s.reportReasonInvalid],
      [{ targetType: 'forum_post', targetId: post.id, reason: 'spam', details: 'x'.repeat(1001) }, 400, s.reportDetailsTooLong],
      [{ targetType: 'forum_post', targetId: 999999, reason: 'spam' }, 404, s.reportTargetNotFound],
      [{ targetType: 'podcast_comment', targetId: 999999, reason: 'spam' }, 404, s.reportTargetNotFound],
      [{ targetType: 'member', targetId: reporters[1]!.user.id, reason: 'spam' }, 400, s.reportSelf],
      [{ targetType: 'member', targetId: 999999, reason: 'spam' }, 404, s.reportTargetNotFound],
    ];
    for (const [payload, status, message] of cases) {
      const response = await report(reporters[1]!, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(response.json()).toEqual({ message });
    }
    expect((await as(null, 'POST', '/api/reports', { targetType: 'forum_post', targetId: post.id, reason: 'spam' })).statusCode).toBe(401);
    expect(await reportCount()).toBe(before);
  });

  it('lists a member\'s own reports, newest first, without anyone else\'s or what moderators decided', async () => {
    const mine = (await as(reporters[2]!, 'GET', '/api/reports/mine')).json() as { targetType: string; label: string | null; status: string }[];
    expect(mine.length).toBeGreaterThan(2);
    const all = await t.db.select().from(reports).where(eq(reports.reporterId, reporters[2]!.user.id));
    expect(mine).toHaveLength(all.length);
    expect(mine.find((item) => item.targetType === 'member')).toMatchObject({ label: 'Rania T.', status: 'open' });
    // A hidden item's text is not shown back, even to a reporter.
    expect(mine.filter((item) => item.targetType === 'forum_post').map((item) => item.label)).not.toContain('Reported three times');
    expect(JSON.stringify(mine)).not.toContain(author.user.email);
    expect(Object.keys(mine[0]!).sort()).toEqual(['createdAt', 'details', 'id', 'label', 'reason', 'status', 'targetType']);
  });
});

describe('the report queue', () => {
  type Group = { reportId: number; targetType: string; targetId: number; openReports: number; reporters: number; item: { text: string; state: string; author: { email: string } | null } | null; reports: { reporter: { id: number }; reason: string; status: string; resolution: string | null }[] };
  const queue = async () => (await as(admin, 'GET', '/api/admin/reports?limit=100')).json() as Group[];
  const groupOf = async (targetType: string, targetId: number) => (await queue()).find((group) => group.targetType === targetType && group.targetId === targetId)!;

  it('groups reports by item, open first, with the item in full, its author and who reported', async () => {
    const groups = await queue();
    const openFlags = groups.map((group) => group.openReports > 0);
    expect(openFlags).toEqual([...openFlags].sort((a, b) => Number(b) - Number(a)));
    const [post] = await t.db.select().from(forumPosts).where(eq(forumPosts.title, 'Reported three times'));
    const group = await groupOf('forum_post', post!.id);
    expect(group).toMatchObject({ openReports: 3, reporters: 3, item: { state: 'hidden', author: { email: author.user.email } } });
    expect(group.reports.map((r) => r.reporter.id).sort()).toEqual(reporters.map((r) => r.user.id).sort());
    const waiting = (await as(admin, 'GET', '/api/admin/moderation/waiting')).json() as { reports: number };
    expect(waiting.reports).toBe(groups.filter((g) => g.openReports > 0).length);
  });

  it('dismisses: the reports close and a hidden item shows again', async () => {
    const [post] = await t.db.select().from(forumPosts).where(eq(forumPosts.title, 'Reported three times'));
    const group = await groupOf('forum_post', post!.id);
    const resolved = await as(admin, 'POST', `/api/admin/reports/${group.reportId}/resolve`, { action: 'dismiss', note: 'A misunderstanding' });
    expect(resolved.json()).toMatchObject({ success: true, message: s.reportResolved, resolvedReports: 3 });
    expect(await visibleTitles(null)).toContain('Reported three times');
    const after = await groupOf('forum_post', post!.id);
    expect(after.openReports).toBe(0);
    expect(after.reports.every((r) => r.status === 'resolved' && r.resolution === 'dismiss')).toBe(true);
    const again = await as(admin, 'POST', `/api/admin/reports/${group.reportId}/resolve`, { action: 'hide' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: s.reportsAlreadyResolved });
  });

  it('hides or deletes a reported item (tRPC and REST), and comment counts follow', async () => {
    const post = await postBy(author, 'Post with a reported comment');
    const comment = (await as(author, 'POST', `/api/forum/posts/${post.id}/comments`, { content: 'Rude words here' })).json() as { id: number };
    const hidePost = await postBy(author, 'A post to hide');
    await report(reporters[0]!, { targetType: 'forum_comment', targetId: comment.id, reason: 'harassment' });
    await report(reporters[0]!, { targetType: 'forum_post', targetId: hidePost.id, reason: 'spam' });

    const hide = await trpcRequest(t.app, { path: 'admin.reports.resolve', type: 'mutation', input: { id: (await groupOf('forum_post', hidePost.id)).reportId, action: 'hide' }, cookie: admin.cookie });
    expect(hide.statusCode).toBe(200);
    expect(await visibleTitles(reporters[1]!)).not.toContain('A post to hide');

    const deleted = await as(admin, 'POST', `/api/admin/reports/${(await groupOf('forum_comment', comment.id)).reportId}/resolve`, { action: 'delete', note: 'Unkind' });
    expect(deleted.statusCode).toBe(200);
    expect(await t.db.select().from(forumComments).where(eq(forumComments.id, comment.id))).toEqual([]);
    const listed = ((await as(null, 'GET', '/api/forum/posts?limit=100')).json().items as { id: number; comments: number }[]).find((p) => p.id === post.id);
    expect(listed?.comments).toBe(0);
    expect((await groupOf('forum_comment', comment.id)).item).toBeNull();
  });

  it('suspends the author for the days given, with the note as her reason, and hides the item', async () => {
    const offender = await t.signInAs('member');
    const post = await postBy(offender, 'Something unkind to suspend for');
    await report(reporters[1]!, { targetType: 'forum_post', targetId: post.id, reason: 'harassment' });
    const { reportId } = await groupOf('forum_post', post.id);
    const noDays = await as(admin, 'POST', `/api/admin/reports/${reportId}/resolve`, { action: 'suspend' });
    expect(noDays.statusCode).toBe(400);
    expect(noDays.json()).toEqual({ message: messages.moderation.suspendDays });

    expect((await as(admin, 'POST', `/api/admin/reports/${reportId}/resolve`, { action: 'suspend', days: 7, note: 'Please be kind' })).statusCode).toBe(200);
    const [account] = await t.db.select({ until: users.suspendedUntil, reason: users.suspensionReason }).from(users).where(eq(users.id, offender.user.id));
    expect(account?.reason).toBe('Please be kind');
    expect(account!.until!.getTime()).toBeGreaterThan(Date.now() + 6 * 24 * 3600_000);
    expect(await visibleTitles(null)).not.toContain('Something unkind to suspend for');
    const write = await as(offender, 'POST', '/api/forum/posts', { title: 'Trying again now', content: 'Twenty characters of content here.', category: 'general' });
    expect(write.statusCode).toBe(403);
  });

  it('offers each kind of item only the actions that fit it, and refuses bad input', async () => {
    const member = await t.signInAs('member');
    await postBy(member, 'Something to be known by');
    await report(reporters[2]!, { targetType: 'member', targetId: member.user.id, reason: 'spam' });
    const listing = await createListing(t.db, { name: 'A listing to report' });
    await report(reporters[2]!, { targetType: 'listing', targetId: listing.id, reason: 'spam' });
    const memberGroup = await groupOf('member', member.user.id);
    const listingGroup = await groupOf('listing', listing.id);
    for (const action of ['hide', 'delete']) {
      const response = await as(admin, 'POST', `/api/admin/reports/${memberGroup.reportId}/resolve`, { action });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: s.actionNotForMembers });
    }
    const suspendListing = await as(admin, 'POST', `/api/admin/reports/${listingGroup.reportId}/resolve`, { action: 'suspend', days: 3 });
    expect(suspendListing.json()).toEqual({ message: s.actionNotForListings });
    expect((await as(admin, 'POST', `/api/admin/reports/${listingGroup.reportId}/resolve`, { action: 'ban' })).json()).toEqual({ message: s.actionInvalid });
    expect((await as(admin, 'POST', '/api/admin/reports/999999/resolve', { action: 'dismiss' })).json()).toEqual({ message: s.reportNotFound });
    expect((await groupOf('member', member.user.id)).openReports).toBe(1);

    expect((await as(admin, 'POST', `/api/admin/reports/${listingGroup.reportId}/resolve`, { action: 'delete' })).statusCode).toBe(200);
    expect(await t.db.select().from(listings).where(eq(listings.id, listing.id))).toEqual([]);
    expect((await as(admin, 'POST', `/api/admin/reports/${memberGroup.reportId}/resolve`, { action: 'suspend', days: 1 })).statusCode).toBe(200);
    const [suspended] = await t.db.select({ reason: users.suspensionReason }).from(users).where(eq(users.id, member.user.id));
    expect(suspended?.reason).toBe(s.defaultSuspensionReason);
  });

  it('is for admins only, and every decision is in the audit log', async () => {
    expect((await as(reporters[0]!, 'GET', '/api/admin/reports')).statusCode).toBe(403);
    expect((await as(reporters[0]!, 'POST', '/api/admin/reports/1/resolve', { action: 'dismiss' })).statusCode).toBe(403);
    const audit = (await as(admin, 'GET', '/api/admin/audit?action=admin.reports.resolve&limit=100')).json() as unknown[];
    expect(audit.length).toBeGreaterThanOrEqual(5);
  });
});

describe('what reports can hide, and how many a member files', () => {
  type Counts = Pick<ReportGroup, 'targetType' | 'targetId' | 'openReports' | 'reportCount' | 'reporters' | 'countingReporters' | 'dismissedReporters' | 'reasons'>;
  const countsOf = async (targetType: string, targetId: number) =>
    ((await as(admin, 'GET', '/api/admin/reports?limit=100')).json() as Counts[]).find((group) => group.targetType === targetType && group.targetId === targetId)!;
  const viaTrpc = (who: SignedIn, input: object) => trpcRequest(t.app, { path: 'content.reports.create', type: 'mutation', input, cookie: who.cookie });
  const newMembers = async (n: number) => Promise.all(Array.from({ length: n }, () => t.signInAs('member')));

  it('after a dismissal the same members reporting again leave the item up; three new members hide it', async () => {
    const [first, second, third] = await newMembers(3);
    const post = await postBy(author, 'Dismissed and reported again');
    const target = { targetType: 'forum_post', targetId: post.id, reason: 'spam' };
    for (const reporter of [first!, second!, third!]) expect((await report(reporter, target)).statusCode).toBe(201);
    expect(await visibleTitles(null)).not.toContain('Dismissed and reported again');
    const [open] = await t.db.select({ id: reports.id }).from(reports).where(and(eq(reports.targetType, 'forum_post'), eq(reports.targetId, post.id))).limit(1);
    expect((await as(admin, 'POST', `/api/admin/reports/${open!.id}/resolve`, { action: 'dismiss' })).statusCode).toBe(200);
    expect(await visibleTitles(null)).toContain('Dismissed and reported again');
    // Resolved, the card sums up every report made.
    expect(await countsOf('forum_post', post.id)).toMatchObject({ openReports: 0, reportCount: 3, reporters: 3, dismissedReporters: 0, reasons: [{ reason: 'spam', count: 3 }] });

    // The same three again, on both APIs: each report is taken and reaches the queue, and the post stays up.
    const again = [await report(first!, target), await viaTrpc(second!, target), await report(third!, target)];
    expect(again.map((response) => response.statusCode)).toEqual([201, 200, 201]);
    expect(again[0]!.json()).toEqual({ id: expect.any(Number), message: s.reportThanks });
    expect(again[1]!.json().result.data).toEqual({ id: expect.any(Number), message: s.reportThanks });
    expect(await visibleTitles(null)).toContain('Dismissed and reported again');
    expect(await visibleTitles(author)).toContain('Dismissed and reported again');
    expect(await countsOf('forum_post', post.id)).toMatchObject({ openReports: 3, reporters: 3, countingReporters: 0 });
    expect(await countsOf('forum_post', post.id)).toMatchObject({ reportCount: 3, dismissedReporters: 3, reasons: [{ reason: 'spam', count: 3 }] });

    // Members who had not reported it count: two leave it up, the third hides it.
    const [fourth, fifth, sixth] = await newMembers(3);
    await report(fourth!, target);
    await viaTrpc(fifth!, target);
    expect(await visibleTitles(null)).toContain('Dismissed and reported again');
    expect(await countsOf('forum_post', post.id)).toMatchObject({ openReports: 5, reporters: 5, countingReporters: 2 });
    expect((await report(sixth!, target)).statusCode).toBe(201);
    expect(await visibleTitles(null)).not.toContain('Dismissed and reported again');
    expect(await countsOf('forum_post', post.id)).toMatchObject({ openReports: 6, reporters: 6, countingReporters: 3 });
    expect(await countsOf('forum_post', post.id)).toMatchObject({ reportCount: 6, dismissedReporters: 3, reasons: [{ reason: 'spam', count: 6 }] });
  });

  it('counts on the server what a card shows: while reports are open, only those, with their reasons', async () => {
    const [first, second, third] = await newMembers(3);
    const post = await postBy(author, 'Counted on the server');
    const target = (reason: string) => ({ targetType: 'forum_post', targetId: post.id, reason });
    await report(first!, target('harassment'));
    const [earlier] = await t.db.select({ id: reports.id }).from(reports).where(and(eq(reports.targetType, 'forum_post'), eq(reports.targetId, post.id))).limit(1);
    expect((await as(admin, 'POST', `/api/admin/reports/${earlier!.id}/resolve`, { action: 'dismiss' })).statusCode).toBe(200);
    await report(second!, target('spam'));
    await viaTrpc(third!, target('spam'));
    await report(first!, target('other'));
    expect(await countsOf('forum_post', post.id)).toMatchObject({
      openReports: 3,
      reportCount: 3,
      reporters: 3,
      countingReporters: 2,
      dismissedReporters: 1,
      // The dismissed 'harassment' report is not among the open ones the card sums up.
      reasons: [
        { reason: 'spam', count: 2 },
        { reason: 'other', count: 1 },
      ],
    });
  });

  it('never hides what staff published: a moderator\'s post and comment, a curated listing; the reports still reach the queue', async () => {
    const staffPost = await postBy(admin, 'Welcome from the moderators');
    const staffComment = (await as(admin, 'POST', `/api/forum/posts/${staffPost.id}/comments`, { content: 'Please read the guidelines' })).json() as { id: number };
    const listing = await createListing(t.db, { name: 'Curated library' });
    const members = await newMembers(3);
    for (const [i, reporter] of members.entries()) {
      const send = i === 1 ? viaTrpc : report;
      for (const [targetType, targetId] of [['forum_post', staffPost.id], ['forum_comment', staffComment.id], ['listing', listing.id]] as const) {
        expect((await send(reporter, { targetType, targetId, reason: 'inappropriate' })).statusCode).toBeLessThan(300);
      }
    }
    expect(await visibleTitles(null)).toContain('Welcome from the moderators');
    const [comment] = await t.db.select({ state: forumComments.state }).from(forumComments).where(eq(forumComments.id, staffComment.id));
    expect(comment?.state).toBe('published');
    const directory = (await as(null, 'GET', '/api/directory?limit=100')).json() as { name: string }[];
    expect(directory.map((item) => item.name)).toContain('Curated library');
    for (const [targetType, targetId] of [['forum_post', staffPost.id], ['forum_comment', staffComment.id], ['listing', listing.id]] as const) {
      expect(await countsOf(targetType, targetId)).toMatchObject({ openReports: 3, reporters: 3 });
    }
  });

  it(`takes at most ${REPORTS_PER_DAY} reports a day from a member: the next answers 429 on both APIs and stores nothing`, async () => {
    const busy = await t.signInAs('member');
    const posts = await t.db
      .insert(forumPosts)
      .values(Array.from({ length: REPORTS_PER_DAY + 1 }, (_, i) => ({ userId: author.user.id, title: `Daily limit post ${i}`, content: 'Twenty characters of content here.', category: 'general' as const })))
      .returning({ id: forumPosts.id });
    const target = (i: number) => ({ targetType: 'forum_post', targetId: posts[i]!.id, reason: 'spam' });
    for (let i = 0; i < REPORTS_PER_DAY; i++) {
      const response = i % 2 ? await viaTrpc(busy, target(i)) : await report(busy, target(i));
      expect(response.statusCode, `report ${i + 1}`).toBeLessThan(300);
    }
    const mine = async () => t.db.select().from(reports).where(eq(reports.reporterId, busy.user.id));
    const before = await mine();
    expect(before).toHaveLength(REPORTS_PER_DAY);

    const rest = await report(busy, target(REPORTS_PER_DAY));
    expect(rest.statusCode).toBe(429);
    expect(rest.json()).toEqual({ message: s.reportDailyLimit });
    const trpc = await viaTrpc(busy, target(REPORTS_PER_DAY));
    expect(trpc.statusCode).toBe(429);
    expect(trpc.json().error.message).toBe(s.reportDailyLimit);
    expect(await mine()).toEqual(before);
    // Repeating a report she already made stores nothing, so it is still answered with its id.
    expect((await report(busy, target(0))).json()).toEqual({ id: before.find((row) => row.targetId === posts[0]!.id)!.id, message: s.reportThanks });

    // A day later she can report again.
    await t.db.update(reports).set({ createdAt: new Date(Date.now() - 25 * 3600_000) }).where(eq(reports.reporterId, busy.user.id));
    expect((await report(busy, target(REPORTS_PER_DAY))).statusCode).toBe(201);
  });

  it('holds when reports arrive at once: one member\'s stop at the daily limit, and three members\' hide the item', async () => {
    const hurried = await t.signInAs('member');
    const posts = await t.db
      .insert(forumPosts)
      .values(Array.from({ length: REPORTS_PER_DAY + 5 }, (_, i) => ({ userId: author.user.id, title: `At once ${i}`, content: 'Twenty characters of content here.', category: 'general' as const })))
      .returning({ id: forumPosts.id });
    const answers = await Promise.all(posts.map((post) => report(hurried, { targetType: 'forum_post', targetId: post.id, reason: 'spam' })));
    expect(answers.filter((response) => response.statusCode === 201)).toHaveLength(REPORTS_PER_DAY);
    expect(answers.filter((response) => response.statusCode === 429)).toHaveLength(5);
    expect(await t.db.select().from(reports).where(eq(reports.reporterId, hurried.user.id))).toHaveLength(REPORTS_PER_DAY);

    const post = await postBy(author, 'Reported by three at once');
    const members = await newMembers(AUTO_HIDE_REPORTERS);
    await Promise.all(members.map((member) => report(member, { targetType: 'forum_post', targetId: post.id, reason: 'harassment' })));
    expect(await visibleTitles(null)).not.toContain('Reported by three at once');
  });

  it('takes a report of a member only from someone who has seen her writing; anyone else gets the 404 of an unknown id', async () => {
    const reporter = await t.signInAs('member');
    const quiet = await t.signInAs('member', { firstName: 'Nour' });
    const before = await reportCount();
    const unknown = await report(reporter, { targetType: 'member', targetId: 999999, reason: 'spam' });
    const unseen = await report(reporter, { targetType: 'member', targetId: quiet.user.id, reason: 'spam' });
    expect([unseen.statusCode, unseen.body]).toEqual([unknown.statusCode, unknown.body]);
    expect(unseen.json()).toEqual({ message: s.reportTargetNotFound });
    expect(await reportCount()).toBe(before);
    expect((await as(reporter, 'GET', '/api/reports/mine')).body).not.toContain('Nour');

    await postBy(quiet, 'Nour says something now');
    expect((await viaTrpc(reporter, { targetType: 'member', targetId: quiet.user.id, reason: 'spam' })).statusCode).toBe(200);
  });
});
