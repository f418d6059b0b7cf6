import { bigint, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * Counts the home page shows on every visit, kept by database triggers in the same
 * transaction as the change (db/migrations/*_maintained_counts.sql), so reading one costs a
 * row instead of counting a table. Names: 'podcasts', 'listings', 'approved_members'.
 */
export const siteCounts = pgTable('site_counts', {
  name: text('name').primaryKey(),
  n: bigint('n', { mode: 'number' }).notNull(),
});
