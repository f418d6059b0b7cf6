import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt, heldIndex, id, publication, searchText, textList, updatedAt, weeklyActivityIndex, keptCount } from './columns';

export const podcasts = pgTable(
  'podcasts',
  {
    id: id(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    category: text('category').notNull(),
    /** The embed URL taken from the admin's iframe; the client renders its own iframe. */
    embedUrl: text('embed_url').notNull(),
    tags: textList('tags'),
    searchText: searchText('title', 'description'),
    likeCount: keptCount('like_count'),
    /** Published comments only: held and hidden ones are not counted. */
    commentCount: keptCount('comment_count'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('podcasts_created_idx').on(t.createdAt, t.id),
    index('podcasts_category_idx').on(t.category),
    index('podcasts_search_text_idx').using('gin', t.searchText.op('gin_trgm_ops')),
  ],
);

export const podcastLikes = pgTable(
  'podcast_likes',
  {
    podcastId: integer('podcast_id')
      .notNull()
      .references(() => podcasts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.podcastId, t.userId] }), index('podcast_likes_user_idx').on(t.userId)],
);

export const podcastComments = pgTable(
  'podcast_comments',
  {
    id: id(),
    podcastId: integer('podcast_id')
      .notNull()
      .references(() => podcasts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    ...publication(),
    createdAt: createdAt(),
  },
  (t) => [
    index('podcast_comments_podcast_idx').on(t.podcastId, t.createdAt, t.id), index('podcast_comments_user_idx').on(t.userId), heldIndex('podcast_comments_held_idx', t),
    weeklyActivityIndex('podcast_comments_activity_idx', t),
  ],
);
