import { and, count, desc, eq, gte } from 'drizzle-orm';
import { blogs, events, forumPosts, places, podcasts } from '#db/schema';
import { contentHref, type ContentType } from '#shared/links';
import { ActivitySchema, HubSearchSchema } from '#shared/schemas/community';
import { searchCondition } from '#server/services/content-query';
import { publicProcedure, router } from '#server/trpc/init';
import { visibleTo } from '#server/moderation/visibility';

/** Each group of the hub's search answer holds at most this many items. */
const SEARCH_GROUP_SIZE = 5;

export interface ActivityItem {
  type: ContentType;
  id: number;
  title: string;
  createdAt: Date;
  href: string;
}

export const hubRouter = router({
  /** GET /api/search?q=: podcasts, published blogs and events matching the text. */
  search: publicProcedure.meta({ cache: { shared: true, reads: ['podcasts', 'blogs', 'events', 'forumPosts'] } }).input(HubSearchSchema).query(async ({ ctx, input }) => {
    if (!input.q) return { podcasts: [], blogs: [], events: [] };
    const [podcastRows, blogRows, eventRows] = await Promise.all([
      ctx.db
        .select({ id: podcasts.id, title: podcasts.title, description: podcasts.description, category: podcasts.category })
        .from(podcasts)
        .where(searchCondition(input.q, podcasts))
        .orderBy(desc(podcasts.createdAt), desc(podcasts.id))
        .limit(SEARCH_GROUP_SIZE),
      ctx.db
        .select({ id: blogs.id, title: blogs.title, excerpt: blogs.excerpt, category: blogs.category, createdAt: blogs.createdAt })
        .from(blogs)
        .where(and(eq(blogs.isPublished, true), searchCondition(input.q, blogs)))
        .orderBy(desc(blogs.createdAt), desc(blogs.id))
        .limit(SEARCH_GROUP_SIZE),
      ctx.db
        .select({ id: events.id, title: events.title, description: events.description, dateTime: events.dateTime, timeZone: events.timeZone, location: events.location })
        .from(events)
        .where(searchCondition(input.q, events))
        .orderBy(desc(events.dateTime), desc(events.id))
        .limit(SEARCH_GROUP_SIZE),
    ]);
    return {
      podcasts: podcastRows.map((row) => ({ ...row, href: contentHref('podcast', row.id) })),
      blogs: blogRows.map((row) => ({ ...row, href: contentHref('blog', row.id) })),
      events: eventRows.map((row) => ({ ...row, href: contentHref('event', row.id) })),
    };
  }),

  /**
   * GET /api/activity: the newest blogs (published), podcasts, forum posts and upcoming events, together.
   * Per viewer, since the forum posts are those she may see (no one's she blocked).
   */
  activity: publicProcedure.input(ActivitySchema).query(async ({ ctx, input }) => {
    const latest = (type: ContentType, rows: { id: number; title: string; createdAt: Date }[]): ActivityItem[] =>
      rows.map((row) => ({ type, ...row, href: contentHref(type, row.id) }));
    const columns = <T extends typeof blogs | typeof podcasts | typeof events | typeof forumPosts>(table: T) => ({
      id: table.id,
      title: table.title,
      createdAt: table.createdAt,
    });
    const [blogRows, podcastRows, forumRows, eventRows] = await Promise.all([
      ctx.db.select(columns(blogs)).from(blogs).where(eq(blogs.isPublished, true)).orderBy(desc(blogs.createdAt)).limit(input.limit),
      ctx.db.select(columns(podcasts)).from(podcasts).orderBy(desc(podcasts.createdAt)).limit(input.limit),
      ctx.db.select(columns(forumPosts)).from(forumPosts).where(visibleTo(ctx.user, forumPosts)).orderBy(desc(forumPosts.createdAt)).limit(input.limit),
      // Only events still to come: a past event is no news.
      ctx.db.select(columns(events)).from(events).where(gte(events.dateTime, new Date())).orderBy(desc(events.createdAt)).limit(input.limit),
    ]);
    return [...latest('blog', blogRows), ...latest('podcast', podcastRows), ...latest('forum', forumRows), ...latest('event', eventRows)]
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
      .slice(0, input.limit);
  }),

  /** Counts only the community area has; the hub shows them beside content.stats. */
  stats: publicProcedure.meta({ cache: { shared: true, reads: ['forumPosts', 'places'] } }).query(async ({ ctx }) => {
    const [[posts], [placeCount]] = await Promise.all([
      ctx.db.select({ n: count() }).from(forumPosts).where(eq(forumPosts.state, 'published')),
      ctx.db.select({ n: count() }).from(places),
    ]);
    return { forumPostCount: posts?.n ?? 0, placeCount: placeCount?.n ?? 0 };
  }),
});
