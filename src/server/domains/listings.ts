import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '#db/client';
import { listings } from '#db/schema';
import { notFound } from '../errors';

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
  avgRating: sql<number>`case when ${listings.reviewCount} = 0 then 0 else ${listings.ratingSum}::float8 / ${listings.reviewCount} end`.mapWith(Number),
  reviewCount: listings.reviewCount,
  likes: listings.likeCount,
};

export const adminListingColumns = { ...listingColumns, createdAt: listings.createdAt, state: listings.state };

export const LISTING_NOT_FOUND = 'Listing not found';

/** Listings members and visitors see: none hidden after reports or by a moderator. */
export const listingVisible = eq(listings.state, 'published');

/** A listing members and visitors may see; a hidden one is a 404 for them. */
export async function requireListing(db: Db, id: number, message = LISTING_NOT_FOUND) {
  const [row] = await db.select({ id: listings.id }).from(listings).where(and(eq(listings.id, id), listingVisible)).limit(1);
  if (!row) throw notFound(message);
  return row;
}
