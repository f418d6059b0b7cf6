import { TRPCError } from '@trpc/server';
import { and, count, countDistinct, desc, eq, inArray, max, sql } from 'drizzle-orm';
import type { Db } from '#db/client';
import { listings, reports, users } from '#db/schema';
import { messages } from '#shared/messages';
import {
  REPORTS_PER_DAY,
  REVIEWABLE_KINDS,
  type ReportAction,
  type ReportReason,
  type ReportStatus,
  type ReportTargetType,
  type ReviewableKind,
} from '#shared/moderation';
import { afterPosition, inPage, type ListOrder, orderBy, type Page, pageIds } from '../domains/paging';
import { badRequest, conflict, forbidden, notFound } from '../errors';
import { displayName, type MemberForStaff, mayActOnReported, memberSeenByStaff, type Role, type Viewer, hiddenByReports, hideableByReports, itemHasOpenReports, overShownReports, reportCounts } from '../policies';
import { seesWritingBy } from './blocks';
import { MEMBER_CONTENT, moderatedItemsById } from './member-content';
import { assertMaySuspendFor, suspendMember } from './suspension';
import { visibleTo, type ContentViewer } from './visibility';
import { notify, notifyStaff } from '../notifications/notify';

const m = messages.safety;

const isReviewable = (type: ReportTargetType): type is ReviewableKind => (REVIEWABLE_KINDS as readonly string[]).includes(type);

/**
 * What she reports, if she can see it: a post or comment she may see (visibleTo), a published
 * listing, or a member other than herself whose post or comment she can see (so reporting ids
 * one by one names nobody). Anything else is a 404, as if it did not exist: reporting tells
 * nobody what is hidden. `hideable` says whether members' reports may hide it (hideableByReports).
 */
async function reportTarget(db: Db, reporter: NonNullable<ContentViewer>, type: ReportTargetType, id: number): Promise<{ hideable: boolean }> {
  if (type === 'member') {
    if (id === reporter.id) throw badRequest(m.reportSelf);
    if (!(await seesWritingBy(db, reporter.id, id))) throw notFound(m.reportTargetNotFound);
    return { hideable: hideableByReports(type, false) };
  }
  if (type === 'listing') {
    const [listing] = await db.select({ id: listings.id }).from(listings).where(and(eq(listings.id, id), eq(listings.state, 'published'))).limit(1);
    if (!listing) throw notFound(m.reportTargetNotFound);
    return { hideable: hideableByReports(type, true) };
  }
  const c = MEMBER_CONTENT[type];
  const [item] = await db
    .select({ byStaff: sql<boolean>`${users.role} <> 'member'` })
    .from(c.table)
    .innerJoin(users, eq(users.id, c.userId))
    .where(and(eq(c.id, id), visibleTo(reporter, c)))
    .limit(1);
  if (!item) throw notFound(m.reportTargetNotFound);
  return { hideable: hideableByReports(type, item.byStaff) };
}

/** Hides a post, comment or listing until a moderator decides; members have nothing to hide. */
async function setHidden(db: Db, type: ReportTargetType, id: number, hidden: boolean): Promise<void> {
  const [from, to] = hidden ? (['published', 'hidden'] as const) : (['hidden', 'published'] as const);
  if (type === 'listing') {
    await db.update(listings).set({ state: to }).where(and(eq(listings.id, id), eq(listings.state, from)));
  } else if (isReviewable(type)) {
    const c = MEMBER_CONTENT[type];
    await db.update(c.table).set({ state: to } as never).where(and(eq(c.id, id), eq(c.state, from)));
  }
}

/**
 * Serialises, until the transaction ends, the reports of one member (her daily limit) and of
 * one item (its count toward hiding), across server processes.
 */
const lockReportsOf = (db: Db, reporterId: number, type: ReportTargetType, id: number) =>
  db.execute(sql`select pg_advisory_xact_lock(hashtext('reports by member'), ${reporterId}::integer), pg_advisory_xact_lock(hashtext(${`reports of ${type}`}), ${id}::integer)`);

