import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { REPORT_ACTIONS, REPORT_REASONS, REPORT_STATUSES, REPORT_TARGET_TYPES, WATCHED_WORD_ACTIONS, type ProfileChange } from '#shared/moderation';
import { userRole, users } from './auth';
import { createdAt, id } from './columns';

export const watchedWordAction = pgEnum('watched_word_action', WATCHED_WORD_ACTIONS);

/** Words and phrases moderators watch for in everything members write. */
export const watchedWords = pgTable(
  'watched_words',
  {
    id: id(),
    word: text('word').notNull(),
    action: watchedWordAction('action').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('watched_words_word_lower_idx').on(sql`lower(${t.word})`)],
);

/**
 * Every change staff made, newest first: who (with her role then), what (the procedure and the
 * permission that allowed it), which item, when and a short summary. Rows are only ever added;
 * no call edits or deletes them.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    /** Kept when the admin's account is deleted, so the record stays whole. */
    adminId: integer('admin_id').references(() => users.id, { onDelete: 'set null' }),
    adminName: text('admin_name').notNull(),
    /** Her role when she acted: the log shows it, and a later promotion or demotion doesn't rewrite it. */
    adminRole: userRole('admin_role').notNull(),
    action: text('action').notNull(),
    /** The permission table's entry that allowed the change: moderators read the entries of their own permissions. */
    permission: text('permission').notNull(),
    targetId: integer('target_id'),
    summary: text('summary').notNull(),
    /** The change's input without secrets (passwords and file bytes are never kept). */
    details: jsonb('details'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt, t.id),
    index('audit_log_admin_created_idx').on(t.adminId, t.createdAt, t.id),
    index('audit_log_action_created_idx').on(t.action, t.createdAt, t.id),
  ],
);

/**
 * A member's profile change that holds a `hold` watched word, waiting for a moderator: approving
 * applies it, rejecting drops it; her profile shows the old values meanwhile. One per member
 * (a new change replaces a waiting one, under a new id, so a moderator's decision is always on
 * the text she read).
 */
export const profileChanges = pgTable(
  'profile_changes',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Only the fields she changed, as she sent them. */
    changes: jsonb('changes').$type<ProfileChange>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('profile_changes_user_idx').on(t.userId), index('profile_changes_created_idx').on(t.createdAt, t.id)],
);

/**
 * A member who blocked another. Blocks work both ways: neither sees the other's posts and
 * comments, nor can comment on the other's posts. The blocked member is never told.
 */
export const blocks = pgTable(
  'blocks',
  {
    blockerId: integer('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: integer('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index('blocks_blocked_idx').on(t.blockedId, t.blockerId),
    check('blocks_not_self', sql`${t.blockerId} <> ${t.blockedId}`),
  ],
);

export const reportTargetType = pgEnum('report_target_type', REPORT_TARGET_TYPES);
export const reportReason = pgEnum('report_reason', REPORT_REASONS);
export const reportStatus = pgEnum('report_status', REPORT_STATUSES);
export const reportAction = pgEnum('report_action', REPORT_ACTIONS);

/**
 * A member's report of a post, comment, listing or member. A member has at most one open
 * report of an item; a moderator resolves all open reports of an item together.
 * A dismissed report keeps counting against its reporter: she can't hide that item again.
 */
export const reports = pgTable(
  'reports',
  {
    id: id(),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetType: reportTargetType('target_type').notNull(),
    targetId: integer('target_id').notNull(),
    reason: reportReason('reason').notNull(),
    details: text('details'),
    status: reportStatus('status').notNull().default('open'),
    resolution: reportAction('resolution'),
    resolutionNote: text('resolution_note'),
    resolvedBy: integer('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('reports_open_once_idx').on(t.reporterId, t.targetType, t.targetId).where(sql`${t.status} = 'open'`),
    index('reports_target_idx').on(t.targetType, t.targetId, t.status),
    index('reports_status_created_idx').on(t.status, t.createdAt),
    index('reports_reporter_created_idx').on(t.reporterId, t.createdAt, t.id),
    // Who was dismissed before, for the count toward hiding (reporterCounts): few rows per item.
    index('reports_dismissed_idx').on(t.targetType, t.targetId, t.reporterId).where(sql`${t.resolution} = 'dismiss'`),
  ],
);
