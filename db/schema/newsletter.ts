import { index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, id, updatedAt } from './columns';
import { siteLocale, users } from './auth';
import { NEWSLETTER_FREQUENCIES } from '#shared/categories';

export const newsletterFrequency = pgEnum('newsletter_frequency', NEWSLETTER_FREQUENCIES);

export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  {
    id: id(),
    /** Stored lower-cased; subscribing again updates the frequency. */
    email: text('email').notNull(),
    frequency: newsletterFrequency('frequency').notNull(),
    /**
     * Double opt-in: a subscription counts once the link mailed to the address was opened
     * (or the member set it for her own, signed-in address). Null: not confirmed yet.
     */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true, mode: 'date' }),
    /** SHA-256 of the token in the newest confirmation link, and the frequency it confirms. */
    confirmTokenHash: text('confirm_token_hash'),
    pendingFrequency: newsletterFrequency('pending_frequency'),
    /** The language she subscribed in: her confirmation mail and the frame of every issue use it (null: English). */
    locale: siteLocale('locale'),
    /**
     * The secret in every issue's one-click unsubscribe link. Kept as is (issues are mailed with
     * it); it can only unsubscribe this address.
     */
    unsubscribeToken: text('unsubscribe_token')
      .notNull()
      .default(sql`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('newsletter_email_lower_idx').on(sql`lower(${t.email})`),
    uniqueIndex('newsletter_confirm_token_idx').on(t.confirmTokenHash),
    uniqueIndex('newsletter_unsubscribe_token_idx').on(t.unsubscribeToken),
    index('newsletter_confirmed_frequency_idx').on(t.frequency).where(sql`${t.confirmedAt} is not null`),
    // The admin overview counts confirmed subscribers at the end of each week.
    index('newsletter_confirmed_at_idx').on(t.confirmedAt).where(sql`${t.confirmedAt} is not null`),
    // The admin panel's subscriber list, newest first.
    index('newsletter_created_idx').on(t.createdAt, t.id),
  ],
);

/** An issue admins write and send to the confirmed subscribers of one frequency. */
export const newsletterIssues = pgTable('newsletter_issues', {
  id: id(),
  subject: text('subject').notNull(),
  markdown: text('markdown').notNull(),
  frequency: newsletterFrequency('frequency').notNull(),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  /** Set when it was queued for its subscribers; an issue goes out once. */
  sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
  createdAt: createdAt(),
});

/**
 * Newsletter links already used (the SHA-256 of their token), so a link opened a second time
 * can say what is true instead of "invalid". A token tells only its own state. A used
 * confirmation link counts while its subscription lasts; a used unsubscribe link outlives it.
 */
export const usedNewsletterLinks = pgTable('used_newsletter_links', {
  tokenHash: text('token_hash').primaryKey(),
  kind: text('kind', { enum: ['confirm', 'unsubscribe'] }).notNull(),
  subscriptionId: integer('subscription_id').references(() => newsletterSubscriptions.id, { onDelete: 'cascade' }),
  usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (t) => [index('used_newsletter_links_subscription_idx').on(t.subscriptionId)]);
