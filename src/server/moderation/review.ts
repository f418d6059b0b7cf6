import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Db } from '#db/client';
import { profileChanges, users } from '#db/schema';
import { messages } from '#shared/messages';
import { PROFILE_TEXT_FIELDS, REVIEWABLE_KINDS, REVIEWED_CONTRIBUTIONS, type ProfileChange, type ReviewableKind } from '#shared/moderation';
import { afterPosition, inPage, orderBy, pageIds, type ListOrder, type Page } from '../domains/paging';
import { conflict, notFound } from '../errors';
import { displayName, memberSeenByStaff, type Viewer } from '../policies';
import { qualified } from '../services/content-query';
import { MEMBER_CONTENT, selectModeratedItems, type ModeratedItem } from './member-content';
import { notifyPublished, writtenItem } from '../notifications/causes';
import { notify, notifyStaff } from '../notifications/notify';

const m = messages.safety;

/** A review queue item: ids repeat across kinds. */
export interface ReviewItemKey {
  kind: ReviewableKind;
  id: number;
}

/** Where an item stands in the queue's order: (created at, its kind's rank, id), or no row once it is deleted. */
function positionOf(item: ReviewItemKey): SQL {
  const c = MEMBER_CONTENT[item.kind];
  const key = sql.identifier(c.id.name);
  return sql`(select shown.${sql.identifier(c.createdAt.name)}, ${REVIEWABLE_KINDS.indexOf(item.kind)}::int, shown.${key} from ${c.table} as shown where shown.${key} = ${item.id})`;
}

/**
 * Held items of every kind, oldest first, ties broken by kind then id: the review queue, a
 * page at a time, after the item `after` when given. Each kind's held rows come from a small
 * partial index; the page is cut from their union, then read in full.
 */
export async function reviewQueue(db: Db, viewer: Viewer, page: Page<ReviewItemKey>): Promise<ModeratedItem[]> {
  const held = REVIEWABLE_KINDS.map((kind, rank) => {
    const c = MEMBER_CONTENT[kind];
    const keys = [qualified(c.createdAt), sql`${rank}::int`, qualified(c.id)];
    return db
      .select({ kind: sql<ReviewableKind>`${kind}::text`.as('kind'), rank: sql<number>`${rank}::int`.as('rank'), id: sql<number>`${c.id}`.as('id'), createdAt: sql`${c.createdAt}`.as('created_at') })
      .from(c.table)
      .where(and(eq(c.state, 'held'), page.after ? afterPosition(keys, positionOf(page.after), 'asc') : undefined));
  });
  const [first, second, ...others] = held;
  const queue = unionAll(first!, second!, ...others).orderBy(sql`created_at`, sql`rank`, sql`id`).limit(page.limit);
  const rows = await (page.after ? queue : queue.offset(page.offset));
  const items = new Map<string, ModeratedItem>();
  for (const kind of REVIEWABLE_KINDS) {
    const c = MEMBER_CONTENT[kind];
    const ids = rows.filter((row) => row.kind === kind).map((row) => row.id);
    if (ids.length === 0) continue;
    for (const item of await selectModeratedItems(db, kind, and(inArray(c.id, ids), eq(c.state, 'held'))!)) items.set(`${kind}:${item.id}`, item);
  }
  // An item decided between the two reads is left out; each author as this staff member may see her.
  return rows.flatMap((row) => {
    const item = items.get(`${row.kind}:${row.id}`);
    return item ? [{ ...item, author: memberSeenByStaff(viewer, item.author) }] : [];
  });
}

/** How many items and profile changes wait for review, for the admin panel's badge. */
export async function heldCount(db: Db): Promise<number> {
  const counts = await Promise.all([
    ...REVIEWABLE_KINDS.map((kind) => {
      const c = MEMBER_CONTENT[kind];
      return db.select({ n: count() }).from(c.table).where(eq(c.state, 'held'));
    }),
    db.select({ n: count() }).from(profileChanges),
  ]);
  return counts.reduce((sum, [row]) => sum + (row?.n ?? 0), 0);
}

/** 404 when the item is gone, 409 when it is there but no longer waits (approved or rejected already). */
async function notWaiting(db: Db, kind: ReviewableKind, id: number): Promise<never> {
  const c = MEMBER_CONTENT[kind];
  const [row] = await db.select({ id: c.id }).from(c.table).where(eq(c.id, id)).limit(1);
  throw row ? conflict(m.notWaitingForReview) : notFound(m.reviewItemNotFound);
}

/**
 * Publishes a held item. Once enough of a new member's items were approved she is
 * established, and what she writes next is published at once.
 */
export async function approveHeld(db: Db, kind: ReviewableKind, id: number) {
  const c = MEMBER_CONTENT[kind];
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(c.table)
      .set({ state: 'published', holdReason: null } as never)
      .where(and(eq(c.id, id), eq(c.state, 'held')))
      .returning({ authorId: c.userId });
    if (!row) return notWaiting(tx, kind, id);
    await establishIfReviewed(tx, row.authorId as number);
    // Now published: its author hears so, and the replies and mentions it holds are told.
    const item = await writtenItem(tx, kind, id);
    if (item) {
      await notify(tx, [{ userId: item.authorId, kind: 'held_approved', actorId: null, target: item.thread, commentId: kind === 'forum_post' ? null : id }]);
      await notifyPublished(tx, item);
    }
    return { success: true as const, message: m.approved, kind, id };
  });
}

