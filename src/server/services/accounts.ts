import { eq, sql } from 'drizzle-orm';
import type { Locale } from '#shared/i18n/locale';
import type { Db } from '#db/client';
import type { AccountService, SeedAccount } from '#db/seed/accounts';
import { users } from '#db/schema';
import { messages } from '#shared/messages';
import { hashPassword } from '../auth/password';
import { conflict } from '../errors';

/** The current user's fields; the only user shape a session hands out. */
export const currentUserColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  profileImageUrl: users.profileImageUrl,
  role: users.role,
  /** SPEC.md's flag: true for admins only. */
  isAdmin: sql<boolean>`${users.role} = 'admin'`,
};

export function findUserByEmail(db: Db, email: string) {
  return db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1)
    .then((rows) => rows[0]);
}

const UNIQUE_VIOLATION = '23505';
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if ((current as { code?: unknown }).code === UNIQUE_VIOLATION) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** A new account's fields: one shape for the server and the demo seed. */
/**
 * An applicant also keeps the language she applied in (her mails are written in it), and
 * whether her application held a `hold` watched word (the admins see it marked). Her address is
 * unconfirmed (`emailConfirmedAt: null`) until she opens the mailed link; an account an admin,
 * the CLI or the seed makes counts as confirmed, since someone the site trusts gave it.
 */
export type NewAccount = SeedAccount & { locale?: Locale | null; applicationHeldWords?: boolean; emailConfirmedAt?: Date | null };

/**
 * Creates an account with an argon2id hash; a taken email (any case) is a 409. `hashOf` is
 * hashPassword but in the test factories, which give every account one hash of the same password.
 */
export async function createAccount(db: Db, account: NewAccount, hashOf: (password: string) => Promise<string> = hashPassword): Promise<{ id: number }> {
  const email = account.email.trim().toLowerCase();
  if (await findUserByEmail(db, email)) throw conflict(messages.signup.emailTaken);
  const { password, emailConfirmedAt = new Date(), ...fields } = account;
  try {
    const [row] = await db
      .insert(users)
      .values({ ...fields, email, emailConfirmedAt, passwordHash: await hashOf(password) })
      .returning({ id: users.id });
    return row!;
  } catch (error) {
    // Two applications racing for one email: the unique index decides.
    if (isUniqueViolation(error)) throw conflict(messages.signup.emailTaken);
    throw error;
  }
}

/**
 * The first admin from ADMIN_EMAIL/ADMIN_PASSWORD: created when absent, never overwritten.
 * Returns whether an account was created.
 */
export async function ensureAdminAccount(db: Db, email: string, password: string, name = { firstName: 'Site', lastName: 'Admin' }): Promise<boolean> {
  if (await findUserByEmail(db, email)) return false;
  await createAccount(db, { email, password, ...name, role: 'admin', approvalStatus: 'approved' });
  return true;
}

/** The account service as the demo seed takes it (db/ imports nothing from the server). */
export const accountService: AccountService = { createAccount, findUserByEmail };
