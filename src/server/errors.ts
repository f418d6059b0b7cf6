import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { messages } from '#shared/messages';
import type { Locale } from '#shared/i18n/locale';

export const notFound = (message: string = messages.http.notFound) => new TRPCError({ code: 'NOT_FOUND', message });
export const conflict = (message: string) => new TRPCError({ code: 'CONFLICT', message });
export const forbidden = (message: string = messages.access.adminRequired) => new TRPCError({ code: 'FORBIDDEN', message });
export const badRequest = (message: string) => new TRPCError({ code: 'BAD_REQUEST', message });
export const unauthorized = (message: string = messages.access.authRequired) => new TRPCError({ code: 'UNAUTHORIZED', message });

/** What a 400 refusing one form field carries, so the tRPC answer can name the field. */
export class FieldError extends Error {
  constructor(readonly field: string) {
    super(`invalid ${field}`);
  }
}

/** A 400 about one field of a form (a rule only the data can check): shown beside that field. */
export const fieldError = (field: string, message: string) => new TRPCError({ code: 'BAD_REQUEST', message, cause: new FieldError(field) });

/** What a refusal worded in another language than the request's carries: a mailed link answers in its owner's. */
export class WordedIn extends Error {
  constructor(readonly locale: Locale) {
    super(`worded in ${locale}`);
  }
}

/** A 400 worded in `locale` (see WordedIn), so a page showing it takes that language and direction. */
export const badRequestIn = (locale: Locale, message: string) => new TRPCError({ code: 'BAD_REQUEST', message, cause: new WordedIn(locale) });

/** The language a refusal is worded in: its own (WordedIn), else the request's. */
export const refusalLocale = (error: TRPCError, requestLocale: Locale): Locale => (error.cause instanceof WordedIn ? error.cause.locale : requestLocale);

// Connection-level failures of postgres.js and PGlite, and PostgreSQL's shutdown/connection classes.
const UNAVAILABLE_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'CONNECTION_CLOSED', 'CONNECTION_ENDED', 'CONNECTION_DESTROYED', 'CONNECT_TIMEOUT']);
// PGlite has no connection to lose; once closed (the process is stopping) it refuses every query.
const PGLITE_CLOSED = /^PGlite is clos(ed|ing)$/;

/** True when the error (or its cause) says the database can't be reached right now. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const candidate = current as { code?: unknown; cause?: unknown; errors?: unknown; message?: unknown };
    const code = typeof candidate.code === 'string' ? candidate.code : '';
    if (UNAVAILABLE_ERRNOS.has(code) || code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03') return true;
    if (typeof candidate.message === 'string' && PGLITE_CLOSED.test(candidate.message)) return true;
    if (Array.isArray(candidate.errors) && candidate.errors.some(isDatabaseUnavailable)) return true;
    current = candidate.cause;
  }
  return false;
}

// ------------------------------------------------------------------ answers

/** How long a client is asked to wait (Retry-After) when the database is away. */
export const RETRY_AFTER_SECONDS = 5;

/** Read per answer, so each is worded in that request's language. */
const STATUS_MESSAGES: Record<number, () => string> = {
  400: () => messages.http.badRequest,
  404: () => messages.http.notFound,
  408: () => messages.http.timeout,
  413: () => messages.http.tooLarge,
  415: () => messages.http.unsupportedMediaType,
  429: () => messages.access.rateLimited,
  431: () => messages.http.tooLarge,
  503: () => messages.http.unavailable,
};

/** The one text an error answer with this status carries when nothing more precise is known. */
export function statusMessage(status: number): string {
  return STATUS_MESSAGES[status]?.() ?? (status >= 500 ? messages.http.internal : messages.http.badRequest);
}

/** The status an error is answered with: a lost database is a 503 whatever wraps it. */
export function errorStatus(error: unknown): number {
  if (isDatabaseUnavailable(error)) return 503;
  if (error instanceof TRPCError) return getHTTPStatusCodeFromError(error);
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 600 ? status : 500;
}

/**
 * Errors Node's HTTP parser meets before Fastify sees a request (a request or its headers
 * too slow, headers too large, bytes that are not HTTP): the same `{message}` answer as
 * every other error, then the connection is closed.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const body = JSON.stringify({ message: statusMessage(status) });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

// ------------------------------------------------------------------ logs

/**
 * What a database error carries about its query: drizzle's DrizzleQueryError holds the SQL
 * and its bound values (and repeats both in its message), the drivers' errors hold the
 * query, its parameters and row contents (`detail`: "Key (email)=(...) already exists").
 */
