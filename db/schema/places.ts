import { boolean, index, integer, pgEnum, pgTable, real, text } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt, id, searchText, searchVector, textList, searchIndex } from './columns';
import { PLACE_CATEGORIES } from '#shared/categories';

export const placeCategory = pgEnum('place_category', PLACE_CATEGORIES);
export const suggestionStatus = pgEnum('suggestion_status', ['pending', 'approved', 'dismissed']);

export const places = pgTable(
  'places',
  {
    id: id(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    category: placeCategory('category').notNull(),
    address: text('address').notNull(),
    rating: real('rating').notNull().default(0),
    tags: textList('tags'),
    recommended: boolean('recommended').notNull().default(false),
    createdAt: createdAt(),
    searchText: searchText('name', 'description'),
    searchVector: searchVector('name', 'description'),
  },
  (t) => [index('places_category_idx').on(t.category), searchIndex('places_search_vector_idx', t.searchVector)],
);

export const placeSuggestions = pgTable(
  'place_suggestions',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull(),
    category: placeCategory('category').notNull(),
    address: text('address').notNull(),
    status: suggestionStatus('status').notNull().default('pending'),
    createdAt: createdAt(),
  },
  (t) => [index('place_suggestions_status_created_idx').on(t.status, t.createdAt, t.id), index('place_suggestions_user_idx').on(t.userId)],
);
