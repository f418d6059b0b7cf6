import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../../db/client';
import type { Env } from '../env';
import type { RateLimiter } from '../auth/rate-limit';
import { clearSessionCookie, readSessionCookie, setSessionCookie } from '../auth/cookies';
import { type Session, type SessionUser, validateSessionToken } from '../auth/session';
import { type AnswerScope, answerScopeOf } from '../response-cache';

/** What every procedure may use; built the same way for /trpc and for the /api adapters. */
export interface Context {
  db: Db;
  env: Env;
  rateLimiter: RateLimiter;
  user: SessionUser | null;
  session: Session | null;
  ip: string;
  /** Procedures report here whether their answer may be shared with every viewer. */
  answer: AnswerScope;
  /** Cookie writes go through here so procedures never touch Fastify directly. */
  cookies: {
    setSession(token: string, session: Session): void;
    clearSession(): void;
  };
}

export interface ContextDeps {
  db: Db;
  env: Env;
  rateLimiter: RateLimiter;
}

export async function createContext(deps: ContextDeps, request: FastifyRequest, reply: FastifyReply): Promise<Context> {
  const token = readSessionCookie(request);
  const { session, user } = token ? await validateSessionToken(deps.db, token) : { session: null, user: null };
  if (token && !session) clearSessionCookie(request, reply);
  return {
    ...deps,
    user,
    session,
    ip: request.ip,
    answer: answerScopeOf(request),
    cookies: {
      setSession: (newToken, newSession) => setSessionCookie(request, reply, newToken, newSession),
      clearSession: () => clearSessionCookie(request, reply),
    },
  };
}
