import { and, eq, type SQL } from 'drizzle-orm';
import type { Db } from '#db/client';
import { users } from '#db/schema';
import { messages } from '#shared/messages';
import { conflict, forbidden, notFound } from '#server/errors';
import { invalidateAllSessions } from '#server/auth/session';
import { findUserByEmail, isUniqueViolation } from '#server/services/accounts';
import { isAdminRole, may, type Role } from '#server/policies';
import { inPage, type ListOrder, orderBy, pageIds, pageOf } from '#server/domains/paging';

/** Account rules shared by the Community Users and Admin Management tabs. */

/** A user or admin account as the admin API answers it; never the password hash. */
export const adminUserColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  age: users.age,
  interests: users.interests,
  bio: users.bio,
  role: users.role,
  approvalStatus: users.approvalStatus,
  suspendedUntil: users.suspendedUntil,
  suspensionReason: users.suspensionReason,
  createdAt: users.createdAt,
};

type AccountRow = { [K in keyof typeof adminUserColumns]: (typeof users.$inferSelect)[K] };

/**
 * The API's isApproved is derived from approvalStatus, and isAdmin (admins only) from role.
 * Copied field by field: a page holds up to 100 accounts, and V8 copies with rest and spread
 * about forty times slower (docs/benchmarks.md, "Measurements behind code choices").
 */
export const toAccount = (row: AccountRow) => ({
  id: row.id,
  email: row.email,
  firstName: row.firstName,
  lastName: row.lastName,
  age: row.age,
  interests: row.interests,
  bio: row.bio,
  role: row.role,
  suspendedUntil: row.suspendedUntil,
  suspensionReason: row.suspensionReason,
  createdAt: row.createdAt,
  isAdmin: isAdminRole(row.role),
  isApproved: row.approvalStatus === 'approved',
  approvalStatus: row.approvalStatus,
});

/** A page of the accounts `where` matches, newest first, as the admin API answers them. */
export async function newestAccounts(db: Db, where: SQL | undefined, input?: { limit: number; offset: number }) {
  const order: ListOrder = { column: users.createdAt, direction: 'desc' };
  const page = pageIds(db, users, users.id, where, order, pageOf(input));
  const rows = await db
    .select(adminUserColumns)
    .from(users)
    .innerJoin(page, inPage(page, users.id))
    .orderBy(...orderBy(order, users.id));
  return rows.map(toAccount);
}

/**
 * The role a change leaves her with: the role it sends, else `isAdmin` (true makes her an
 * admin; false takes admin rights away and leaves a moderator a moderator).
 */
export function nextRole(current: Role, change: { role?: Role | undefined; isAdmin?: boolean | undefined }): Role {
  if (change.role) return change.role;
  if (change.isAdmin === undefined) return current;
  if (change.isAdmin) return 'admin';
  return current === 'admin' ? 'member' : current;
}

/** "Made Zeina F. a moderator", for the audit log; '' when her role stays. */
export function roleChangeWords(before: Role, after: Role): string {
  if (before === after) return '';
  return after === 'member' ? `, no longer ${before === 'admin' ? 'an admin' : 'a moderator'}` : `, now ${after === 'admin' ? 'an admin' : 'a moderator'}`;
}

export async function findAccount(db: Db, id: number) {
  const [row] = await db.select(adminUserColumns).from(users).where(eq(users.id, id)).limit(1);
  if (!row) throw notFound(messages.admin.userNotFound);
  return row;
}

/**
 * Runs a change that could leave the site without an admin in one transaction that first
 * locks the row of every admin who can still sign in. Two admins demoting or deleting each
 * other at once are serialised: the second waits, then sees the first's change and is refused.
 */
export function withActiveAdminsLocked<T>(db: Db, work: (tx: Db, activeAdminIds: ReadonlySet<number>) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    const admins = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'admin'), eq(users.approvalStatus, 'approved')))
      .orderBy(users.id)
      .for('update');
    return work(tx, new Set(admins.map((admin) => admin.id)));
  });
}

const othersThan = (activeAdminIds: ReadonlySet<number>, id: number) => [...activeAdminIds].filter((adminId) => adminId !== id).length;

/** Whether this account is the only admin who can still sign in. */
export const isLastActiveAdmin = (activeAdminIds: ReadonlySet<number>, id: number) => activeAdminIds.has(id) && othersThan(activeAdminIds, id) === 0;

/** No self-deletion, and the last admin stays (409). Read the target inside withActiveAdminsLocked. */
export function assertCanDelete(activeAdminIds: ReadonlySet<number>, actingUserId: number, target: AccountRow) {
  if (target.id === actingUserId) throw conflict(messages.admin.selfDelete);
  if (activeAdminIds.has(target.id) && othersThan(activeAdminIds, target.id) === 0) throw conflict(messages.admin.lastAdminDelete);
}

/** The last admin can't be demoted or have her approval taken away. Read the target inside withActiveAdminsLocked. */
export function assertKeepsAnAdmin(activeAdminIds: ReadonlySet<number>, target: AccountRow, next: { isAdmin: boolean; approved: boolean }) {
  const staysActiveAdmin = next.isAdmin && next.approved;
  if (activeAdminIds.has(target.id) && !staysActiveAdmin && othersThan(activeAdminIds, target.id) === 0) {
    throw conflict(messages.admin.lastAdminDemote);
  }
}

/** A role changes only by those who may change roles (admins); 403 for anyone else. */
export function assertMayChangeRole(actor: { id: number; role: Role }, before: Role, after: Role) {
  if (before !== after && !may(actor, 'manage:roles')) throw forbidden(messages.access.adminRequired);
}

/** A changed email must stay unique, compared case-insensitively. */
export async function assertEmailFree(db: Db, email: string, ownId: number) {
  const existing = await findUserByEmail(db, email);
  if (existing && existing.id !== ownId) throw conflict(messages.signup.emailTaken);
}

/** Runs an update; a race on the unique email index is the same 409. */
export async function withEmailConflict<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(messages.signup.emailTaken);
    throw error;
  }
}

/** Ends every session of a user except the one making this request (a changed password signs her out elsewhere). */
export async function endOtherSessions(ctx: { db: Db; session: { id: string } }, userId: number) {
  await invalidateAllSessions(ctx.db, userId, ctx.session.id);
}
