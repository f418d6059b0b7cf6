import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { XMLBuilder } from 'fast-xml-parser';
import { Feed } from 'feed';
import type { Db } from '#db/client';
import { blogs, podcasts } from '#db/schema';
import { contentHref } from '#shared/links';
import { selectBlogCards, toBlogCard } from './domains/blogs';
import { INDEXABLE_PAGES } from './page-head';
import type { PublicSite } from './site';

/** How many of the newest items a feed carries. */
const FEED_SIZE = 50;


/**
 * Feeds and what search engines read: /rss.xml (published articles), /podcasts.xml, /sitemap.xml
 * and robots.txt naming the sitemap. Only what any visitor may read goes in: no draft, no
 * member's post or comment (the forum is not for search engines), no member's data.
 */
export function registerFeeds(app: FastifyInstance, db: Db, site: PublicSite) {
  const absolute = (path: string) => `${site.url}${path}`;
  // Feeds readers poll; a few minutes' staleness is fine and spares the database.
  const sendXml = (reply: FastifyReply, type: string, body: string) => reply.header('content-type', `${type}; charset=utf-8`).header('cache-control', 'public, max-age=300').send(body);

  const feedOf = (title: string, description: string, path: string) =>
    new Feed({
      title,
      description,
      id: absolute(path),
      link: absolute('/'),
      language: 'en',
      copyright: `© ${site.name}`,
      feedLinks: { rss: absolute(path) },
    });

  app.get('/rss.xml', async (_request, reply) => {
    const rows = await selectBlogCards(db).where(eq(blogs.isPublished, true)).orderBy(desc(blogs.createdAt), desc(blogs.id)).limit(FEED_SIZE);
    const feed = feedOf(`${site.name} Blog`, `Articles from ${site.name}`, '/rss.xml');
    for (const row of rows.map(toBlogCard)) {
      const link = absolute(contentHref('blog', row.id));
      feed.addItem({
        title: row.title,
        id: link,
        link,
        description: row.summary,
        date: row.createdAt,
        category: [{ name: row.category }],
        // The name the article is signed with; never a member's full name or email.
        author: row.authorName ? [{ name: row.authorName }] : undefined,
      });
    }
    return sendXml(reply, 'application/rss+xml', feed.rss2());
  });

  app.get('/podcasts.xml', async (_request, reply) => {
    const rows = await db
      .select({ id: podcasts.id, title: podcasts.title, description: podcasts.description, category: podcasts.category, createdAt: podcasts.createdAt })
      .from(podcasts)
      .orderBy(desc(podcasts.createdAt), desc(podcasts.id))
      .limit(FEED_SIZE);
    const feed = feedOf(`${site.name} Podcasts`, `Episodes from ${site.name}`, '/podcasts.xml');
    for (const row of rows) {
      const link = absolute(contentHref('podcast', row.id));
      feed.addItem({ title: row.title, id: link, link, description: row.description, date: row.createdAt, category: [{ name: row.category }] });
    }
    return sendXml(reply, 'application/rss+xml', feed.rss2());
  });

  app.get('/sitemap.xml', async (_request, reply) => {
    const articles = await db
      .select({ id: blogs.id, updatedAt: blogs.updatedAt })
      .from(blogs)
      .where(eq(blogs.isPublished, true))
      .orderBy(desc(blogs.updatedAt))
      .limit(10_000);
    const urls = [
      ...INDEXABLE_PAGES.map((path) => ({ loc: absolute(path) })),
      ...articles.map((article) => ({ loc: absolute(contentHref('blog', article.id)), lastmod: article.updatedAt.toISOString() })),
    ];
    const builder = new XMLBuilder({ ignoreAttributes: false, format: true, attributeNamePrefix: '@_' });
    const body = builder.build({ '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' }, urlset: { '@_xmlns': 'http://www.sitemaps.org/schemas/sitemap/0.9', url: urls } });
    return sendXml(reply, 'application/xml', body);
  });

  app.get('/robots.txt', async (_request, reply) =>
    reply
      .header('content-type', 'text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(['User-agent: *', 'Allow: /', 'Disallow: /admin', 'Disallow: /settings', 'Disallow: /api/', 'Disallow: /trpc/', `Sitemap: ${absolute('/sitemap.xml')}`, ''].join('\n')),
  );
}