const dailyLimitReached = () => new TRPCError({ code: 'TOO_MANY_REQUESTS', message: m.reportDailyLimit });

/**
 * A member reports something. Her second report of the same open item changes nothing and
 * answers the first one's id. A new report past REPORTS_PER_DAY in the last 24 hours is refused
 * (429) and nothing is stored. Once AUTO_HIDE_REPORTERS members' reports count toward hiding a
 * member's post or comment (reportCounts, hiddenByReports), it is hidden from everyone until a moderator decides.
 */
export async function createReport(
  db: Db,
  reporter: NonNullable<ContentViewer>,
  input: { targetType: ReportTargetType; targetId: number; reason: ReportReason; details?: string | null },
) {
  const { hideable } = await reportTarget(db, reporter, input.targetType, input.targetId);
  const target = and(eq(reports.targetType, input.targetType), eq(reports.targetId, input.targetId));
  return db.transaction(async (tx) => {
    await lockReportsOf(tx, reporter.id, input.targetType, input.targetId);
    const [open] = await tx
      .select({ id: reports.id })
      .from(reports)
      .where(and(target, eq(reports.status, 'open'), eq(reports.reporterId, reporter.id)))
      .limit(1);
    if (open) return { id: open.id, message: m.reportThanks };

    const [today] = await tx
      .select({ n: count() })
      .from(reports)
      .where(and(eq(reports.reporterId, reporter.id), sql`${reports.createdAt} > now() - interval '1 day'`));
    if ((today?.n ?? 0) >= REPORTS_PER_DAY) throw dailyLimitReached();

    const [row] = await tx
      .insert(reports)
      .values({ reporterId: reporter.id, targetType: input.targetType, targetId: input.targetId, reason: input.reason, details: input.details || null })
      .returning({ id: reports.id });
    const label = (await labelsOf(tx, [input])).get(`${input.targetType}:${input.targetId}`) ?? '';
    await notifyStaff(tx, { kind: 'report_new', actorId: reporter.id, target: { type: 'report', id: row!.id, title: label } });
    if (hideable) {
      const [counts] = await tx.select(reportCounts()).from(reports).where(target);
      if (counts && hiddenByReports(counts)) await setHidden(tx, input.targetType, input.targetId, true);
    }
    return { id: row!.id, message: m.reportThanks };
  });
}

/** What a member sees of her own reports: what she reported, when, and whether a moderator has looked at it. */
export interface MyReport {
  id: number;
  targetType: ReportTargetType;
  reason: ReportReason;
  details: string | null;
  status: ReportStatus;
  createdAt: Date;
  /** A few words naming what she reported, while it is still there: a title, a comment's start, a name. */
  label: string | null;
}

/** Her own reports, newest first. */
export async function myReports(db: Db, reporterId: number, page: Page): Promise<MyReport[]> {
  const order: ListOrder = { column: reports.createdAt, direction: 'desc' };
  const ids = pageIds(db, reports, reports.id, eq(reports.reporterId, reporterId), order, page);
  const rows = await db
    .select({ id: reports.id, targetType: reports.targetType, targetId: reports.targetId, reason: reports.reason, details: reports.details, status: reports.status, createdAt: reports.createdAt })
    .from(reports)
    .innerJoin(ids, inPage(ids, reports.id))
    .orderBy(...orderBy(order, reports.id));
  const labels = await labelsOf(db, rows);
  return rows.map(({ targetId, ...row }) => ({ ...row, label: labels.get(`${row.targetType}:${targetId}`) ?? null }));
}

const shorten = (text: string, length = 80) => (text.length > length ? `${text.slice(0, length - 1).trimEnd()}…` : text);