/** Deletes a held item; its author is told it was not published (in which thread), nothing more. */
export async function rejectHeld(db: Db, kind: ReviewableKind, id: number) {
  const c = MEMBER_CONTENT[kind];
  return db.transaction(async (tx) => {
    const item = await writtenItem(tx, kind, id);
    const [row] = await tx
      .delete(c.table)
      .where(and(eq(c.id, id), eq(c.state, 'held')))
      .returning({ id: c.id });
    if (!row) return notWaiting(tx, kind, id);
    if (item) await notify(tx, [{ userId: item.authorId, kind: 'held_rejected', actorId: null, target: item.thread }]);
    return { success: true as const, message: m.rejected, kind, id };
  });
}

/** Marks a member established once REVIEWED_CONTRIBUTIONS of her posts and comments are published. */
async function establishIfReviewed(db: Db, userId: number): Promise<void> {
  const published = REVIEWABLE_KINDS.map((kind) => {
    const c = MEMBER_CONTENT[kind];
    return sql`(select count(*) from (select 1 from ${c.table} where ${c.userId} = ${userId} and ${c.state} = 'published' limit ${REVIEWED_CONTRIBUTIONS}) as mine)`;
  });
  await db
    .update(users)
    .set({ established: true })
    .where(and(eq(users.id, userId), eq(users.established, false), sql`${sql.join(published, sql` + `)} >= ${REVIEWED_CONTRIBUTIONS}`));
}

/** A profile change as moderators review it: who (as other members see her) and the waiting text. */
export interface WaitingProfileChange {
  id: number;
  /** Her display name today: first name and last initial, nothing else about her. */
  member: { firstName: string; lastName: string };
  changes: ProfileChange;
  createdAt: Date;
}

/**
 * Locks her account row: every write to her profile or her waiting change takes this lock
 * first, so her changes saved at once and a moderator's decision follow one another instead
 * of colliding on her one waiting change (or deadlocking).
 */
export async function lockMember(tx: Db, userId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/**
 * Keeps a profile change with a `hold` word for review, replacing any change of hers that
 * still waits (under a new id, so a decision taken on the older text no longer applies).
 */
export async function holdProfileChange(db: Db, userId: number, changes: ProfileChange): Promise<void> {
  await db.transaction(async (tx) => {
    await lockMember(tx, userId);
    await tx.delete(profileChanges).where(eq(profileChanges.userId, userId));
    const [row] = await tx.insert(profileChanges).values({ userId, changes }).returning({ id: profileChanges.id });
    await notifyStaff(tx, { kind: 'review_waiting', actorId: userId, target: { type: 'review', id: row!.id, title: '' } });
  });
}

/** The change of hers that waits for review, or null: she sees it marked in her settings. */
export async function waitingProfileChangeOf(db: Db, userId: number): Promise<ProfileChange | null> {
  const [row] = await db.select({ changes: profileChanges.changes }).from(profileChanges).where(eq(profileChanges.userId, userId)).limit(1);
  return row?.changes ?? null;
}

/** Profile changes waiting for review, oldest first; `after` is the id of the last one shown. */
export async function profileChangeQueue(db: Db, page: Page): Promise<WaitingProfileChange[]> {
  const order: ListOrder = { column: profileChanges.createdAt, direction: 'asc' };
  const ids = pageIds(db, profileChanges, profileChanges.id, undefined, order, page);
  const rows = await db
    .select({ id: profileChanges.id, changes: profileChanges.changes, createdAt: profileChanges.createdAt, firstName: users.firstName, lastName: users.lastName })
    .from(profileChanges)
    .innerJoin(ids, inPage(ids, profileChanges.id))
    .innerJoin(users, eq(users.id, profileChanges.userId))
    .orderBy(...orderBy(order, profileChanges.id));
  return rows.map((row) => ({ id: row.id, member: displayName(row), changes: row.changes, createdAt: row.createdAt }));
}

/** Only the profile's own text fields of a stored change, whatever else its JSON holds. */
const profileFields = (changes: ProfileChange): ProfileChange =>
  Object.fromEntries(PROFILE_TEXT_FIELDS.flatMap((field) => (typeof changes[field] === 'string' ? [[field, changes[field]]] : [])));

/** Applies a waiting profile change to her profile, where every reader then sees it. */
export async function approveProfileChange(db: Db, id: number) {
  await db.transaction(async (tx) => {
    const [waiting] = await tx.select({ userId: profileChanges.userId }).from(profileChanges).where(eq(profileChanges.id, id));
    if (!waiting) throw notFound(m.profileChangeNotWaiting);
    await lockMember(tx, waiting.userId);
    // Replaced by a newer change of hers while the lock was awaited: nothing to apply.
    const [change] = await tx.delete(profileChanges).where(eq(profileChanges.id, id)).returning({ userId: profileChanges.userId, changes: profileChanges.changes });
    if (!change) throw notFound(m.profileChangeNotWaiting);
    await tx.update(users).set(profileFields(change.changes)).where(eq(users.id, change.userId));
  });
  return { success: true as const, message: m.approved, id };
}

/** Drops a waiting profile change; her profile stays as it was and she is not told. */
export async function rejectProfileChange(db: Db, id: number) {
  const [row] = await db.delete(profileChanges).where(eq(profileChanges.id, id)).returning({ id: profileChanges.id });
  if (!row) throw notFound(m.profileChangeNotWaiting);
  return { success: true as const, message: m.rejected, id };
}
