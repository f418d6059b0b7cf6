import { messages } from '#shared/messages';
import { forbidden, unauthorized } from '../errors';
import { may, type StaffPermission } from '../policies';
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
 * Staff whose role carries the permission (the permission table, src/server/policies.ts): 401
 * signed out, 403 for anyone else. A call that names none is refused to all.
 */
export function requirePermission<T extends Viewer>(ctx: T, permission: StaffPermission | undefined): T & { user: SessionUser; session: Session } {
  const member = requireMember(ctx);
  if (!permission || !may(member.user, permission)) throw forbidden(messages.access.adminRequired);
  return member;
}
