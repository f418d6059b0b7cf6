import { and, eq, inArray, ne, or } from 'drizzle-orm';
import type { Db } from '#db/client';
import { blocks, notifications, users } from '#db/schema';
import type { NotificationKind, NotificationTargetType } from '#shared/notifications';
import { signalNotified } from './live';
import { queueInstantMail } from './mail';
import { siteTurnedOff } from './preferences';

/** A notification about to be written. */
export interface NewNotification {
  userId: number;
  kind: NotificationKind;
  /** Who did it; null for the site's own doing (a reminder, a moderator's decision). */
  actorId: number | null;
  target: { type: NotificationTargetType; id: number; title: string };
  commentId?: number | null;
  detail?: string | null;
  /**
   * Others whose block with the recipient keeps it from her besides the actor: the author of
   * the thread it is in (she can't open a thread whose author she blocked).
   */
  alsoUnblockedWith?: (number | null)[];
}

const pairKey = (a: number, b: number) => `${a}:${b}`;

/**
 * Writes notifications, inside the transaction of their cause (`tx`), by the rules that hold
 * for every kind: never to the member who did it, never when she and the actor (or the
 * thread's author) have a block between them either way, never of a kind she turned off on
 * the site, and once per member, kind and item.
 */
export async function notify(tx: Db, wanted: NewNotification[]): Promise<void> {
  const seen = new Set<string>();
  const candidates = wanted.filter((n) => {
    const key = `${n.userId}:${n.kind}:${n.target.type}:${n.target.id}:${n.commentId ?? ''}`;
    if (n.userId === n.actorId || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  if (candidates.length === 0) return;

  const others = [...new Set(candidates.flatMap((n) => [n.actorId, ...(n.alsoUnblockedWith ?? [])]).filter((id): id is number => id !== null))];
  const recipients = [...new Set(candidates.map((n) => n.userId))];
  const blocked = new Set<string>();
  if (others.length) {
    const rows = await tx
      .select({ blockerId: blocks.blockerId, blockedId: blocks.blockedId })
      .from(blocks)
      .where(or(and(inArray(blocks.blockerId, recipients), inArray(blocks.blockedId, others)), and(inArray(blocks.blockerId, others), inArray(blocks.blockedId, recipients))));
    for (const row of rows) {
      blocked.add(pairKey(row.blockerId, row.blockedId));
      blocked.add(pairKey(row.blockedId, row.blockerId));
    }
  }
  // A kind she turned off on the site is not written for her (her preferences).
  const off = new Set<string>();
  for (const kind of new Set(candidates.map((n) => n.kind))) {
    for (const userId of await siteTurnedOff(tx, kind, [...new Set(candidates.filter((n) => n.kind === kind).map((n) => n.userId))])) off.add(`${kind}:${userId}`);
  }
  const rows = candidates
    .filter((n) => !off.has(`${n.kind}:${n.userId}`))
    .filter((n) => ![n.actorId, ...(n.alsoUnblockedWith ?? [])].some((other) => other !== null && other !== n.userId && blocked.has(pairKey(n.userId, other))))
    .map((n) => ({ userId: n.userId, kind: n.kind, actorId: n.actorId, targetType: n.target.type, targetId: n.target.id, title: n.target.title, commentId: n.commentId ?? null, detail: n.detail ?? null }));
  if (rows.length === 0) return;
  const written = await tx.insert(notifications).values(rows).returning({ id: notifications.id, userId: notifications.userId, kind: notifications.kind });
  await queueInstantMail(tx, written);
  await signalNotified(tx, [...new Set(rows.map((row) => row.userId))]);
}

/** The staff who are told of new reports and items waiting for review: approved moderators and admins. */
export async function staffIds(tx: Db, except?: number): Promise<number[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(ne(users.role, 'member'), eq(users.approvalStatus, 'approved'), except === undefined ? undefined : ne(users.id, except)));
  return rows.map((row) => row.id);
}

/** One notification of a staff kind to every staff member (but the actor, as always). */
export async function notifyStaff(tx: Db, notification: Omit<NewNotification, 'userId'>): Promise<void> {
  const staff = await staffIds(tx);
  await notify(
    tx,
    staff.map((userId) => ({ ...notification, userId })),
  );
}