const QUERY_FIELDS = new Set(['query', 'params', 'parameters', 'args', 'types', 'detail', 'where', 'hint', 'internalQuery', 'queryOptions']);
/** Plain facts about a failure, kept for every error in a chain. */
const FACT_FIELDS = ['code', 'errno', 'syscall', 'severity', 'routine', 'statusCode'] as const;
const MAX_DEPTH = 5;
const WITHHELD = 'database query failed (query and values withheld)';

type ErrorRecord = { [key: string]: unknown };

/** True when an error or any cause names a query: its messages may quote SQL or values. */
function touchesDatabase(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > MAX_DEPTH) return false;
  const candidate = error as ErrorRecord;
  if ('query' in candidate || 'params' in candidate || 'parameters' in candidate) return true;
  // PostgreSQL's own errors (both drivers): a severity and a five-character SQLSTATE.
  if (typeof candidate.severity === 'string' && typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) return true;
  if (Array.isArray(candidate.errors) && candidate.errors.some((inner) => touchesDatabase(inner, depth + 1))) return true;
  return touchesDatabase(candidate.cause, depth + 1);
}

const typeOf = (error: object) => (error.constructor?.name && error.constructor.name !== 'Object' ? error.constructor.name : 'Error');

/** The stack's frames without its first lines, which repeat the message. */
const framesOf = (stack: unknown) =>
  typeof stack === 'string'
    ? stack
        .split('\n')
        .filter((line) => /^\s+at /.test(line))
        .join('\n')
    : undefined;

function facts(error: ErrorRecord): ErrorRecord {
  const kept: ErrorRecord = { type: typeOf(error) };
  for (const field of FACT_FIELDS) if (typeof error[field] === 'string' || typeof error[field] === 'number') kept[field] = error[field];
  return kept;
}

/** A database failure as type, codes and stack frames only: no message, no query, no values. */
function withheld(error: unknown, depth: number): unknown {
  if (!error || typeof error !== 'object') return undefined;
  const record = error as ErrorRecord;
  const out = facts(record);
  // A lost connection's own words name no query ("PGlite is closed", "connect ECONNREFUSED ...").
  if (typeof record.message === 'string' && (PGLITE_CLOSED.test(record.message) || typeof record.syscall === 'string')) out.message = record.message;
  if (depth === 0) {
    out.message = WITHHELD;
    out.stack = framesOf(record.stack);
  }
  if (Array.isArray(record.errors) && depth < MAX_DEPTH) out.errors = record.errors.map((inner) => withheld(inner, depth + 1));
  if (record.cause && depth < MAX_DEPTH) out.cause = withheld(record.cause, depth + 1);
  return out;
}

function plain(error: unknown, depth: number): unknown {
  if (!error || typeof error !== 'object') return error;
  const record = error as ErrorRecord;
  const out: ErrorRecord = { type: typeOf(record), message: record.message, stack: record.stack };
  for (const [key, value] of Object.entries(record)) {
    if (key === 'cause' || key === 'errors' || QUERY_FIELDS.has(key) || key in out) continue;
    out[key] = value;
  }
  if (Array.isArray(record.errors) && depth < MAX_DEPTH) out.errors = record.errors.map((inner) => plain(inner, depth + 1));
  if (record.cause && depth < MAX_DEPTH) out.cause = plain(record.cause, depth + 1);
  return out;
}

/**
 * The logger's `err` serializer. An error whose chain reached the database is logged as
 * types, codes and stack frames only: its messages quote the SQL and the bound values
 * (session ids, emails, whatever a visitor typed). Other errors are logged in full.
 */
export function serializeError(error: Error): SerializedError {
  const out = (touchesDatabase(error) ? withheld(error, 0) : plain(error, 0)) as ErrorRecord;
  return { ...out, type: String(out.type), message: String(out.message ?? ''), stack: String(out.stack ?? '') };
}

/**
 * The logger's logMethod hook: `log.error(error)` (and Fastify's own error logging) takes
 * the error's message as the line's text, which for a failed query is the SQL and its
 * values. Such a line gets a neutral text instead; the serializer handles the error itself.
 */
export function withholdQueryText(this: unknown, args: unknown[], method: (...args: unknown[]) => void): void {
  const [first, text] = args;
  const error = first instanceof Error ? first : (first as { err?: unknown } | null)?.err;
  if (touchesDatabase(error) && (typeof text !== 'string' || text === (error as Error).message)) {
    method.apply(this, [first instanceof Error ? { err: first } : first, WITHHELD, ...args.slice(2)]);
    return;
  }
  method.apply(this, args);
}

/** What Fastify's logger expects of an `err` serializer. */
export interface SerializedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}
