import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgEnum, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { NOTIFICATION_KINDS, NOTIFICATION_MAIL, type NotificationTargetType } from '#shared/notifications';
import { users } from './auth';
import { createdAt, id } from './columns';

export const notificationKind = pgEnum('notification_kind', NOTIFICATION_KINDS);

/**
 * What a member is told (src/shared/notifications.ts), written in the same transaction as its
 * cause, so a reply and its notification are kept or lost together. `actorId`: who did it (none
 * for the site's own: a reminder, a moderator's decision); `title` is the thread's or event's
 * title when it was written, so a notification reads the same after its event is cancelled.
 * Read ones are deleted after READ_NOTIFICATION_DAYS.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: notificationKind('kind').notNull(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    targetType: text('target_type').$type<NotificationTargetType>().notNull(),
    targetId: integer('target_id').notNull(),
    title: text('title').notNull(),
    /** The comment it is about (a reply, a mention in a comment), to show it in its thread. */
    commentId: integer('comment_id'),
    /** For event_changed: what changed ('time', 'place', 'time_and_place', 'cancelled'). */
    detail: text('detail'),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }),
    /** When it went out by mail (at once, or in a digest); a digest gathers only those not mailed. */
    mailedAt: timestamp('mailed_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    // Her list, newest first (keyset on id), and her unread count from the few unread rows.
    index('notifications_user_idx').on(t.userId, t.id),
    index('notifications_unread_idx').on(t.userId, t.id).where(sql`${t.readAt} is null`),
    // Retention walks only the read rows by age.
    index('notifications_read_idx').on(t.readAt).where(sql`${t.readAt} is not null`),
    // The digest job walks only a period's notifications not yet mailed.
    index('notifications_unmailed_idx').on(t.createdAt).where(sql`${t.mailedAt} is null and ${t.readAt} is null`),
  ],
);

export const notificationMail = pgEnum('notification_mail', NOTIFICATION_MAIL);

/**
 * Her choices per kind, where she changed the default (DEFAULT_NOTIFICATION_PREFERENCES):
 * `site` false and no notification of that kind is written for her.
 */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: notificationKind('kind').notNull(),
    site: boolean('site').notNull(),
    mail: notificationMail('mail').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/**
 * One row per digest sent: her, its period ('daily' or 'weekly') and the period's start. Inserted
 * in the transaction that queues the digest, so a second process or a restart finds it and
 * sends nothing for that period again.
 */
export const notificationDigests = pgTable(
  'notification_digests',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    period: notificationMail('period').notNull(),
    periodStart: timestamp('period_start', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.period, t.periodStart] })],
);

/**
 * The one-click unsubscribe links of notification mails (RFC 8058): each turns mail off for
 * her for the kinds it names, once. Only the token's SHA-256 is kept, as for every mailed link.
 */
export const notificationUnsubscribeLinks = pgTable(
  'notification_unsubscribe_links',
  {
    /** Hex SHA-256 of the token. */
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kinds: notificationKind('kinds').array().notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('notification_unsubscribe_links_created_idx').on(t.createdAt)],
);
