import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgEnum, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { WATCHED_WORD_ACTIONS } from '../../src/shared/moderation';
import { users } from './auth';
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
 * Every change an admin made, newest first: who, what (the procedure), which item, when and a
 * short summary. Rows are only ever added; no call edits or deletes them.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    /** Kept when the admin's account is deleted, so the record stays whole. */
    adminId: integer('admin_id').references(() => users.id, { onDelete: 'set null' }),
    adminName: text('admin_name').notNull(),
    action: text('action').notNull(),
    targetId: integer('target_id'),
    summary: text('summary').notNull(),
    /** The change's input without secrets (passwords and file bytes are never kept). */
    details: jsonb('details'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt, t.id),
    index('audit_log_admin_created_idx').on(t.adminId, t.createdAt),
    index('audit_log_action_created_idx').on(t.action, t.createdAt),
  ],
);
