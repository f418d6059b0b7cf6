import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id, searchText, searchVector, textList, updatedAt, keptCount, searchIndex } from './columns';
import { commentsTable, likesTable } from './reactions';

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
    searchVector: searchVector('title', 'description'),
    likeCount: keptCount('like_count'),
    /** Published comments only: held and hidden ones are not counted. */
    commentCount: keptCount('comment_count'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('podcasts_created_idx').on(t.createdAt, t.id),
    index('podcasts_category_idx').on(t.category),
    searchIndex('podcasts_search_vector_idx', t.searchVector),
  ],
);

export const podcastLikes = likesTable('podcast_likes', { key: 'podcastId', column: 'podcast_id', references: () => podcasts.id });

export const podcastComments = commentsTable('podcast_comments', { key: 'podcastId', column: 'podcast_id', references: () => podcasts.id });
