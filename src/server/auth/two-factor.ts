import { sha256 } from '@oslojs/crypto/sha2';
import { twoFactorMessages } from '#shared/two-factor-messages';
import { encodeHexLowerCase } from '@oslojs/encoding';
import { createTOTPKeyURI, verifyHOTP } from '@oslojs/otp';
import { and, count, eq, gt, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { Db } from '#db/client';
import { passkeys, pendingSignIns, recoveryCodes, secondStepFailures, totpSecrets, users } from '#db/schema';
import { TRPCError } from '@trpc/server';
import { generateSessionToken, invalidateAllSessions, sessionIdFromToken } from './session';

// Two-factor sign-in (DECISIONS.md "Staff with least privilege, and strong sign-in"): an
// authenticator app (TOTP), passkeys (./passkeys.ts) and ten single-use recovery codes.

/** RFC 6238's usual settings, which every authenticator app reads from the QR code. */
const TOTP_PERIOD_SECONDS = 30;
const TOTP_DIGITS = 6;
/** A code from the step before or after counts too: phones' clocks drift and typing takes time. */
const TOTP_STEPS_ACCEPTED = [-1, 0, 1];

export const RECOVERY_CODE_COUNT = 10;
/** Letters and digits nobody mistakes for one another (no 0/o, 1/l/i). */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const RECOVERY_CODE_LENGTH = 10;

/** Wrong second steps in a row that lock it, and for how long. */
export const SECOND_STEP_MAX_FAILURES = 5;
export const SECOND_STEP_LOCK_MS = 15 * 60_000;
/** How long the password step waits for the second one. */
export const PENDING_SIGN_IN_MS = 10 * 60_000;

/**
 * A code as she typed or pasted it: lower case, without spaces, dashes or invisible characters,
 * with Arabic-Indic and Eastern Arabic-Indic digits read as 0-9 (an Arabic keyboard types those).
 */
export function normaliseCode(typed: string): string {
  return typed
    .normalize('NFKC')
    .replace(/[\u0660-\u0669]/g, (digit) => String(digit.charCodeAt(0) - 0x0660))
    .replace(/[\u06f0-\u06f9]/g, (digit) => String(digit.charCodeAt(0) - 0x06f0))
    .replace(/[\s\p{Cf}\p{Pd}_.]/gu, '')
    .toLowerCase();
}

const isTotpCode = (code: string) => /^\d{6}$/.test(code);
const isRecoveryCode = (code: string) => code.length === RECOVERY_CODE_LENGTH && [...code].every((char) => RECOVERY_ALPHABET.includes(char));

const hashOf = (text: string) => encodeHexLowerCase(sha256(new TextEncoder().encode(text)));

/** A new random TOTP secret: 20 bytes, as RFC 4226 recommends for HMAC-SHA1. */
export function newTotpSecret(): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(20));
}

