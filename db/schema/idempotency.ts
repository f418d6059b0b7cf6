import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt } from './columns';

/**
 * The answer to a write sent with an Idempotency-Key, stored in the write's own transaction: a
 * retry with the same key (the first answer lost to an outage or a dropped connection) gets this
 * answer, and nothing is made twice. Kept a day (src/server/idempotency.ts).
 */
export const idempotentAnswers = pgTable(
  'idempotent_answers',
  {
    key: text('key').primaryKey(),
    /** Who sent it (null: a visitor). The same key from anyone else is refused, never answered. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The procedure it answered; the same key on another procedure is refused. */
    procedure: text('procedure').notNull(),
    answer: jsonb('answer'),
    createdAt: createdAt(),
  },
  (t) => [index('idempotent_answers_created_idx').on(t.createdAt)],
);
