import { eq } from 'drizzle-orm';
import type { Db } from '#db/client';
import { podcasts } from '#db/schema';
import { withIframe } from '#shared/embed';
import { notFound } from '../errors';

/**
 * The podcast read model: one select list and one way to count likes and comments, for the
 * public list, the admin panel and everything else that shows a podcast. Answers carry the
 * `iframe` the server builds from the embed URL, beside the URL the client's player reads.
 */
export const podcastColumns = {
  id: podcasts.id,
  title: podcasts.title,
  description: podcasts.description,
  category: podcasts.category,
  tags: podcasts.tags,
  embedUrl: podcasts.embedUrl,
  likes: podcasts.likeCount,
  // Comments everyone sees: held and hidden ones are not counted.
  comments: podcasts.commentCount,
};

/** What the admin panel adds: when it was published. */
export const adminPodcastColumns = { ...podcastColumns, createdAt: podcasts.createdAt };

export const toPodcast = withIframe;

export const PODCAST_NOT_FOUND = 'Podcast not found';

export async function requirePodcast(db: Db, id: number, message = PODCAST_NOT_FOUND) {
  const [row] = await db.select({ id: podcasts.id }).from(podcasts).where(eq(podcasts.id, id)).limit(1);
  if (!row) throw notFound(message);
  return row;
}
