import { index, integer, pgEnum, pgTable, text } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt, heldIndex, id, publication, weeklyActivityIndex, keptCount } from './columns';
import { FORUM_CATEGORIES } from '#shared/categories';
import { commentsTable, likesTable } from './reactions';

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

export const forumPostLikes = likesTable('forum_post_likes', { key: 'postId', column: 'post_id', references: () => forumPosts.id }, { activity: true });

export const forumComments = commentsTable('forum_comments', { key: 'postId', column: 'post_id', references: () => forumPosts.id });
