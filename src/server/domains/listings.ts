import { desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '#db/client';
import { averageRating, listings } from '#db/schema';
import { pageLimit } from './paging';

/**
 * The directory listing read model, for the public directory and the admin panel alike:
 * avgRating (0 without reviews), reviewCount and likes come from the counts the database keeps
 * on the listing's row.
 */
export const listingColumns = {
  id: listings.id,
  name: listings.name,
  category: listings.category,
  description: listings.description,
  address: listings.address,
  phone: listings.phone,
  email: listings.email,
  website: listings.website,
  images: listings.images,
  tags: listings.tags,
  avgRating: sql<number>`${averageRating(listings)}`.mapWith(Number),
  reviewCount: listings.reviewCount,
  likes: listings.likeCount,
};

export const adminListingColumns = { ...listingColumns, createdAt: listings.createdAt, state: listings.state };

export const LISTING_NOT_FOUND = 'Listing not found';

/**
 * Popular listings (Home's 'Popular Directory Listings'): most liked, then best rated, then
 * newest, walking directory_listings_popular_idx backwards. Ordered by counts, so it pages by
 * offset and is meant for short lists.
 */
export const popularListings = (db: Db, where: SQL | undefined, page: { limit: number; offset: number }) =>
  db
    .select(listingColumns)
    .from(listings)
    .where(where)
    .orderBy(desc(listingColumns.likes), desc(listingColumns.avgRating), desc(listings.createdAt), desc(listings.id))
    .limit(pageLimit(page.limit))
    .offset(page.offset);

/** Listings members and visitors see: none hidden after reports or by a moderator. */
export const listingVisible = eq(listings.state, 'published');