/** What she scans or types to add the site to her app: the otpauth:// address, its QR code (an SVG data URL) and the secret in base32. */
export async function totpEnrolment(issuer: string, accountName: string, secret: Uint8Array) {
  const uri = createTOTPKeyURI(issuer, accountName, secret, TOTP_PERIOD_SECONDS, TOTP_DIGITS);
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  const base32 = new URL(uri).searchParams.get('secret') ?? '';
  return { uri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`, secret: base32.replace(/(.{4})(?=.)/g, '$1 ') };
}

/**
 * True when the code is her app's for now (one step either side) and newer than the last code
 * accepted: the step is written in the same statement that checks it was not used, so a code
 * seen over her shoulder, or sent twice at once, works once.
 */
export async function useTotpCode(db: Db, userId: number, code: string, state: 'confirmed' | 'unconfirmed'): Promise<boolean> {
  if (!isTotpCode(code)) return false;
  const [row] = await db
    .select({ secret: totpSecrets.secret })
    .from(totpSecrets)
    .where(and(eq(totpSecrets.userId, userId), state === 'confirmed' ? isNotNull(totpSecrets.confirmedAt) : isNull(totpSecrets.confirmedAt)))
    .limit(1);
  if (!row) return false;
  const now = Math.floor(Date.now() / 1000 / TOTP_PERIOD_SECONDS);
  const step = TOTP_STEPS_ACCEPTED.map((offset) => now + offset).find((candidate) => verifyHOTP(row.secret, BigInt(candidate), TOTP_DIGITS, code));
  if (step === undefined) return false;
  const used = await db
    .update(totpSecrets)
    .set({ lastUsedStep: step, ...(state === 'unconfirmed' ? { confirmedAt: new Date() } : {}) })
    .where(and(eq(totpSecrets.userId, userId), lt(totpSecrets.lastUsedStep, step)))
    .returning({ userId: totpSecrets.userId });
  return used.length === 1;
}

/** Replaces her recovery codes with ten new ones and answers them; only their hashes are kept. */
export async function newRecoveryCodes(db: Db, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = crypto.getRandomValues(new Uint8Array(RECOVERY_CODE_LENGTH));
    // 256 is a multiple of neither, but 31 symbols from a byte lean by under 1%: fine for a code that works once.
    return [...bytes].map((byte) => RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length]).join('');
  });
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values(codes.map((code) => ({ userId, codeHash: hashOf(code) })));
  // Shown as two groups of five, which is how she will read them out or type them.
  return codes.map((code) => `${code.slice(0, 5)}-${code.slice(5)}`);
}

/** True once for each of her unused recovery codes: marking it used is the check. */
async function useRecoveryCode(db: Db, userId: number, code: string): Promise<boolean> {
  if (!isRecoveryCode(code)) return false;
  const used = await db
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, hashOf(code)), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return used.length === 1;
}

/** A typed second step: a code from her app, else one of her recovery codes. */
export async function useTypedCode(db: Db, userId: number, typed: string): Promise<boolean> {
  const code = normaliseCode(typed);
  return isTotpCode(code) ? useTotpCode(db, userId, code, 'confirmed') : useRecoveryCode(db, userId, code);
}

const lockedError = () => new TRPCError({ code: 'TOO_MANY_REQUESTS', message: twoFactorMessages.locked });

/**
 * Runs one second-step try for her account under the lock: five wrong in a row lock the step
 * for 15 minutes, whichever pending sign-in, address or door they came from (only someone who
 * knew her password reaches this step, so the lock can't be a stranger's weapon against her).
 * The try is counted before it runs, in one statement, so a burst of guesses sent at once
 * can't all pass the check; a right one clears the count.
 */
export async function underSecondStepLock(db: Db, userId: number, attempt: () => Promise<boolean>): Promise<boolean> {
  const [counted] = await db
    .insert(secondStepFailures)
    .values({ userId, attempts: 1 })
    .onConflictDoUpdate({
      target: secondStepFailures.userId,
      set: {
        // A lock that ran out starts the count again.
        attempts: sql`case when ${secondStepFailures.lockedUntil} <= now() then 1 else ${secondStepFailures.attempts} + 1 end`,
        lockedUntil: sql`case when ${secondStepFailures.lockedUntil} <= now() then null else ${secondStepFailures.lockedUntil} end`,
      },
    })
    .returning({ attempts: secondStepFailures.attempts, lockedUntil: secondStepFailures.lockedUntil });
  if (counted!.lockedUntil || counted!.attempts > SECOND_STEP_MAX_FAILURES) throw lockedError();
  if (await attempt()) {
    await db.update(secondStepFailures).set({ attempts: 0, lockedUntil: null }).where(eq(secondStepFailures.userId, userId));
    return true;
  }
  if (counted!.attempts >= SECOND_STEP_MAX_FAILURES) {
    await db
      .update(secondStepFailures)
      .set({ lockedUntil: sql`coalesce(${secondStepFailures.lockedUntil}, now() + ${`${SECOND_STEP_LOCK_MS} milliseconds`}::interval)` })
      .where(eq(secondStepFailures.userId, userId));
    throw lockedError();
  }
  return false;
}

/** Starts the wait for her second step; answers the token for the browser's cookie (never a session's). */
export async function startPendingSignIn(db: Db, userId: number, persistent: boolean): Promise<{ token: string; expiresAt: Date }> {
  const token = generateSessionToken();
  const expiresAt = new Date(Date.now() + PENDING_SIGN_IN_MS);
  // One sign-in waits per account at a time: an older one ends.
  await db.delete(pendingSignIns).where(eq(pendingSignIns.userId, userId));
  await db.insert(pendingSignIns).values({ id: sessionIdFromToken(token), userId, persistent, expiresAt });
  return { token, expiresAt };
}

/** The sign-in waiting for its second step under this token, if it has not run out. */
export async function findPendingSignIn(db: Db, token: string | null) {
  if (!token) return undefined;
  const [row] = await db
    .select()
    .from(pendingSignIns)
    .where(and(eq(pendingSignIns.id, sessionIdFromToken(token)), gt(pendingSignIns.expiresAt, new Date())))
    .limit(1);
  return row;
}

export async function endPendingSignIn(db: Db, id: string) {
  await db.delete(pendingSignIns).where(eq(pendingSignIns.id, id));
}

/** Her second factors as her settings show them: never a secret. */
export async function secondFactorsOf(db: Db, userId: number) {
  const [[totp], [keys], [codes]] = await Promise.all([
    db.select({ confirmedAt: totpSecrets.confirmedAt }).from(totpSecrets).where(and(eq(totpSecrets.userId, userId), isNotNull(totpSecrets.confirmedAt))),
    db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId)),
    db.select({ n: count() }).from(recoveryCodes).where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt))),
  ]);
  const passkeyCount = keys?.n ?? 0;
  return { totp: totp ? { since: totp.confirmedAt! } : null, passkeyCount, recoveryCodesLeft: codes?.n ?? 0, enabled: Boolean(totp) || passkeyCount > 0 };
}

/**
 * After any change to her factors: every other session of hers ends (whoever holds one may be
 * the reason she changed them), and her account row is touched so every process's session
 * cache reads again whether she has a factor (db/migrations/0021's notice).
 */
export async function afterFactorChange(db: Db, userId: number, currentSessionId: string) {
  await invalidateAllSessions(db, userId, currentSessionId);
  await db.update(users).set({ updatedAt: new Date() }).where(eq(users.id, userId));
}
