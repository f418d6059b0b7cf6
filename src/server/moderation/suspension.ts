import { eq } from 'drizzle-orm';
import type { Db } from '#db/client';
import { users } from '#db/schema';
import { messages } from '#shared/messages';
import type { SessionUser } from '../auth/session';
import { TRPCError } from '@trpc/server';
import { conflict, FieldError, forbidden, notFound } from '../errors';
import { currentIntlLocale } from '../i18n';
import { isStaff, may, MODERATOR_SUSPENSION_DAYS, type Viewer } from '../policies';

const DAY_MS = 24 * 60 * 60 * 1000;
/** "Dec 3, 2026", or its Arabic, in the language of the request it answers. */
const suspensionDate = (until: Date) => new Intl.DateTimeFormat(currentIntlLocale(), { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(until);

/**
 * A suspended member can sign in, read and report, but every write is refused with the date
 * her suspension ends. Staff are never suspended.
 */
export function assertNotSuspended(user: SessionUser): void {
  if (isStaff(user) || !user.suspension) return;
  throw forbidden(messages.moderation.suspended(suspensionDate(new Date(user.suspension.until))));
}

/**
 * Whether this staff member may suspend for `days`: moderators up to MODERATOR_SUSPENSION_DAYS,
 * longer only who may 'suspend:member:long' (admins); 403 otherwise.
 */
export function assertMaySuspendFor(actor: Viewer, days: number): void {
  if (!may(actor, 'suspend:member')) throw forbidden(messages.access.adminRequired);
  // Refused (403) at the Days field, where the form shows it.
  if (days > MODERATOR_SUSPENSION_DAYS && !may(actor, 'suspend:member:long')) {
    throw new TRPCError({ code: 'FORBIDDEN', message: messages.moderation.suspendTooLong, cause: new FieldError('days') });
  }
}

/**
 * Suspends a member for `days` from now, with the reason she is shown; a new suspension
 * replaces the old. The one way to suspend (the Community Users tab, a report's decision), so
 * the length rule of the actor's role holds on both.
 */
export async function suspendMember(db: Db, actor: Viewer, input: { id: number; days: number; reason: string }, now = new Date()) {
  assertMaySuspendFor(actor, input.days);
  const [target] = await db.select({ id: users.id, role: users.role }).from(users).where(eq(users.id, input.id)).limit(1);
  if (!target) throw notFound(messages.admin.userNotFound);
  if (isStaff(target)) throw conflict(messages.moderation.adminNotSuspendable);
  const until = new Date(now.getTime() + input.days * DAY_MS);
  await db.update(users).set({ suspendedUntil: until, suspensionReason: input.reason }).where(eq(users.id, input.id));
  return { success: true as const, message: messages.moderation.memberSuspended, id: input.id, suspendedUntil: until };
}

export async function liftSuspension(db: Db, id: number) {
  const [row] = await db.update(users).set({ suspendedUntil: null, suspensionReason: null }).where(eq(users.id, id)).returning({ id: users.id });
  if (!row) throw notFound(messages.admin.userNotFound);
  return { success: true as const, message: messages.moderation.suspensionLifted, id };
}
