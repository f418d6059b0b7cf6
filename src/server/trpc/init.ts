import { inLocale } from '../i18n';
import { initTRPC, TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import { messages } from '#shared/messages';
import type { Context } from './context';
import { FieldError, isDatabaseUnavailable } from '../errors';
import { requireMember, requirePermission } from '../auth/access';
import { isStaff, type StaffPermission } from '../policies';
import { forgetAllKeptSessions, forgetKeptSessions } from '../auth/session';
import { auditTrail, recordAdminAction } from '../moderation/audit';
import { assertNotSuspended } from '../moderation/suspension';
import { type CacheRule, callOf, isSharedAnswer } from '../cache-areas';
import { checkedKey, oncePerKey } from '../idempotency';

/** The one text a client sees for an error: the first zod issue, or the error's own words. */
export function clientMessage(error: TRPCError): string {
  if (error.cause instanceof ZodError) return error.cause.issues[0]?.message ?? messages.http.badRequest;
  if (error.code === 'INTERNAL_SERVER_ERROR') return messages.http.internal;
  return error.message;
}

/**
 * The input field a refusal is about (the first zod issue's, or a rule's own: see fieldError),
 * so a form shows the server's words at that field; undefined when the refusal is about the
 * request as a whole.
 */
export function clientField(error: TRPCError): string | undefined {
  if (error.cause instanceof FieldError) return error.cause.field;
  if (!(error.cause instanceof ZodError)) return undefined;
  const field = error.cause.issues[0]?.path[0];
  return typeof field === 'string' ? field : undefined;
}

/** What a procedure declares about itself; the builders set `access`, so tests can read it from the router. */
export interface ProcedureMeta {
  /** Who may call it: anyone, signed-in members, or staff whose role carries `permission`. */
  access?: 'public' | 'member' | 'staff';
  /** For staff calls: the permission table's entry it needs (src/server/policies.ts), its only access check. */
  permission?: StaffPermission;
  /** A member write that stays open while she is suspended (reporting). */
  openWhileSuspended?: boolean;
  /**
   * What it reads or changes for the read cache, and whether its answer is the same for every
   * viewer: see CacheRule. Every write and every shared read declares it.
   */
  cache?: CacheRule;
  /**
   * It creates something (a post, a comment, an RSVP, an application): a retry with the same
   * Idempotency-Key answers the first result instead of making it again (src/server/idempotency.ts).
   */
  idempotent?: true;
}

const t = initTRPC.context<Context>().meta<ProcedureMeta>().create({
  errorFormatter({ shape, error, ctx }) {
    // No stack traces and no internals leave the server. Rule texts were worded when thrown;
    // the generic ones are worded here, in the language the request's procedures used.
    const message = ctx ? inLocale(ctx.locale, () => clientMessage(error)) : clientMessage(error);
    return {
      message,
      code: shape.code,
      data: { code: shape.data.code, httpStatus: shape.data.httpStatus, path: shape.data.path, field: clientField(error) },
    };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/** True when any string (or key) in the input holds a NUL character; bytes are not text. */
function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value) || depth > 20) return false;
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || containsNul(item, depth + 1));
}

/** What the rules below read of a procedure call. */
type Call = { ctx: Context; meta: ProcedureMeta | undefined; type: 'query' | 'mutation' | 'subscription'; path: string };

/**
 * A request's answer is shared only when every procedure that made it is (a batch may mix);
 * the calls (what each procedure declared it reads or changes, and the item it names) tell the
 * read cache which data the request read or changed.
 */
function recordAnswerScope({ ctx, meta, type }: Call, rawInput: unknown): void {
  const rule = meta?.cache;
  ctx.answer.calls.push(callOf(type, rule, rule?.item ? rawInput : undefined));
  if (!isSharedAnswer(rule, ctx.user)) ctx.answer.sameForEveryone = false;
}

/**
 * A change to her account is known to this process's session cache at once: after a member's
 * write under `auth.*` (her profile, password, email, language, sessions) her kept sessions are
 * read again, and after a staff member's write every kept session is (an admin may have
 * changed anyone's account or role, a moderator suspended someone). A member's other writes
 * (likes, comments, RSVPs) leave her session's row alone. The database's notices tell the
 * other processes, and this one of the rest (a password reset by link), within milliseconds.
 */
