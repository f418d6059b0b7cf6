import type { Locale } from '#shared/i18n/locale';
import { sha256 } from '@oslojs/crypto/sha2';
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '#db/client';
import { passkeys, sessions, totpSecrets, users } from '#db/schema';
import { SessionCache, type SessionCacheOptions } from './session-cache';
import type { Role } from '#shared/roles';

// Sessions as in the Lucia guide: a random token in the cookie, only its SHA-256 in the database.

const DAY = 24 * 60 * 60 * 1000;
/** 'Keep me logged in for 30 days' */
export const PERSISTENT_SESSION_MS = 30 * DAY;
/** Without it: a browser-session cookie, and the server forgets the session after a day. */
export const BROWSER_SESSION_MS = DAY;
/** Staff sessions end 12 hours after sign-in, 'Keep me logged in' or not: a stolen one opens the panel for hours, not weeks. */
export const STAFF_SESSION_MS = 12 * 60 * 60 * 1000;

export interface SessionUser {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  profileImageUrl: string | null;
  /** What she may do is her role's row in the permission table (src/server/policies.ts). */
  role: Role;
  /** SPEC.md's flag: true for admins only. */
  isAdmin: boolean;
  /** The language she chose, if she did; it wins over the cookie and the browser's. */
  locale: Locale | null;
  /** She has a second factor (an authenticator app or a passkey): a sign-in asks for it. */
  secondFactor: boolean;
  /** Set while an admin's suspension runs: she may read but not write. `until` is ISO 8601, as JSON carries it. */
  suspension: { until: string; reason: string } | null;
}

export interface Session {
  id: string;
  userId: number;
  expiresAt: Date;
  persistent: boolean;
}

export type SessionValidationResult = { session: Session; user: SessionUser } | { session: null; user: null };

