import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgEnum, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { MAIL_STATUSES, TOKEN_PURPOSES, type MailJob } from '#shared/mail';
import { users } from './auth';
import { newsletterIssues } from './newsletter';
import { createdAt, id } from './columns';

export const mailStatus = pgEnum('mail_status', MAIL_STATUSES);

/**
 * The outbox: every mail the site sends, written in the same transaction as the change that
 * causes it, so a change and its mail are kept or lost together. Each server process's worker
 * claims due rows (FOR UPDATE SKIP LOCKED, so processes never take the same row), sends them
 * and records the outcome; a failure is retried with backoff, then marked failed.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    /** What the mail is (application_received, password_reset, ...), for the admin's Mail tab. */
    kind: text('kind').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** Extra headers (List-Unsubscribe) and attachments (an .ics), as nodemailer takes them. */
    headers: jsonb('headers').$type<Record<string, string>>(),
    attachments: jsonb('attachments').$type<{ filename: string; content: string; contentType: string }[]>(),
    /** A body holding a secret link (a reset or confirmation token) is never shown to admins. */
    holdsSecret: boolean('holds_secret').notNull().default(false),
    /**
     * A job rather than a mail: what the worker looks up and mails, off the request (a reset or
     * an email change, which then cost the same whoever the address belongs to). Never sent itself.
     */
    job: jsonb('job').$type<MailJob>(),
    /** The newsletter issue this mail carries, for its queued / sent / failed counts. */
    issueId: integer('issue_id').references(() => newsletterIssues.id, { onDelete: 'set null' }),
    status: mailStatus('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    /** When a worker may take it next: now for new mail, later after a failure or while claimed. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastError: text('last_error'),
    /** Without SMTP, outside production, each mail is printed to the log once. */
    printedAt: timestamp('printed_at', { withTimezone: true, mode: 'date' }),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('mail_outbox_due_idx').on(t.nextAttemptAt, t.id).where(sql`${t.status} in ('queued', 'sending')`),
    index('mail_outbox_created_idx').on(t.createdAt, t.id),
    index('mail_outbox_issue_idx').on(t.issueId, t.status),
    // The mail worker's jobs (a newsletter's sending, say) among the queued mail: without it,
    // each run read every queued mail, thousands while SMTP was away.
    index('mail_outbox_jobs_idx').on(t.id).where(sql`${t.job} is not null and ${t.status} = 'queued'`),
  ],
);

export const tokenPurpose = pgEnum('token_purpose', TOKEN_PURPOSES);

/**
 * Single-use links mailed to a member: a password reset, or the confirmation of a new email
 * address. Only the token's SHA-256 is stored; the token itself exists only in the mail.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    /** Hex SHA-256 of the token. */
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: tokenPurpose('purpose').notNull(),
    /** The address an email change moves to, once confirmed. */
    newEmail: text('new_email'),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('account_tokens_user_idx').on(t.userId, t.purpose)],
);
