import { pgEnum, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, id, updatedAt } from './columns';

export const newsletterFrequency = pgEnum('newsletter_frequency', ['weekly', 'biweekly', 'monthly']);

export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  {
    id: id(),
    /** Stored lower-cased; subscribing again updates the frequency. */
    email: text('email').notNull(),
    frequency: newsletterFrequency('frequency').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('newsletter_email_lower_idx').on(sql`lower(${t.email})`)],
);