export function generateSessionToken(): string {
  const bytes = new Uint8Array(20);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

export function sessionIdFromToken(token: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
}

const lifetime = (persistent: boolean) => (persistent ? PERSISTENT_SESSION_MS : BROWSER_SESSION_MS);

/** When a session opened at `createdAt` ends at the latest: never for members (it slides), 12 hours on for staff. */
const staffEnd = (role: Role, createdAt: Date) => (role === 'member' ? Infinity : createdAt.getTime() + STAFF_SESSION_MS);

export async function createSession(db: Db, token: string, user: { id: number; role: Role }, persistent: boolean, userAgent: string | null = null): Promise<Session> {
  const now = new Date();
  const session: Session = {
    id: sessionIdFromToken(token),
    userId: user.id,
    expiresAt: new Date(Math.min(now.getTime() + lifetime(persistent), staffEnd(user.role, now))),
    persistent,
  };
  await db.insert(sessions).values({ ...session, createdAt: now, userAgent: userAgent?.slice(0, 300) ?? null });
  return session;
}

/** A column as "table"."column", so it binds to its own table inside a subquery. */
const q = (column: typeof users.id | typeof totpSecrets.userId | typeof totpSecrets.confirmedAt | typeof passkeys.userId) => sql`${column.table}.${sql.identifier(column.name)}`;

/** SQL true when the account has a second factor (a confirmed authenticator app or a passkey). */
export const hasSecondFactorSql = (userId: typeof users.id) =>
  sql<boolean>`(exists (select 1 from ${totpSecrets} where ${q(totpSecrets.userId)} = ${q(userId)} and ${q(totpSecrets.confirmedAt)} is not null) or exists (select 1 from ${passkeys} where ${q(passkeys.userId)} = ${q(userId)}))`;

/** How stale a session's "last used" may get before a request refreshes it: one write per session per window, not per request. */
const LAST_USED_WINDOW_MS = 10 * 60_000;

/** A session's row with its member's, as the database holds them (and the session cache keeps them). */
async function readSessionRow(db: Db, sessionId: string) {
  const [row] = await db
    .select({
      session: { id: sessions.id, userId: sessions.userId, expiresAt: sessions.expiresAt, persistent: sessions.persistent },
      lastUsedAt: sessions.lastUsedAt,
      createdAt: sessions.createdAt,
      user: {
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        profileImageUrl: users.profileImageUrl,
        role: users.role,
        approvalStatus: users.approvalStatus,
        suspendedUntil: users.suspendedUntil,
        suspensionReason: users.suspensionReason,
        locale: users.locale,
        secondFactor: hasSecondFactorSql(users.id),
      },
    })
    .from(sessions)
    .innerJoin(users, eq(sessions.userId, users.id))
    .where(eq(sessions.id, sessionId))
    .limit(1);
  return row;
}

type SessionRow = NonNullable<Awaited<ReturnType<typeof readSessionRow>>>;

/** The session cache of each database handle that has one (the server turns it on; see session-cache.ts). */
const sessionCaches = new WeakMap<Db, SessionCache<SessionRow>>();

/**
 * Keeps this database handle's sessions in a cache dropped by the database's change notices;
 * answers the function that stops it.
 */
export async function startSessionCache(db: Db, options: SessionCacheOptions = {}): Promise<() => Promise<void>> {
  const cache = new SessionCache<SessionRow>(options);
  const stopListening = await cache.listen(db);
  sessionCaches.set(db, cache);
  return async () => {
    sessionCaches.delete(db);
    // A database already closed has stopped listening with it.
    await stopListening().catch(() => {});
  };
}

/**
 * Finds the session and its user. Only approved users keep a working session: an admin
 * who rejects or demotes someone takes effect at their next request.
 * Sliding expiry: past half of its lifetime, a session is extended.
 */
export async function validateSessionToken(db: Db, token: string): Promise<SessionValidationResult> {
  const sessionId = sessionIdFromToken(token);
  const cache = sessionCaches.get(db);
  const row = cache ? await cache.lookUp(sessionId, () => readSessionRow(db, sessionId)) : await readSessionRow(db, sessionId);
  if (!row) return { session: null, user: null };
  // A copy: the row may be the cache's, shared by this session's other requests.
  const session = { ...row.session };
  const { user, lastUsedAt, createdAt } = row;
  const now = Date.now();
  // A member made staff keeps no session older than a staff session may be.
  const latestEnd = staffEnd(user.role, createdAt);
  if (now >= session.expiresAt.getTime() || now >= latestEnd || user.approvalStatus !== 'approved') {
    await invalidateSession(db, session.id);
    return { session: null, user: null };
  }
  const span = lifetime(session.persistent);
  const extend = now >= session.expiresAt.getTime() - span / 2 && session.expiresAt.getTime() < latestEnd;
  if (extend) session.expiresAt = new Date(Math.min(now + span, latestEnd));
  if (extend || now - lastUsedAt.getTime() >= LAST_USED_WINDOW_MS) {
    await db.update(sessions).set({ expiresAt: session.expiresAt, lastUsedAt: new Date(now) }).where(eq(sessions.id, session.id));
    cache?.dropSession(session.id);
  }
  const { approvalStatus: _status, suspendedUntil, suspensionReason, ...sessionUser } = user;
  const suspension = suspendedUntil && suspendedUntil.getTime() > now ? { until: suspendedUntil.toISOString(), reason: suspensionReason ?? '' } : null;
  return { session, user: { ...sessionUser, isAdmin: sessionUser.role === 'admin', suspension } };
}

// Ending sessions drops them from this process's cache at once; the database's notice drops them
// in the others. Inside a transaction (`db` is then the transaction) the notice comes at commit,
// and the procedure's own forgetting (keptSessionsAfterWrites in trpc/init.ts) after it.

/** Ends one session. */
export async function invalidateSession(db: Db, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
  sessionCaches.get(db)?.dropSession(sessionId);
}

/** Signs the user out everywhere, or everywhere but the session `except` (her own, after she changed her password). */
export async function invalidateAllSessions(db: Db, userId: number, except?: string): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), except === undefined ? undefined : ne(sessions.id, except)));
  forgetKeptSessions(db, userId);
}

/** Drops a member's kept sessions in this process, after a write that may have changed them. */
export function forgetKeptSessions(db: Db, userId: number): void {
  sessionCaches.get(db)?.dropUser(userId);
}

/** Drops every kept session in this process, after a write that may have changed any member. */
export function forgetAllKeptSessions(db: Db): void {
  sessionCaches.get(db)?.clear();
}
