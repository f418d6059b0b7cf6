import { and, asc, count, desc, eq, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '#db/client';
import { notificationDigests, notifications, notificationUnsubscribeLinks, users } from '#db/schema';
import { notificationHref, READ_NOTIFICATION_DAYS, type NotificationKind, type NotificationTargetType } from '#shared/notifications';
import { displayName, type DisplayName } from '../policies';
import { noBlockBetween } from '../moderation/visibility';
import { pageLimit } from '../domains/paging';

/** A notification as its member reads it: who did it by display name only, what it is about and where it leads. */
export interface NotificationView {
  id: number;
  kind: NotificationKind;
  createdAt: Date;
  readAt: Date | null;
  actor: DisplayName | null;
  target: { type: NotificationTargetType; id: number; title: string };
  /** For event_changed: 'time', 'place', 'time_and_place' or 'cancelled'. */
  detail: string | null;
  href: string;
}

/** The unread count stops here: a bell shows "99+" long before, and a count never walks a huge backlog. */
export const UNREAD_COUNT_MAX = 1000;

/** Hers, less those from a member she has since blocked or who blocked her. */
const hers = (userId: number): SQL => and(eq(notifications.userId, userId), noBlockBetween({ id: userId }, notifications.actorId))!;

export async function unreadCount(db: Db, userId: number): Promise<number> {
  const unread = db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(hers(userId), isNull(notifications.readAt)))
    .limit(UNREAD_COUNT_MAX)
    .as('unread');
  const [row] = await db.select({ n: count() }).from(unread);
  return row?.n ?? 0;
}

/**
 * Her notifications as she is shown them, on the site or in a mail (one query for both): the
 * actor by display name only (none from a member with a block between them), what each is
 * about and where it leads. `where` narrows them (a page, a period, one notification).
 */
export async function notificationViews(db: Db, userId: number, options: { where?: SQL | undefined; order: 'newest' | 'oldest'; limit?: number }): Promise<NotificationView[]> {
  const actor = alias(users, 'actor');
  const query = db
    .select({
      id: notifications.id,
      kind: notifications.kind,
      createdAt: notifications.createdAt,
      readAt: notifications.readAt,
      targetType: notifications.targetType,
      targetId: notifications.targetId,
      title: notifications.title,
      commentId: notifications.commentId,
      detail: notifications.detail,
      actorFirstName: actor.firstName,
      actorLastName: actor.lastName,
    })
    .from(notifications)
    .leftJoin(actor, eq(actor.id, notifications.actorId))
    .where(and(hers(userId), options.where))
    .orderBy(options.order === 'newest' ? desc(notifications.id) : asc(notifications.id));
  const rows = options.limit === undefined ? await query : await query.limit(pageLimit(options.limit));
  return rows.map((row) => {
    const target = { type: row.targetType, id: row.targetId, title: row.title };
    return {
      id: row.id,
      kind: row.kind,
      createdAt: row.createdAt,
      readAt: row.readAt,
      actor: row.actorFirstName === null ? null : displayName({ firstName: row.actorFirstName, lastName: row.actorLastName ?? '' }),
      target,
      detail: row.detail,
      href: notificationHref({ kind: row.kind, target, detail: row.detail, commentId: row.commentId }),
    };
  });
}

/** Her notifications, newest first, a page at a time after `cursor` (the last id shown), with her unread count. */
export async function listNotifications(db: Db, userId: number, page: { cursor?: number | null | undefined; limit: number }) {
  // Both at once: one wait for the database instead of two.
  const [rows, unread] = await Promise.all([
    notificationViews(db, userId, { where: page.cursor ? lt(notifications.id, page.cursor) : undefined, order: 'newest', limit: page.limit + 1 }),
    unreadCount(db, userId),
  ]);
  const items = rows.slice(0, page.limit);
  return { items, nextCursor: rows.length > page.limit ? (items.at(-1)?.id ?? null) : null, unread };
}

/** Marks some of her notifications read (ids that aren't hers change nothing), or all of them; answers her unread count. */
export async function markRead(db: Db, userId: number, which: { ids: number[] } | { all: true }) {
  const chosen = 'ids' in which ? inArray(notifications.id, which.ids) : undefined;
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt), chosen));
  return { success: true as const, unread: await unreadCount(db, userId) };
}

/** Rows one retention run deletes at most, so a run never holds a long lock. */
const RETENTION_BATCH = 10_000;

/** Deletes read notifications older than READ_NOTIFICATION_DAYS; answers how many. */
export async function deleteOldReadNotifications(db: Db): Promise<number> {
  const old = db
    .select({ id: notifications.id })
    .from(notifications)
    .where(sql`${notifications.readAt} < now() - make_interval(days => ${READ_NOTIFICATION_DAYS})`)
    .limit(RETENTION_BATCH);
  const deleted = await db.delete(notifications).where(inArray(notifications.id, old)).returning({ id: notifications.id });
  return deleted.length;
}

/**
 * Unsubscribe links and digest records past the same keeping time: an unsubscribe link that old
 * is then answered as not valid (her settings still turn mail off), and no digest is sent for a
 * period that long ago.
 */
export async function deleteOldMailRecords(db: Db): Promise<void> {
  const before = sql`now() - make_interval(days => ${READ_NOTIFICATION_DAYS})`;
  await db.delete(notificationUnsubscribeLinks).where(sql`${notificationUnsubscribeLinks.createdAt} < ${before}`);
  await db.delete(notificationDigests).where(sql`${notificationDigests.periodStart} < ${before}`);
}

/** Every server process with the periodic jobs deletes old read notifications once an hour. */
export function startNotificationRetention(options: { db: Db; log: { warn(object: object, message: string): void }; intervalMs?: number }): { stop(): void } {
  const timer = setInterval(() => {
    deleteOldReadNotifications(options.db).catch((error: unknown) => options.log.warn({ err: error }, 'notification retention: run failed'));
    deleteOldMailRecords(options.db).catch((error: unknown) => options.log.warn({ err: error }, 'notification retention: run failed'));
  }, options.intervalMs ?? 3_600_000);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

/** Her notifications for her data export: what each was about, when, and whether she read it. */
export async function notificationsForExport(db: Db, userId: number) {
  const rows = await db
    .select({ kind: notifications.kind, targetType: notifications.targetType, title: notifications.title, detail: notifications.detail, createdAt: notifications.createdAt, readAt: notifications.readAt })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.id));
  return rows;
}
