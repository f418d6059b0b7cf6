import { index, integer, pgEnum, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './auth';
import { createdAt, id, searchText, searchVector, textList, updatedAt, weeklyActivityIndex, keptCount, searchIndex } from './columns';
import { RSVP_STATUSES } from '#shared/statuses';
import { DEFAULT_TIME_ZONE } from '#shared/event-time';

export const events = pgTable(
  'events',
  {
    id: id(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    dateTime: timestamp('date_time', { withTimezone: true, mode: 'date' }).notNull(),
    /**
     * The IANA zone the event happens in: its times are shown and entered in it. The server
     * writes SITE_TIME_ZONE when the admin names none; the default is for rows that came before.
     */
    timeZone: text('time_zone').notNull().default(DEFAULT_TIME_ZONE),
    location: text('location').notNull(),
    /** Free text as the admin typed it; '0' or '0.00' shows as Free. */
    price: text('price'),
    maxAttendees: integer('max_attendees'),
    images: textList('images'),
    tags: textList('tags'),
    searchText: searchText('title', 'description'),
    searchVector: searchVector('title', 'description'),
    /** RSVPs that take a spot (status 'attending'); the waitlist doesn't. */
    attendingCount: keptCount('attending_count'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('events_date_time_idx').on(t.dateTime, t.id), searchIndex('events_search_vector_idx', t.searchVector)],
);

export const rsvpStatus = pgEnum('rsvp_status', RSVP_STATUSES);

export const eventRsvps = pgTable(
  'event_rsvps',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: rsvpStatus('status').notNull().default('attending'),
    /**
     * When she joined the waitlist (set only while she waits): the first to join is the first
     * promoted. The waitlist index filters on it rather than on the status, since a migration
     * can't use an enum value in the transaction that adds it.
     */
    waitlistedAt: timestamp('waitlisted_at', { withTimezone: true, mode: 'date' }),
    /** Set when the reminder mail 24 hours before was queued: one reminder, whichever process sends it. */
    remindedAt: timestamp('reminded_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.userId] }),
    index('event_rsvps_user_idx').on(t.userId),
    weeklyActivityIndex('event_rsvps_activity_idx', t),
    index('event_rsvps_waitlist_idx').on(t.eventId, t.waitlistedAt, t.userId).where(sql`${t.waitlistedAt} is not null`),
  ],
);
