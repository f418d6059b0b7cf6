import { boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt, id, searchText, searchVector, textList, updatedAt, keptCount, searchIndex } from './columns';
import { commentsTable, likesTable } from './reactions';

export const blogs = pgTable(
  'blogs',
  {
    id: id(),
    title: text('title').notNull(),
    /** Markdown; rendered with raw HTML off and sanitized. */
    content: text('content').notNull(),
    excerpt: text('excerpt').notNull(),
    category: text('category').notNull(),
    authorName: text('author_name').notNull(),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** An http(s) URL or a /uploads/{id} path; inline data is stored as an upload first. */
    coverImageUrl: text('cover_image_url'),
    tags: textList('tags'),
    searchText: searchText('title', 'excerpt', 'content'),
    searchVector: searchVector('title', 'excerpt', 'content'),
    isPublished: boolean('is_published').notNull().default(false),
    likeCount: keptCount('like_count'),
    /** Published comments only: held and hidden ones are not counted. */
    commentCount: keptCount('comment_count'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('blogs_published_created_idx').on(t.isPublished, t.createdAt, t.id), index('blogs_created_idx').on(t.createdAt, t.id), index('blogs_category_idx').on(t.category),
    searchIndex('blogs_search_vector_idx', t.searchVector),
  ],
);

export const blogLikes = likesTable('blog_likes', { key: 'blogId', column: 'blog_id', references: () => blogs.id });

export const blogComments = commentsTable('blog_comments', { key: 'blogId', column: 'blog_id', references: () => blogs.id });
