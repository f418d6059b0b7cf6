import { pgEnum, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, id, updatedAt } from './columns';
import { NEWSLETTER_FREQUENCIES } from '../../src/shared/categories';

export const newsletterFrequency = pgEnum('newsletter_frequency', NEWSLETTER_FREQUENCIES);

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
