import { TRPCError } from '@trpc/server';
import { messages } from '../shared/messages';

export const notFound = (message: string = messages.http.notFound) => new TRPCError({ code: 'NOT_FOUND', message });
export const conflict = (message: string) => new TRPCError({ code: 'CONFLICT', message });
export const forbidden = (message: string = messages.access.adminRequired) => new TRPCError({ code: 'FORBIDDEN', message });
export const badRequest = (message: string) => new TRPCError({ code: 'BAD_REQUEST', message });
export const unauthorized = (message: string = messages.access.authRequired) => new TRPCError({ code: 'UNAUTHORIZED', message });

// Connection-level failures of postgres.js and PGlite, and PostgreSQL's shutdown/connection classes.
const UNAVAILABLE_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'CONNECTION_CLOSED', 'CONNECTION_ENDED', 'CONNECTION_DESTROYED', 'CONNECT_TIMEOUT']);

/** True when the error (or its cause) says the database can't be reached right now. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const candidate = current as { code?: unknown; cause?: unknown; errors?: unknown };
    const code = typeof candidate.code === 'string' ? candidate.code : '';
    if (UNAVAILABLE_ERRNOS.has(code) || code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03') return true;
    if (Array.isArray(candidate.errors) && candidate.errors.some(isDatabaseUnavailable)) return true;
    current = candidate.cause;
  }
  return false;
}
