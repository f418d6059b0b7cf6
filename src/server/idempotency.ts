import { and, eq, lt, sql } from 'drizzle-orm';
import { TRPCError } from '@trpc/server';
import type { Db } from '#db/client';
import { idempotentAnswers } from '#db/schema';
import { messages } from '#shared/messages';

/**
 * Idempotency keys for writes that create things (a post, a comment, an RSVP, an application):
 * the client sends one key per submit (the browser's tRPC client per mutation, REST clients as
 * the `Idempotency-Key` header). The write and its answer are stored in one transaction, so a
 * retry with the same key, after an answer lost to an outage even though the write committed,
 * gets the first answer and nothing is made twice. Without a key a write runs as before.
 *
 * The same key from another account, or on another procedure, is refused (422), never
 * answered: a key is no way to read someone else's answer. Keys are kept a day.
 */

/** Random enough that nobody guesses another's: 16 to 100 URL-safe characters. */
const KEY_PATTERN = /^[A-Za-z0-9_-]{16,100}$/;
const KEPT_FOR = sql`interval '1 day'`;

export function checkedKey(header: string | null): string | null {
  if (header === null) return null;
  if (!KEY_PATTERN.test(header)) throw new TRPCError({ code: 'BAD_REQUEST', message: messages.http.idempotencyKeyInvalid });
  return header;
}

type Outcome<T> = { ok: true; data: T } | { ok: false };

/** A procedure's failed outcome, carried out of the transaction so that it rolls back. */
class Refused {
  constructor(readonly result: unknown) {}
}

/**
 * Runs `write` once per key: a key seen before answers what it answered then. The write gets
 * the transaction to make its changes in; its own transactions become savepoints inside it.
 */
export async function oncePerKey<T extends Outcome<unknown>>(db: Db, scope: { key: string; userId: number | null; procedure: string }, write: (tx: Db) => Promise<T>): Promise<T> {
  const earlier = await answerFor(db, scope);
  if (earlier) return earlier as T;
  try {
    return await db.transaction(async (tx) => {
      const result = await write(tx as unknown as Db);
      if (!result.ok) throw new Refused(result);
      // JSON as the client receives it (a Date becomes its ISO text).
      const answer = result.data === undefined ? null : JSON.parse(JSON.stringify(result.data));
      await tx.delete(idempotentAnswers).where(lt(idempotentAnswers.createdAt, sql`now() - ${KEPT_FOR}`));
      const stored = await tx.insert(idempotentAnswers).values({ key: scope.key, userId: scope.userId, procedure: scope.procedure, answer }).onConflictDoNothing().returning({ key: idempotentAnswers.key });
      // The same key committed meanwhile (a retry that overtook the first try): this one's changes go.
      if (stored.length === 0) throw new Refused(undefined);
      return result;
    });
  } catch (error) {
    if (!(error instanceof Refused)) throw error;
    if (error.result !== undefined) return error.result as T;
    const winner = await answerFor(db, scope);
    if (!winner) throw new TRPCError({ code: 'CONFLICT', message: messages.http.idempotencyKeyReused });
    return winner as T;
  }
}

async function answerFor(db: Db, scope: { key: string; userId: number | null; procedure: string }): Promise<Outcome<unknown> | null> {
  const [row] = await db
    .select()
    .from(idempotentAnswers)
    .where(and(eq(idempotentAnswers.key, scope.key), sql`${idempotentAnswers.createdAt} > now() - ${KEPT_FOR}`));
  if (!row) return null;
  if (row.userId !== scope.userId || row.procedure !== scope.procedure) throw new TRPCError({ code: 'UNPROCESSABLE_CONTENT', message: messages.http.idempotencyKeyReused });
  return { ok: true, data: row.answer };
}
