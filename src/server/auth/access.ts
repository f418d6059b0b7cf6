import { messages } from '#shared/messages';
import { forbidden, unauthorized } from '../errors';
import { may, staffPermissionsOf, type StaffPermission } from '../policies';
import type { Session, SessionUser } from './session';

type Viewer = { user: SessionUser | null; session: Session | null };

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
export const currentSession = (user: SessionUser | null) => (user ? { ...user, permissions: staffPermissionsOf(user) } : null);

/**
 * Staff whose role carries the permission (the permission table, src/server/policies.ts): 401
 * signed out, 403 for anyone else. A call that names none is refused to all.
 */
export function requirePermission<T extends Viewer>(ctx: T, permission: StaffPermission | undefined): T & { user: SessionUser; session: Session } {
  const member = requireMember(ctx);
  if (!permission || !may(member.user, permission)) throw forbidden(messages.access.adminRequired);
  return member;
}
