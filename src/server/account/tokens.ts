import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '#db/client';
import { accountTokens } from '#db/schema';
import type { TokenPurpose } from '#shared/mail';
import { hashSecretToken as hashOf, newSecretToken } from '../auth/secret-token';

/** A mailed link works for an hour. */
export const TOKEN_LIFETIME_MS = 60 * 60_000;

/** The link in an application mail works for a week: she may read it after the hour is gone, and it only confirms her address. */
const LIFETIME_MS: Record<TokenPurpose, number> = { password_reset: TOKEN_LIFETIME_MS, email_change: TOKEN_LIFETIME_MS, email_confirm: 7 * 24 * TOKEN_LIFETIME_MS };

/**
 * A new single-use token for a mailed link (password reset, email change, an application's address). The token goes in
 * the mail only; the database keeps its SHA-256, so a copy of the database opens no account.
 * Earlier unused tokens of the same purpose stop working: only the newest link counts.
 */
export async function issueAccountToken(db: Db, userId: number, purpose: TokenPurpose, newEmail: string | null = null): Promise<string> {
  const token = newSecretToken();
  await db.update(accountTokens).set({ usedAt: sql`now()` }).where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt)));
  await db.insert(accountTokens).values({ id: hashOf(token), userId, purpose, newEmail, expiresAt: new Date(Date.now() + LIFETIME_MS[purpose]) });
  return token;
}

/**
 * Uses a token once: answers its account (and new email) while it is unused and unexpired,
 * and marks it used in the same statement, so two requests with one link can't both succeed.
 */
export async function consumeAccountToken(db: Db, token: string, purpose: TokenPurpose): Promise<{ userId: number; newEmail: string | null } | null> {
  const [row] = await db
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(accountTokens.id, hashOf(token)), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt), gt(accountTokens.expiresAt, sql`now()`)))
    .returning({ userId: accountTokens.userId, newEmail: accountTokens.newEmail });
  return row ?? null;
}

export type AccountTokenState = 'usable' | 'used' | 'expired' | 'unknown';

/**
 * What a mailed link's token is, without using it: a page checks a link when it opens, and a
 * link opened again says it was used rather than "invalid". It tells only the token's own state.
 * A link a newer one replaced counts as used.
 */
export async function accountTokenState(db: Db, token: string, purpose: TokenPurpose): Promise<AccountTokenState> {
  const [row] = await db
    .select({ usedAt: accountTokens.usedAt, expired: sql<boolean>`${accountTokens.expiresAt} <= now()` })
    .from(accountTokens)
    .where(and(eq(accountTokens.id, hashOf(token)), eq(accountTokens.purpose, purpose)))
    .limit(1);
  if (!row) return 'unknown';
  if (row.usedAt) return 'used';
  return row.expired ? 'expired' : 'usable';
}
