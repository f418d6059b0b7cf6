import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Db } from '#db/client';
import { users } from '#db/schema';
import { messages } from '#shared/messages';
import { REVIEWABLE_KINDS, REVIEWED_CONTRIBUTIONS, type ReviewableKind } from '#shared/moderation';
import { afterPosition, type Page } from '../domains/paging';
import { conflict, notFound } from '../errors';
import { qualified } from '../services/content-query';
import { MEMBER_CONTENT, selectModeratedItems, type ModeratedItem } from './member-content';

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
export async function reviewQueue(db: Db, page: Page<ReviewItemKey>): Promise<ModeratedItem[]> {
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
  // An item decided between the two reads is left out.
  return rows.flatMap((row) => items.get(`${row.kind}:${row.id}`) ?? []);
}

/** How many items wait for review, for the admin panel's badge. */
export async function heldCount(db: Db): Promise<number> {
  const counts = await Promise.all(
    REVIEWABLE_KINDS.map((kind) => {
      const c = MEMBER_CONTENT[kind];
      return db.select({ n: count() }).from(c.table).where(eq(c.state, 'held'));
    }),
  );
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
  const [row] = await db
    .update(c.table)
    .set({ state: 'published', holdReason: null } as never)
    .where(and(eq(c.id, id), eq(c.state, 'held')))
    .returning({ authorId: c.userId });
  if (!row) return notWaiting(db, kind, id);
  await establishIfReviewed(db, row.authorId as number);
  return { success: true as const, message: m.approved, kind, id };
}

/** Deletes a held item; its author is not told. */
export async function rejectHeld(db: Db, kind: ReviewableKind, id: number) {
  const c = MEMBER_CONTENT[kind];
  const [row] = await db
    .delete(c.table)
    .where(and(eq(c.id, id), eq(c.state, 'held')))
    .returning({ id: c.id });
  if (!row) return notWaiting(db, kind, id);
  return { success: true as const, message: m.rejected, kind, id };
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
