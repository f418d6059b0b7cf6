import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { bytea, createdAt } from './columns';

/** Images live in the database so every server process serves the same files. */
export const uploads = pgTable('uploads', {
  /** Random, unguessable id used in /uploads/{id}. */
  id: text('id').primaryKey(),
  mimeType: text('mime_type').notNull(),
  size: integer('size').notNull(),
  bytes: bytea('bytes').notNull(),
  uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});
