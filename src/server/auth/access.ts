import { messages } from '#shared/messages';
import { forbidden, unauthorized } from '../errors';
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

/** Admins only: 401 signed out, 403 for members. */
export function requireAdmin<T extends Viewer>(ctx: T): T & { user: SessionUser; session: Session } {
  const member = requireMember(ctx);
  if (!member.user.isAdmin) throw forbidden(messages.access.adminRequired);
  return member;
}
