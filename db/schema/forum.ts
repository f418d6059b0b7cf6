import { index, integer, pgEnum, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt, heldIndex, id, publication, weeklyActivityIndex, keptCount } from './columns';
import { FORUM_CATEGORIES } from '#shared/categories';

export const forumCategory = pgEnum('forum_category', FORUM_CATEGORIES);

export const forumPosts = pgTable(
  'forum_posts',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    content: text('content').notNull(),
    category: forumCategory('category').notNull(),
    ...publication(),
    likeCount: keptCount('like_count'),
    /** Published comments only: held and hidden ones are not counted. */
    commentCount: keptCount('comment_count'),
    createdAt: createdAt(),
  },
  (t) => [
    index('forum_posts_created_idx').on(t.createdAt, t.id),
    index('forum_posts_category_created_idx').on(t.category, t.createdAt, t.id),
    index('forum_posts_user_idx').on(t.userId),
    weeklyActivityIndex('forum_posts_activity_idx', t),
    heldIndex('forum_posts_held_idx', t),
  ],
);

export const forumPostLikes = pgTable(
  'forum_post_likes',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => forumPosts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] }), index('forum_post_likes_user_idx').on(t.userId), weeklyActivityIndex('forum_post_likes_activity_idx', t)],
);

export const forumComments = pgTable(
  'forum_comments',
  {
    id: id(),
    postId: integer('post_id')
      .notNull()
      .references(() => forumPosts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    ...publication(),
    createdAt: createdAt(),
  },
  (t) => [
    index('forum_comments_post_idx').on(t.postId, t.createdAt, t.id), index('forum_comments_user_idx').on(t.userId), heldIndex('forum_comments_held_idx', t),
    weeklyActivityIndex('forum_comments_activity_idx', t),
  ],
);