function forgetKeptSessionsAfterWrite({ ctx, type, path }: Call): void {
  if (type !== 'mutation' || !ctx.user) return;
  if (isStaff(ctx.user)) forgetAllKeptSessions(ctx.db);
  else if (path.startsWith('auth.')) forgetKeptSessions(ctx.db, ctx.user.id);
}

/**
 * The rules every procedure runs under, in one middleware: tRPC copies a call's options and
 * context at each middleware, and with one middleware a rule those copies were a tenth of the
 * server's CPU. In order:
 * - every message a procedure words (its answer, its errors) is in the request's language;
 * - the read cache learns what the call reads or changes (recordAnswerScope);
 * - text PostgreSQL can't store (a NUL) is a 400, never a 500;
 * - a write to an account is known to the session cache at once (forgetKeptSessionsAfterWrite);
 * - a database that can't be reached is a 503 with a message, not a 500.
 */
const procedureRules = t.middleware(({ ctx, meta, type, path, getRawInput, next }) =>
  inLocale(ctx.locale, async () => {
    const call: Call = { ctx, meta, type, path };
    const rawInput = await getRawInput();
    recordAnswerScope(call, rawInput);
    if (containsNul(rawInput)) throw new TRPCError({ code: 'BAD_REQUEST', message: messages.http.unsupportedCharacters });
    const result = await next();
    forgetKeptSessionsAfterWrite(call);
    if (!result.ok && isDatabaseUnavailable(result.error.cause)) {
      throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: messages.http.unavailable, cause: result.error.cause });
    }
    return result;
  }),
);

/**
 * A write that creates something, sent with an Idempotency-Key, runs once per key: in one
 * transaction with its stored answer, which a retry with the key gets instead. A middleware of
 * its own, inside procedureRules: what it throws (the database gone mid-transaction) reaches
 * those rules as the call's failed result, which they answer with a 503.
 */
const oncePerIdempotencyKey = t.middleware(({ ctx, meta, type, path, next }) => {
  if (type !== 'mutation' || !meta?.idempotent) return next();
  const key = checkedKey(ctx.idempotencyKey);
  if (key === null) return next();
  return oncePerKey(ctx.db, { key, userId: ctx.user?.id ?? null, procedure: path }, (tx) => next({ ctx: { db: tx } }));
});

export const publicProcedure = t.procedure.meta({ access: 'public' }).use(procedureRules).use(oncePerIdempotencyKey);

/**
 * Signed-in, approved members (admins included): 401 otherwise. Staff calls also need their
 * permission (see staffProcedure); both checks run before the procedure, in this one middleware.
 *
 * Every staff change that went through is in the audit log, on both APIs, with her role and
 * the permission that allowed it: each staff mutation, and a member mutation that describes a
 * staff action (a moderator deleting someone else's post or comment). The procedure names the
 * item and says what it did (ctx.audit.describe), from its parsed input, so a REST path's id
 * counts like a tRPC one.
 */
export const memberProcedure = publicProcedure.meta({ access: 'member' }).use(async ({ ctx, meta, type, path, getRawInput, next }) => {
  const member = requireMember(ctx);
  if (type === 'mutation' && !meta?.openWhileSuspended) assertNotSuspended(member.user);
  if (meta?.access === 'staff') requirePermission(ctx, meta.permission);
  const audit = auditTrail();
  const result = await next({ ctx: { user: member.user, session: member.session, audit } });
  if (type !== 'mutation' || !result.ok || !isStaff(member.user)) return result;
  const permission = meta?.access === 'staff' ? meta.permission : audit.note?.permission;
  if (permission) {
    await recordAdminAction(ctx.db, { admin: member.user, action: path, permission, input: await getRawInput(), output: result.data, note: audit.note });
  }
  return result;
});

/**
 * Staff calls: the procedure declares the permission it needs, and the permission table
 * (src/server/policies.ts) alone decides who has it. 401 signed out; 403 'Admin privileges
 * required' for a member, or a moderator whose row lacks it.
 */
export const staffProcedure = (permission: StaffPermission) => memberProcedure.meta({ access: 'staff', permission });
