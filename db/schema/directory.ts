import { check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt, id, publicationState, searchText, searchVector, textList, updatedAt, keptCount, searchIndex } from './columns';
import { likesTable } from './reactions';

/** A listing's average rating, 0 without reviews: the API's avgRating and a key of the popular order. */
export const averageRating = (t: { reviewCount: PgColumn; ratingSum: PgColumn }): SQL =>
  sql`case when ${t.reviewCount} = 0 then 0 else ${t.ratingSum}::float8 / ${t.reviewCount} end`;

export const listings = pgTable(
  'directory_listings',
  {
    id: id(),
    name: text('name').notNull(),
    category: text('category').notNull(),
    description: text('description').notNull(),
    address: text('address'),
    phone: text('phone'),
    email: text('email'),
    website: text('website'),
    images: textList('images'),
    tags: textList('tags'),
    searchText: searchText('name', 'description'),
    searchVector: searchVector('name', 'description'),
    /** 'hidden' after reports or a moderator's decision; listings are never held. */
    state: publicationState('state').notNull().default('published'),
    likeCount: keptCount('like_count'),
    reviewCount: keptCount('review_count'),
    /** The sum of its reviews' ratings: the average is ratingSum / reviewCount. */
    ratingSum: keptCount('rating_sum'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('directory_listings_created_idx').on(t.createdAt, t.id),
    index('directory_listings_category_idx').on(t.category),
    // Home's popular listings (most liked, best rated, newest) walk this index backwards and
    // stop after a page instead of sorting every listing: the state first (equal in the query),
    // then the order's keys, ascending so that the backward walk gives DESC NULLS FIRST.
    index('directory_listings_popular_idx').on(t.state, t.likeCount, sql`(${averageRating(t)})`, t.createdAt, t.id),
    searchIndex('directory_listings_search_vector_idx', t.searchVector),
  ],
);

export const listingLikes = likesTable('directory_likes', { key: 'listingId', column: 'listing_id', references: () => listings.id });

export const listingReviews = pgTable(
  'directory_reviews',
  {
    id: id(),
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    content: text('content'),
    createdAt: createdAt(),
  },
  (t) => [
    index('directory_reviews_listing_idx').on(t.listingId),
    index('directory_reviews_user_idx').on(t.userId),
    check('directory_reviews_rating_range', sql`${t.rating} between 1 and 5`),
  ],
);

/** 'Express Interest' on the coming-soon directory panel, one row per member. */
export const directoryInterest = pgTable('directory_interest', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});
