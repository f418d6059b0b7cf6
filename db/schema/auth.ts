import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, untaggedSearchText, untaggedSearchVector, updatedAt, searchIndex } from './columns';
import { LOCALES } from '#shared/i18n/locale';
import { ROLES } from '#shared/roles';

export const approvalStatus = pgEnum('approval_status', ['pending', 'approved', 'rejected']);
/** The site's languages (src/shared/i18n/locale.ts LOCALES). */
export const siteLocale = pgEnum('site_locale', LOCALES);
/** Who an account is to the site: what she may do is the permission table's row of her role (src/server/policies.ts). */
export const userRole = pgEnum('user_role', ROLES);

export const users = pgTable(
  'users',
  {
    id: id(),
    /** Always stored lower-cased; the unique index makes the comparison case-insensitive. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    age: integer('age'),
    interests: text('interests'),
    bio: text('bio'),
    profileImageUrl: text('profile_image_url'),
    /** Staff are moderators and admins; the permission table (src/server/policies.ts) says what each may do. */
    role: userRole('role').notNull().default('member'),
    approvalStatus: approvalStatus('approval_status').notNull().default('pending'),
    /** While in the future, the member can sign in and read but not write; an admin's reason is shown to her. */
    suspendedUntil: timestamp('suspended_until', { withTimezone: true, mode: 'date' }),
    suspensionReason: text('suspension_reason'),
    /**
     * Established members publish at once; a new member's first posts and comments wait for
     * review until enough of them were approved. Admins always publish at once.
     */
    established: boolean('established').notNull().default(false),
    /**
     * SHA-256 of the secret in her private calendar feed's address (/calendar/{token}.ics). A
     * new address replaces the old one, which then answers 404.
     */
    calendarTokenHash: text('calendar_token_hash'),
    /** Her latest sign-in; null until her first, so the site can welcome her rather than welcome her back. */
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true, mode: 'date' }),
    /** The language she chose in the site's switch; null until she chooses (the browser's then decides). Mail to her uses it too. */
    locale: siteLocale('locale'),
    /**
     * When the address was shown to be hers: the link in her application mail opened, an email
     * change or a password reset confirmed by a mailed link. Null for an application nobody has
     * confirmed: its mail then greets no one by name, it waits behind confirmed ones, and it
     * can't be subscribed to the newsletter. Accounts made by an admin, the CLI or the seed count as confirmed.
     */
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true, mode: 'date' }),
    /** The community guidelines version she accepted when applying, and when. */
    guidelinesVersion: text('guidelines_version'),
    guidelinesAcceptedAt: timestamp('guidelines_accepted_at', { withTimezone: true, mode: 'date' }),
    /**
     * Her application's names, bio or interests held a `hold` watched word: the Pending Users
     * tab marks it so the admins read them before deciding. Only admins see it.
     */
    applicationHeldWords: boolean('application_held_words').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** What the admin panel's search of members reads: names and email, normalised like every search. */
    searchText: untaggedSearchText('first_name', 'last_name', 'email'),
    searchVector: untaggedSearchVector('first_name', 'last_name', 'email'),
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    // The admin panel's Pending Users list, oldest first.
    index('users_approval_created_idx').on(t.approvalStatus, t.createdAt, t.id),
    // The admin panel's Community Users list, newest first, and its search by name or email
    // (the words of search_vector, which its GIN index answers). Migration 0039 adds
    // search_vector to it (INCLUDE, which drizzle can't declare), so the search by a common
    // name walks it without reading the table.
    index('users_created_idx').on(t.createdAt, t.id),
    // Its Admin Management list: the few staff, newest first.
    index('users_staff_created_idx').on(t.createdAt, t.id).where(sql`${t.role} <> 'member'`),
    uniqueIndex('users_calendar_token_idx').on(t.calendarTokenHash),
    searchIndex('users_search_vector_idx', t.searchVector),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** Hex SHA-256 of the token; the token itself never reaches the database. */
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** 'Keep me logged in for 30 days' */
    persistent: boolean('persistent').notNull().default(false),
    /** The browser that signed in, so she can tell her devices apart in her account. */
    userAgent: text('user_agent'),
    /** Refreshed at most every few minutes, not on every request. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);
