import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { bytea, createdAt, id } from './columns';
import { users } from './auth';

const userRef = () =>
  integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Her authenticator app (TOTP, RFC 6238): one per account. The secret must be read to check a
 * code, so it can't be hashed; it leaves the server only in the answer that starts the setup.
 * Until she confirms it with a code (`confirmedAt`) it is no factor.
 */
export const totpSecrets = pgTable('totp_secrets', {
  userId: userRef().primaryKey(),
  secret: bytea('secret').notNull(),
  confirmedAt: at('confirmed_at'),
  /** The 30-second step of the last code accepted: a code is never accepted twice (replay). */
  lastUsedStep: integer('last_used_step').notNull().default(0),
  createdAt: createdAt(),
});

/** Ten single-use codes for when her phone or passkey is away; only their SHA-256 is kept. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: id(),
    userId: userRef(),
    codeHash: text('code_hash').notNull(),
    usedAt: at('used_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('recovery_codes_user_hash_idx').on(t.userId, t.codeHash)],
);

/** Her passkeys (WebAuthn credentials): the public key and the signature counter its authenticator keeps. */
export const passkeys = pgTable(
  'passkeys',
  {
    /** The credential's id, base64url, as the browser names it. */
    id: text('id').primaryKey(),
    userId: userRef(),
    publicKey: bytea('public_key').notNull(),
    counter: integer('counter').notNull().default(0),
    transports: text('transports').array().notNull().default([]),
    /** The name she gave it ("My phone"), to tell them apart. */
    name: text('name').notNull(),
    backedUp: boolean('backed_up').notNull().default(false),
    lastUsedAt: at('last_used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('passkeys_user_idx').on(t.userId)],
);

/**
 * A sign-in whose password was right and whose second step is still to come: the browser holds
 * its random token in an HttpOnly cookie, the database only its SHA-256. It is not a session
 * and opens nothing but the second step, for a few minutes.
 */
export const pendingSignIns = pgTable(
  'pending_sign_ins',
  {
    id: text('id').primaryKey(),
    userId: userRef(),
    /** 'Keep me logged in', as she ticked it with her password. */
    persistent: boolean('persistent').notNull(),
    /** The passkey challenge she was sent for this sign-in, if she chose a passkey. */
    passkeyChallenge: text('passkey_challenge'),
    expiresAt: at('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('pending_sign_ins_user_idx').on(t.userId)],
);

/** A passkey being added: the challenge her browser was sent, for a few minutes. */
export const passkeyRegistrations = pgTable('passkey_registrations', {
  userId: userRef().primaryKey(),
  challenge: text('challenge').notNull(),
  expiresAt: at('expires_at').notNull(),
});

/**
 * Wrong second steps in a row, per account (whichever pending sign-in, address or door they
 * came through): five lock the step for 15 minutes. A right one clears them.
 */
export const secondStepFailures = pgTable('second_step_failures', {
  userId: userRef().primaryKey(),
  attempts: integer('attempts').notNull().default(0),
  lockedUntil: at('locked_until'),
});
