import { boolean, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt, heldIndex, id, publication, searchText, textList, updatedAt, weeklyActivityIndex, keptCount } from './columns';

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
    isPublished: boolean('is_published').notNull().default(false),
    likeCount: keptCount('like_count'),
    /** Published comments only: held and hidden ones are not counted. */
    commentCount: keptCount('comment_count'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('blogs_published_created_idx').on(t.isPublished, t.createdAt, t.id), index('blogs_created_idx').on(t.createdAt, t.id), index('blogs_category_idx').on(t.category),
    index('blogs_search_text_idx').using('gin', t.searchText.op('gin_trgm_ops')),
  ],
);

export const blogLikes = pgTable(
  'blog_likes',
  {
    blogId: integer('blog_id')
      .notNull()
      .references(() => blogs.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.blogId, t.userId] }), index('blog_likes_user_idx').on(t.userId)],
);

export const blogComments = pgTable(
  'blog_comments',
  {
    id: id(),
    blogId: integer('blog_id')
      .notNull()
      .references(() => blogs.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    ...publication(),
    createdAt: createdAt(),
  },
  (t) => [
    index('blog_comments_blog_idx').on(t.blogId, t.createdAt, t.id), index('blog_comments_user_idx').on(t.userId), heldIndex('blog_comments_held_idx', t),
    weeklyActivityIndex('blog_comments_activity_idx', t),
  ],
);
