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
    createdAt: createdAt(),
  },
  (t) => [
    // Her list, newest first (keyset on id), and her unread count from the few unread rows.
    index('notifications_user_idx').on(t.userId, t.id),
    index('notifications_unread_idx').on(t.userId, t.id).where(sql`${t.readAt} is null`),
    // Retention walks only the read rows by age.
    index('notifications_read_idx').on(t.readAt).where(sql`${t.readAt} is not null`),
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
