import { and, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { users } from '../../../db/schema';
import { messages } from '../../shared/messages';
import { REVIEWABLE_KINDS, REVIEWED_CONTRIBUTIONS, type ReviewableKind } from '../../shared/moderation';
import { conflict, notFound } from '../errors';
import { MEMBER_CONTENT, selectModeratedItems, type ModeratedItem } from './member-content';

const m = messages.safety;

/** Held items of every kind, oldest first: the review queue, a page at a time. */
export async function reviewQueue(db: Db, page: { limit: number; offset: number }): Promise<ModeratedItem[]> {
  // Each kind's held rows come from a small partial index; the page is cut from their merge.
  const perKind = await Promise.all(
    REVIEWABLE_KINDS.map((kind) => selectModeratedItems(db, kind, eq(MEMBER_CONTENT[kind].state, 'held'), page.offset + page.limit)),
  );
  return perKind
    .flat()
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id)
    .slice(page.offset, page.offset + page.limit);
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
