import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Session } from './session';
import { LOCALE_COOKIE, type Locale } from '#shared/i18n/locale';

export const SESSION_COOKIE = 'session';

/** HttpOnly, SameSite=Lax, Secure over HTTPS; a browser-session cookie unless 'Keep me logged in'. */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, session: Session): void {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    path: '/',
    ...(session.persistent ? { expires: session.expiresAt } : {}),
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure: request.protocol === 'https', path: '/' });
}

export function readSessionCookie(request: FastifyRequest): string | undefined {
  const value = request.cookies[SESSION_COOKIE];
  // A well-formed token is 32 base32 characters; anything else can't be a session.
  return value && /^[a-z2-7]{32}$/.test(value) ? value : undefined;
}

/** Her language choice, for a year: readable by the server only, sent on every page load. */
export function setLocaleCookie(request: FastifyRequest, reply: FastifyReply, locale: Locale): void {
  reply.setCookie(LOCALE_COOKIE, locale, {
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    path: '/',
    maxAge: 365 * 24 * 60 * 60,
  });
}

/**
 * The sign-in waiting for her second step: HttpOnly and short-lived like the step itself. It
 * is not a session: it opens nothing but POST /api/auth/mfa.
 */
export const SECOND_STEP_COOKIE = 'sign_in_step';

export function setSecondStepCookie(request: FastifyRequest, reply: FastifyReply, token: string, expiresAt: Date): void {
  reply.setCookie(SECOND_STEP_COOKIE, token, { httpOnly: true, sameSite: 'lax', secure: request.protocol === 'https', path: '/', expires: expiresAt });
}

export function clearSecondStepCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SECOND_STEP_COOKIE, { httpOnly: true, sameSite: 'lax', secure: request.protocol === 'https', path: '/' });
}

export function readSecondStepCookie(request: FastifyRequest): string | null {
  const value = request.cookies[SECOND_STEP_COOKIE];
  return value && /^[a-z2-7]{32}$/.test(value) ? value : null;
}
