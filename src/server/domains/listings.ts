import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '#db/client';
import { directoryListings } from '#db/schema';
import { notFound } from '../errors';

/**
 * The directory listing read model, for the public directory and the admin panel alike:
 * avgRating (0 without reviews), reviewCount and likes come from the counts the database keeps
 * on the listing's row.
 */
export const listingColumns = {
  id: directoryListings.id,
  name: directoryListings.name,
  category: directoryListings.category,
  description: directoryListings.description,
  address: directoryListings.address,
  phone: directoryListings.phone,
  email: directoryListings.email,
  website: directoryListings.website,
  images: directoryListings.images,
  tags: directoryListings.tags,
  avgRating: sql<number>`case when ${directoryListings.reviewCount} = 0 then 0 else ${directoryListings.ratingSum}::float8 / ${directoryListings.reviewCount} end`.mapWith(Number),
  reviewCount: directoryListings.reviewCount,
  likes: directoryListings.likeCount,
};

export const adminListingColumns = { ...listingColumns, createdAt: directoryListings.createdAt, state: directoryListings.state };

export const LISTING_NOT_FOUND = 'Listing not found';

/** Listings members and visitors see: none hidden after reports or by a moderator. */
export const listingVisible = eq(directoryListings.state, 'published');

/** A listing members and visitors may see; a hidden one is a 404 for them. */
export async function requireListing(db: Db, id: number, message = LISTING_NOT_FOUND) {
  const [row] = await db.select({ id: directoryListings.id }).from(directoryListings).where(and(eq(directoryListings.id, id), listingVisible)).limit(1);
  if (!row) throw notFound(message);
  return row;
}
