import type { Db } from '#db/client';
import { blogs, listings, listingReviews, events, podcasts } from '#db/schema';

type New<T extends { $inferInsert: unknown }> = Partial<T['$inferInsert']>;

export async function createPodcast(db: Db, values: New<typeof podcasts> = {}) {
  const [row] = await db
    .insert(podcasts)
    .values({ title: 'Finding your voice', description: 'A talk about confidence.', category: 'Self-Discovery', embedUrl: 'https://www.youtube.com/embed/abc123', tags: ['confidence'], ...values })
    .returning();
  return row!;
}

export async function createBlog(db: Db, values: New<typeof blogs> = {}) {
  const [row] = await db
    .insert(blogs)
    .values({ title: 'Morning pages', content: 'Write **three** pages.', excerpt: 'A habit that clears the mind.', category: 'Productivity', authorName: 'Maya Haddad', tags: ['journaling'], isPublished: true, ...values })
    .returning();
  return row!;
}

const DAY = 24 * 60 * 60 * 1000;
export async function createEvent(db: Db, values: New<typeof events> = {}) {
  const [row] = await db
    .insert(events)
    .values({ title: 'Book club', description: 'We read together.', dateTime: new Date(Date.now() + 7 * DAY), location: 'Library', price: '0', ...values })
    .returning();
  return row!;
}

export async function createListing(db: Db, values: New<typeof listings> = {}) {
  const [row] = await db
    .insert(listings)
    .values({ name: 'Rose Cafe', category: 'Cafes', description: 'A calm place to study.', address: '1 Garden St', images: ['/images/directory/cafe.svg'], tags: ['quiet'], ...values })
    .returning();
  return row!;
}

export async function addReview(db: Db, listingId: number, userId: number, rating: number) {
  await db.insert(listingReviews).values({ listingId, userId, rating });
}

export { DAY };