/** Names of reported items as a member may see them: never a hidden item's text, a member as first name and initial. */
async function labelsOf(db: Db, rows: { targetType: ReportTargetType; targetId: number }[]): Promise<Map<string, string>> {
  const labels = new Map<string, string>();
  const idsOf = (type: ReportTargetType) => [...new Set(rows.filter((row) => row.targetType === type).map((row) => row.targetId))];
  for (const kind of REVIEWABLE_KINDS) {
    for (const item of (await moderatedItemsById(db, kind, idsOf(kind))).values()) {
      if (item.state === 'published') labels.set(`${kind}:${item.id}`, shorten(item.title ?? item.text));
    }
  }
  const listingIds = idsOf('listing');
  if (listingIds.length) {
    const shown = await db.select({ id: listings.id, name: listings.name }).from(listings).where(and(inArray(listings.id, listingIds), eq(listings.state, 'published')));
    for (const listing of shown) labels.set(`listing:${listing.id}`, listing.name);
  }
  const memberIds = idsOf('member');
  if (memberIds.length) {
    const members = await db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(users).where(inArray(users.id, memberIds));
    for (const member of members) {
      const name = displayName(member);
      labels.set(`member:${member.id}`, `${name.firstName} ${name.lastName}`.trim());
    }
  }
  return labels;
}

/** One reported item in the moderators' queue, with every report made of it. */
export interface ReportGroup {
  /** The newest report's id: the queue resolves an item through any of its reports, and its next page starts after this one (`cursor`). */
  reportId: number;
  targetType: ReportTargetType;
  targetId: number;
  /** reportCounts: what the card shows, counted on the server as the auto-hide counts. */
  openReports: number;
  reportCount: number;
  reporters: number;
  countingReporters: number;
  dismissedReporters: number;
  /** Why the reports the card sums up were made: each reason once, most given first. */
  reasons: { reason: ReportReason; count: number }[];
  latestAt: Date;
  /** What was reported, as moderators see it; null once it was deleted. */
  item: {
    title: string | null;
    text: string;
    state: 'published' | 'held' | 'hidden' | 'approved';
    author: MemberForStaff | null;
    context: { title: string; href: string } | null;
  } | null;
  reports: {
    id: number;
    reason: ReportReason;
    details: string | null;
    status: ReportStatus;
    resolution: ReportAction | null;
    resolutionNote: string | null;
    createdAt: Date;
    reporter: MemberForStaff;
  }[];
}

/**
 * Where the item whose newest report is `reportId` stands in the queue: (open, newest report).
 * An item's newest report is open exactly while the item has open reports: a decision closes
 * them all, and a report made since is open.
 */
const queuePosition = (reportId: number) => {
  const key = sql.identifier(reports.id.name);
  return sql`(select shown.${sql.identifier(reports.status.name)} = 'open', shown.${key} from ${reports} as shown where shown.${key} = ${reportId})`;
};

/**
 * The report queue: items with open reports first, then resolved ones, each part by newest
 * report first (reports are numbered as they arrive), after the item whose newest report is
 * `page.after` when given.
 */
