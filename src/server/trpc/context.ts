import type { FastifyReply, FastifyRequest } from 'fastify';
import { TRPCError } from '@trpc/server';
import { messages } from '#shared/messages';
import type { Db } from '#db/client';
import type { Env } from '../env';
import type { RateLimiter } from '../auth/rate-limit';
import { clearSecondStepCookie, clearSessionCookie, readSecondStepCookie, readSessionCookie, setLocaleCookie, setSecondStepCookie, setSessionCookie } from '../auth/cookies';
import { type Session, type SessionUser, type SessionValidationResult, validateSessionToken } from '../auth/session';
import { isDatabaseUnavailable } from '../errors';
import { localeOfRequest } from '../i18n';
import type { Locale } from '#shared/i18n/locale';
import { type AnswerScope, answerScopeOf } from '../response-cache';
import type { MailSite } from '../mail/templates';

/** What every procedure may use; built the same way for /trpc and for the /api adapters. */
export interface Context {
  db: Db;
  env: Env;
  rateLimiter: RateLimiter;
  user: SessionUser | null;
  session: Session | null;
  /** The language answers and errors are worded in: her saved choice, else the cookie's, else the browser's. */
  locale: Locale;
  ip: string;
  /** The browser's User-Agent, stored with a new session so she can tell her devices apart. */
  userAgent: string | null;
  /** Procedures report here whether their answer may be shared with every viewer. */
  answer: AnswerScope;
  /** The request's Idempotency-Key header, as sent (checked by the idempotency middleware). */
  idempotencyKey: string | null;
  /** The site as mails name and link it, and a nudge for the mail worker once a mail is queued and committed. */
  mail: MailContext;
  /** The token of her sign-in waiting for its second step (its HttpOnly cookie), or null. */
  secondStepToken: string | null;
  /** Cookie writes go through here so procedures never touch Fastify directly. */
  cookies: {
    setSession(token: string, session: Session): void;
    clearSession(): void;
    setLocale(locale: Locale): void;
    setSecondStep(token: string, expiresAt: Date): void;
    clearSecondStep(): void;
  };
}

export interface ContextDeps {
  db: Db;
  env: Env;
  rateLimiter: RateLimiter;
  mail: MailContext;
}

export interface MailContext {
  site: MailSite;
  /** Sends what the outbox holds now, without waiting for the worker's next round. */
  sendSoon(): void;
}

/**
 * The request's session, or none. A database that can't be reached is a 503 on both APIs (tRPC and REST)
 * (the procedures' own check runs only after the context is made), never a 500 whose
 * error quotes the session lookup.
 */
async function findSession(deps: ContextDeps, token: string): Promise<SessionValidationResult> {
  try {
    return await validateSessionToken(deps.db, token);
  } catch (error) {
    if (isDatabaseUnavailable(error)) throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: messages.http.unavailable, cause: error });
    throw error;
  }
}

export async function createContext(deps: ContextDeps, request: FastifyRequest, reply: FastifyReply): Promise<Context> {
  const token = readSessionCookie(request);
  const { session, user } = token ? await findSession(deps, token) : { session: null, user: null };
  if (token && !session) clearSessionCookie(request, reply);
  return {
    ...deps,
    user,
    session,
    locale: localeOfRequest(request, user?.locale),
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
    answer: answerScopeOf(request),
    idempotencyKey: headerValue(request.headers['idempotency-key']),
    secondStepToken: readSecondStepCookie(request),
    cookies: {
      setSession: (newToken, newSession) => setSessionCookie(request, reply, newToken, newSession),
      clearSession: () => clearSessionCookie(request, reply),
      setLocale: (locale) => setLocaleCookie(request, reply, locale),
      setSecondStep: (token, expiresAt) => setSecondStepCookie(request, reply, token, expiresAt),
      clearSecondStep: () => clearSecondStepCookie(request, reply),
    },
  };
}

const headerValue = (value: string | string[] | undefined): string | null => (Array.isArray(value) ? (value[0] ?? null) : (value ?? null));
