import { bigint, date, index, integer, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { users } from './auth';

/**
 * Counts the home page shows on every visit, kept by database triggers in the same
 * transaction as the change (db/migrations/*_maintained_counts.sql), so reading one costs a
 * row instead of counting a table. Names: 'podcasts', 'listings', 'approved_members'.
 */
export const siteCounts = pgTable('site_counts', {
  name: text('name').primaryKey(),
  n: bigint('n', { mode: 'number' }).notNull(),
});

/**
 * How many events are on each day (UTC), kept by database triggers in the same transaction as
 * the change (db/migrations/*_event_days.sql). Home counts the upcoming events on every visit:
 * from these rows for the days after today, and from the events themselves for the rest of
 * today. Counting the events alone read each upcoming event's row, since RSVPs keep rewriting
 * them (an index-only count needs rows untouched since the last vacuum).
 */
export const eventDays = pgTable('event_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
  n: integer('n').notNull(),
});

/**
 * How many members' names and addresses hold each search word (a lexeme of users.search_vector),
 * kept by database triggers in the same transaction as the change
 * (db/migrations/*_member_search_words.sql). The admin's member search reads it to tell a common
 * name from a rare one before it reads any member. `word` is compared bytewise (COLLATE "C"),
 * so every word starting with a search's word lies in one range of the key.
 */
export const memberSearchWords = pgTable('member_search_words', {
  word: text('word').primaryKey(),
  members: integer('members').notNull(),
});

/** What the admins' overview counts per week, besides approvals and subscribers (read from their own tables). */
export const WEEKLY_MEASURES = ['applications', 'active_members', 'posts', 'comments', 'rsvps'] as const;
export type WeeklyMeasure = (typeof WEEKLY_MEASURES)[number];

/**
 * The admins' overview, week by week: rows created each week (`week` is its Monday, UTC),
 * kept by database triggers in the same transaction as the change
 * (db/migrations/*_community_weeks.sql), so the overview reads a few rows instead of counting
 * months of comments. A row counts in the week it was created, while it is there and (for
 * posts and comments) published.
 */
export const communityWeeks = pgTable(
  'community_weeks',
  {
    week: date('week', { mode: 'string' }).notNull(),
    measure: text('measure', { enum: WEEKLY_MEASURES }).notNull(),
    /**
     * Each database connection adds to its own part of a week's count (its process id modulo
     * 16), so members commenting at the same moment don't queue for one row; a week's count
     * is the sum of its parts.
     */
    shard: smallint('shard').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.week, t.measure, t.shard] })],
);

/**
 * Who did anything in a week (posted, commented, liked a forum post or answered an event),
 * recorded by triggers as it happens: the overview's active members. Gone with her account.
 */
export const memberWeeks = pgTable(
  'member_weeks',
  {
    week: date('week', { mode: 'string' }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.week, t.userId] }), index('member_weeks_user_idx').on(t.userId)],
);