export async function reportQueue(db: Db, viewer: Viewer, page: Page): Promise<ReportGroup[]> {
  const counts = reportCounts();
  const newestReport = sql<number>`max(${reports.id})`.mapWith(Number);
  const order = [sql`${counts.openReports} > 0`, newestReport];
  const query = db
    .select({
      targetType: reports.targetType,
      targetId: reports.targetId,
      ...counts,
      latestAt: max(reports.createdAt),
      reportId: newestReport,
    })
    .from(reports)
    .groupBy(reports.targetType, reports.targetId)
    .having(page.after != null ? afterPosition(order, queuePosition(page.after), 'desc') : undefined)
    .orderBy(...order.map((key) => desc(key)))
    .limit(page.limit);
  const groups = await (page.after != null ? query : query.offset(page.offset));
  if (groups.length === 0) return [];

  const keys = groups.map((group) => sql`(${group.targetType}::report_target_type, ${group.targetId}::integer)`);
  const ofGroups = sql`(${reports.targetType}, ${reports.targetId}) in (${sql.join(keys, sql`, `)})`;
  const reasonCount = sql<number>`${overShownReports(sql`count(*)`, itemHasOpenReports)}`.mapWith(Number);
  const [reportRows, reasonRows] = await Promise.all([
    db
      .select({
        id: reports.id,
        targetType: reports.targetType,
        targetId: reports.targetId,
        reason: reports.reason,
        details: reports.details,
        status: reports.status,
        resolution: reports.resolution,
        resolutionNote: reports.resolutionNote,
        createdAt: reports.createdAt,
        reporterId: users.id,
        reporterFirstName: users.firstName,
        reporterLastName: users.lastName,
      })
      .from(reports)
      .innerJoin(users, eq(users.id, reports.reporterId))
      .where(ofGroups)
      .orderBy(desc(reports.createdAt), desc(reports.id)),
    // Each reason's count over the reports the card sums up (overShownReports); a reason given
    // only in reports it leaves out counts 0 and is dropped. Ties: the most recently given first.
    db
      .select({
        targetType: reports.targetType,
        targetId: reports.targetId,
        reason: reports.reason,
        count: reasonCount,
      })
      .from(reports)
      .where(ofGroups)
      .groupBy(reports.targetType, reports.targetId, reports.reason)
      .orderBy(desc(reasonCount), desc(max(reports.id))),
  ]);
  const items = await reportedItems(db, viewer, groups);

  const ofGroup = (group: { targetType: ReportTargetType; targetId: number }) => (row: { targetType: ReportTargetType; targetId: number }) =>
    row.targetType === group.targetType && row.targetId === group.targetId;
  return groups.map((group) => {
    const key = `${group.targetType}:${group.targetId}`;
    return {
      ...group,
      latestAt: group.latestAt!,
      item: items.get(key) ?? null,
      reasons: reasonRows.filter((row) => ofGroup(group)(row) && row.count > 0).map(({ reason, count }) => ({ reason, count })),
      reports: reportRows
        .filter(ofGroup(group))
        .map(({ reporterId, reporterFirstName, reporterLastName, targetType: _type, targetId: _id, ...row }) => ({
          ...row,
          reporter: memberSeenByStaff(viewer, { id: reporterId, firstName: reporterFirstName, lastName: reporterLastName }),
        })),
    };
  });
}

/** The reported items in full, as this staff member may see them (memberSeenByStaff), by "type:id". */
async function reportedItems(db: Db, viewer: Viewer, targets: { targetType: ReportTargetType; targetId: number }[]): Promise<Map<string, NonNullable<ReportGroup['item']>>> {
  const items = new Map<string, NonNullable<ReportGroup['item']>>();
  const idsOf = (type: ReportTargetType) => targets.filter((target) => target.targetType === type).map((target) => target.targetId);
  for (const kind of REVIEWABLE_KINDS) {
    for (const item of (await moderatedItemsById(db, kind, idsOf(kind))).values()) {
      items.set(`${kind}:${item.id}`, { title: item.title, text: item.text, state: item.state, author: memberSeenByStaff(viewer, item.author), context: item.context });
    }
  }
  const listingIds = idsOf('listing');
  if (listingIds.length) {
    const found = await db
      .select({ id: listings.id, name: listings.name, description: listings.description, state: listings.state })
      .from(listings)
      .where(inArray(listings.id, listingIds));
    for (const listing of found) {
      items.set(`listing:${listing.id}`, { title: listing.name, text: listing.description, state: listing.state, author: null, context: { title: listing.name, href: '/directory' } });
    }
  }
  const memberIds = idsOf('member');
  if (memberIds.length) {
    const members = await db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, bio: users.bio })
      .from(users)
      .where(inArray(users.id, memberIds));
    for (const member of members) {
      const { bio, ...person } = member;
      const author = memberSeenByStaff(viewer, person);
      items.set(`member:${member.id}`, { title: `${author.firstName} ${author.lastName}`.trim(), text: bio ?? '', state: 'approved', author, context: null });
    }
  }
  return items;
}

/** The open reports' count of items, for the admin panel's badge. */
export async function openReportedItems(db: Db): Promise<number> {
  const [row] = await db.select({ n: countDistinct(sql`(${reports.targetType}, ${reports.targetId})`) }).from(reports).where(eq(reports.status, 'open'));
  return row?.n ?? 0;
}

