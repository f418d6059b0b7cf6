import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { bytea, createdAt } from './columns';

/**
 * Images live in the database so every server process serves the same files. The original is
 * kept as it was sent (for admins); visitors get its variants.
 */
export const uploads = pgTable('uploads', {
  /** Random, unguessable id used in /uploads/{id}. */
  id: text('id').primaryKey(),
  mimeType: text('mime_type').notNull(),
  size: integer('size').notNull(),
  bytes: bytea('bytes').notNull(),
  uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

/**
 * An upload made once into what visitors get, without its metadata: AVIF and WebP at a few
 * widths, and one JPEG or PNG at the largest width for everything else (`kind` 'fallback').
 */
export const uploadVariants = pgTable(
  'upload_variants',
  {
    uploadId: text('upload_id')
      .notNull()
      .references(() => uploads.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['avif', 'webp', 'fallback'] }).notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    mimeType: text('mime_type').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.uploadId, t.kind, t.width] })],
);
