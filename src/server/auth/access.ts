import { messages } from '#shared/messages';
import { twoFactorMessages } from '#shared/two-factor-messages';
import { forbidden, unauthorized } from '../errors';
import { isStaff, may, staffPermissionsOf, type StaffPermission } from '../policies';
import type { Session, SessionUser } from './session';
import type { Env } from '../env';

type Viewer = { user: SessionUser | null; session: Session | null };
/** The site's rule for staff without a second factor (env STAFF_MFA). */
type StaffRule = { env: Pick<Env, 'STAFF_MFA'> };

/**
 * Who may call what, in one place for the procedure builders and the plain routes (uploads):
 * signed-in, approved members (admins included), else 401.
 */
export function requireMember<T extends Viewer>(ctx: T): T & { user: SessionUser; session: Session } {
  if (!ctx.user || !ctx.session) throw unauthorized(messages.access.authRequired);
  return ctx as T & { user: SessionUser; session: Session };
}

/**
 * The session as the browser gets it (auth.session, and the page's data block): her account
 * and her role's staff permissions, so the admin panel shows only the tabs she may use.
 */
export const currentSession = (user: SessionUser | null, rule: StaffRule) =>
  user ? { ...user, permissions: staffPermissionsOf(user), mustSetUpSecondFactor: mustSetUpSecondFactor(user, rule) } : null;

/** With STAFF_MFA=required, staff without a second factor may make no staff call until she sets one up. */
export const mustSetUpSecondFactor = (user: SessionUser, { env }: StaffRule): boolean => env.STAFF_MFA === 'required' && isStaff(user) && !user.secondFactor;

/**
 * Staff whose role carries the permission (the permission table, src/server/policies.ts): 401
 * signed out, 403 for anyone else. A call that names none is refused to all. With
 * STAFF_MFA=required, staff without a second factor get 403 'Two-factor sign-in is required'.
 */
export function requirePermission<T extends Viewer & StaffRule>(ctx: T, permission: StaffPermission | undefined): T & { user: SessionUser; session: Session } {
  const member = requireMember(ctx);
  if (!permission || !may(member.user, permission)) throw forbidden(messages.access.adminRequired);
  assertStaffSecondFactor(member.user, ctx);
  return member;
}

/**
 * With STAFF_MFA=required, a staff action waits for her second factor: every staff procedure
 * (requirePermission), and deleting someone else's post or comment through the members' paths.
 */
export function assertStaffSecondFactor(user: SessionUser, rule: StaffRule): void {
  if (mustSetUpSecondFactor(user, rule)) throw forbidden(twoFactorMessages.staffRequired);
}