/**
 * A moderator decides on a reported item, closing all its open reports together:
 * `dismiss` leaves it (and shows it again if reports had hidden it), `hide` hides it,
 * `delete` deletes it, `suspend` suspends its author for `days` (the note is the reason she
 * is shown) and hides it.
 */
export async function resolveReport(
  db: Db,
  admin: { id: number; role: Role },
  input: { id: number; action: ReportAction; days?: number; note?: string },
) {
  const [report] = await db.select({ targetType: reports.targetType, targetId: reports.targetId }).from(reports).where(eq(reports.id, input.id)).limit(1);
  if (!report) throw notFound(m.reportNotFound);
  const { targetType: type, targetId: id } = report;
  if (type === 'member' && (input.action === 'hide' || input.action === 'delete')) throw badRequest(m.actionNotForMembers);
  if (type === 'listing' && input.action === 'suspend') throw badRequest(m.actionNotForListings);
  if (input.action === 'suspend' && input.days === undefined) throw badRequest(messages.moderation.suspendDays);
  if (input.action === 'suspend') assertMaySuspendFor(admin, input.days!);
  if (input.action !== 'dismiss') {
    // An item whose author is gone is left to the checks below (it is not found).
    const authorId = type === 'member' ? id : type === 'listing' ? null : await authorOf(db, type, id);
    const [author] = authorId === null ? [] : await db.select({ role: users.role }).from(users).where(eq(users.id, authorId)).limit(1);
    if ((type === 'listing' || author) && !mayActOnReported(admin, author ?? null)) throw forbidden();
  }

  return db.transaction(async (tx) => {
    // Named before a deletion takes the item away.
    const label = (await labelsOf(tx, [{ targetType: type, targetId: id }])).get(`${type}:${id}`) ?? '';
    const closed = await tx
      .update(reports)
      .set({ status: 'resolved', resolution: input.action, resolutionNote: input.note || null, resolvedBy: admin.id, resolvedAt: new Date() })
      .where(and(eq(reports.targetType, type), eq(reports.targetId, id), eq(reports.status, 'open')))
      .returning({ id: reports.id, reporterId: reports.reporterId });
    if (closed.length === 0) throw conflict(m.reportsAlreadyResolved);
    // Each reporter hears her report was reviewed, never what was decided (the staff member is not named).
    await notify(
      tx,
      closed.map((report) => ({ userId: report.reporterId, kind: 'report_resolved' as const, actorId: null, target: { type: 'report' as const, id: report.id, title: label } })),
    );

    if (input.action === 'dismiss') await setHidden(tx, type, id, false);
    if (input.action === 'hide') await setHidden(tx, type, id, true);
    if (input.action === 'delete') await deleteTarget(tx, type, id);
    if (input.action === 'suspend') {
      const authorId = type === 'member' ? id : await authorOf(tx, type, id);
      if (authorId === null) throw notFound(m.reportTargetNotFound);
      await suspendMember(tx, admin, { id: authorId, days: input.days!, reason: input.note || m.defaultSuspensionReason });
      await setHidden(tx, type, id, true);
    }
    return { success: true as const, message: m.reportResolved, id: input.id, targetType: type, targetId: id, action: input.action, resolvedReports: closed.length };
  });
}

async function authorOf(db: Db, type: ReportTargetType, id: number): Promise<number | null> {
  if (!isReviewable(type)) return null;
  const c = MEMBER_CONTENT[type];
  const [row] = await db.select({ userId: c.userId }).from(c.table).where(eq(c.id, id)).limit(1);
  return (row?.userId as number | undefined) ?? null;
}

async function deleteTarget(db: Db, type: ReportTargetType, id: number): Promise<void> {
  if (type === 'listing') await db.delete(listings).where(eq(listings.id, id));
  else if (isReviewable(type)) await db.delete(MEMBER_CONTENT[type].table).where(eq(MEMBER_CONTENT[type].id, id));
}
