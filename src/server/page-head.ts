import { and, asc, eq, gte, isNotNull } from 'drizzle-orm';
import type { BlogPosting, Event, Graph, Organization, PodcastEpisode, Thing, WebSite } from 'schema-dts';
import type { Db } from '#db/client';
import { blogs, events, newsletterIssues, podcasts } from '#db/schema';
import { contentHref } from '#shared/links';
import { documentTitle, ITEM_PAGE_PARAMS, NEWSLETTER_ISSUE_PAGE, pagePath, pageTitleFor } from '#shared/page-meta';
import { m } from '#i18n/messages';
import { type Locale } from '#shared/i18n/locale';
import { currentLocale } from './i18n';
import { blogVisibleTo, selectBlogCards, toBlogCard } from './domains/blogs';
import { eventColumns, withSpotsLeft } from './domains/events';
import type { PublicSite } from './site';
import { scriptSafeJson } from './script-safe-json';

/**
 * Each page's head as a shared link's preview and a search engine read it: title,
 * description, canonical address, Open Graph and Twitter card tags, and JSON-LD
 * (schema.org Organization, BlogPosting, Event).
 *
 * A preview is what any visitor may read, whoever asks for the page: an admin opening a draft
 * gets the blog's head, not the draft's, and no member's data or members-only content is ever
 * in it. Articles sign with the name the article carries.
 */
export interface PageHead {
  title: string;
  description: string;
  /** Absolute; the address without the query string, except an article's `?post=`. */
  canonical: string;
  indexable: boolean;
  type: 'website' | 'article';
  image: string | null;
  publishedTime?: string;
  jsonLd: Graph | null;
}

/** Upcoming events described in the events page's JSON-LD. */
const EVENTS_IN_PREVIEW = 20;

/**
 * The public pages' descriptions; search engines list these pages and no others (the other
 * forms, members' pages and the admin panel are `noindex`, and share the site's tagline).
 */
const PUBLIC_PAGE_DESCRIPTIONS: Record<string, (site: PublicSite) => string> = {
  '/': () => m.server_page_tagline(),
  '/podcasts': () => m.server_page_description_podcasts(),
  '/blog': () => m.server_page_description_blog(),
  '/events': () => m.server_page_description_events(),
  '/directory': () => m.server_page_description_directory(),
  '/community-hub': () => m.server_page_description_community_hub(),
  '/guidelines': () => m.server_page_description_guidelines(),
  '/signup': () => m.server_page_description_signup(),
  // Listed so members who search for the site find the way in.
  '/login': (site) => m.server_page_description_login({ siteName: site.name }),
};

/** The pages search engines may list (the sitemap names them). */
export const INDEXABLE_PAGES = Object.keys(PUBLIC_PAGE_DESCRIPTIONS);
/** Search engines cut descriptions at about this length. */
const DESCRIPTION_LENGTH = 200;

const shorten = (text: string) => {
  const plain = text.replace(/\s+/g, ' ').trim();
  return plain.length <= DESCRIPTION_LENGTH ? plain : `${plain.slice(0, DESCRIPTION_LENGTH - 1).trimEnd()}…`;
};

/** An image a preview can show: an http(s) address or an upload of this site; never inline data. */
function previewImage(site: PublicSite, url: string | null | undefined): string | null {
  if (!url) return null;
  if (/^https?:\/\//i.test(url)) return url;
  if (url.startsWith('/') && !url.startsWith('//')) return `${site.url}${url}`;
  return null;
}

function organization(site: PublicSite): Organization {
  return { '@type': 'Organization', '@id': `${site.url}/#organization`, name: site.name, url: `${site.url}/`, logo: `${site.url}/favicon.svg`, description: m.server_page_tagline() };
}

const graph = (...nodes: Thing[]): Graph => ({ '@context': 'https://schema.org', '@graph': nodes });

/** The article at /blog?post=N if a visitor may read it; else null (the blog's own head). */
async function articleHead(db: Db, site: PublicSite, id: number): Promise<PageHead | null> {
  const [row] = await selectBlogCards(db)
    .where(and(eq(blogs.id, id), blogVisibleTo(null)))
    .limit(1);
  if (!row) return null;
  const article = toBlogCard(row);
  const url = `${site.url}${contentHref('blog', article.id)}`;
  const image = previewImage(site, article.coverImageUrl);
  const author = article.authorName ?? (article.author ? `${article.author.firstName} ${article.author.lastName}`.trim() : null);
  const posting: BlogPosting = {
    '@type': 'BlogPosting',
    headline: article.title,
    description: shorten(article.summary),
    url,
    mainEntityOfPage: url,
    datePublished: article.createdAt.toISOString(),
    articleSection: article.category,
    ...(article.tags.length > 0 ? { keywords: article.tags.join(', ') } : {}),
    ...(image ? { image } : {}),
    ...(author ? { author: { '@type': 'Person', name: author } } : {}),
    publisher: { '@id': `${site.url}/#organization` },
  };
  return {
    title: documentTitle(article.title, site.name),
    description: shorten(article.summary),
    canonical: url,
    indexable: true,
    type: 'article',
    image,
    publishedTime: article.createdAt.toISOString(),
    jsonLd: graph(organization(site), posting),
  };
}

const selectEvents = (db: Db) => db.select(eventColumns).from(events);
type EventRow = ReturnType<typeof withSpotsLeft<Awaited<ReturnType<typeof selectEvents>>[number]>>;

function eventLd(site: PublicSite, event: EventRow): Event {
  const image = previewImage(site, event.images[0]);
  const price = (event.price ?? '').replace(/^\$/, '').trim();
  return {
    '@type': 'Event',
    name: event.title,
    description: shorten(event.description),
    startDate: event.dateTime.toISOString(),
    url: `${site.url}${contentHref('event', event.id)}`,
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    location: { '@type': 'Place', name: event.location, address: event.location },
    ...(image ? { image } : {}),
    offers: {
      '@type': 'Offer',
      price: /^\d+(\.\d+)?$/.test(price) ? price : '0',
      priceCurrency: 'USD',
      availability: event.spotsLeft === 0 ? 'https://schema.org/SoldOut' : 'https://schema.org/InStock',
    },
    organizer: { '@id': `${site.url}/#organization` },
  };
}

/** The upcoming events, for the events page's JSON-LD. */
async function upcomingEvents(db: Db, site: PublicSite): Promise<Event[]> {
  const rows = await selectEvents(db).where(gte(events.dateTime, new Date())).orderBy(asc(events.dateTime), asc(events.id)).limit(EVENTS_IN_PREVIEW);
  return rows.map(withSpotsLeft).map((event) => eventLd(site, event));
}

/** One event's own page, /events?event=N. */
async function eventHead(db: Db, site: PublicSite, id: number): Promise<PageHead | null> {
  const [row] = await selectEvents(db).where(eq(events.id, id)).limit(1);
  if (!row) return null;
  const event = withSpotsLeft(row);
  const image = previewImage(site, event.images[0]);
  return {
    title: documentTitle(event.title, site.name),
    description: shorten(event.description),
    canonical: `${site.url}${contentHref('event', event.id)}`,
    indexable: true,
    type: 'website',
    image,
    jsonLd: graph(organization(site), eventLd(site, event)),
  };
}

/** One podcast's own page, /podcasts?podcast=N. */
async function podcastHead(db: Db, site: PublicSite, id: number): Promise<PageHead | null> {
  const [podcast] = await db
    .select({ id: podcasts.id, title: podcasts.title, description: podcasts.description, createdAt: podcasts.createdAt })
    .from(podcasts)
    .where(eq(podcasts.id, id))
    .limit(1);
  if (!podcast) return null;
  const url = `${site.url}${contentHref('podcast', podcast.id)}`;
  const episode: PodcastEpisode = {
    '@type': 'PodcastEpisode',
    name: podcast.title,
    description: shorten(podcast.description),
    url,
    datePublished: podcast.createdAt.toISOString(),
    publisher: { '@id': `${site.url}/#organization` },
  };
  return {
    title: documentTitle(podcast.title, site.name),
    description: shorten(podcast.description),
    canonical: url,
    indexable: true,
    type: 'website',
    image: null,
    jsonLd: graph(organization(site), episode),
  };
}

/** A sent newsletter issue's page in the archive; an unsent one has the newsletter's head. */
async function newsletterIssueHead(db: Db, site: PublicSite, id: number): Promise<PageHead | null> {
  const [issue] = await db
    .select({ subject: newsletterIssues.subject, markdown: newsletterIssues.markdown, sentAt: newsletterIssues.sentAt })
    .from(newsletterIssues)
    .where(and(eq(newsletterIssues.id, id), isNotNull(newsletterIssues.sentAt)))
    .limit(1);
  if (!issue) return null;
  return {
    title: documentTitle(issue.subject, site.name),
    description: shorten(issue.markdown.replace(/[#*_>`~[\]]+/g, '')),
    canonical: `${site.url}/community/newsletter/${id}`,
    indexable: true,
    type: 'article',
    image: null,
    publishedTime: issue.sentAt!.toISOString(),
    jsonLd: null,
  };
}

/** The item id a page's address opens (`?post=`, `?event=`, `?podcast=`), if it is one. */
function itemIdIn(search: URLSearchParams, name: string): number | null {
  const id = Number(search.get(name));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** Pages that open one item: the item's head, or the list's when a visitor may not see it. */
const ITEM_HEADS: Record<string, (db: Db, site: PublicSite, id: number) => Promise<PageHead | null>> = {
  '/blog': articleHead,
  '/events': eventHead,
  '/podcasts': podcastHead,
};

/** The page's path (without a trailing slash) and query of a request's URL. */
function pageAddress(url: string) {
  const { pathname, searchParams } = new URL(url, 'http://page.invalid');
  return { path: pagePath(pathname), searchParams };
}

/** The head every page has from its path alone. */
function fixedPageHead(site: PublicSite, path: string): PageHead {
  const description = PUBLIC_PAGE_DESCRIPTIONS[path];
  return {
    title: documentTitle(pageTitleFor(path), site.name),
    description: description ? description(site) : m.server_page_tagline(),
    canonical: `${site.url}${path}`,
    indexable: description !== undefined,
    type: 'website',
    image: null,
    jsonLd: null,
  };
}

/** The head of the page at `url` (path and query string). */
export async function pageHeadFor(db: Db, site: PublicSite, url: string): Promise<PageHead> {
  const { path, searchParams } = pageAddress(url);
  const itemHead = ITEM_HEADS[path];
  const itemParam = ITEM_PAGE_PARAMS[path];
  const itemId = itemParam ? itemIdIn(searchParams, itemParam) : null;
  const item = itemHead && itemId !== null ? await itemHead(db, site, itemId) : null;
  if (item) return item;
  const issueId = NEWSLETTER_ISSUE_PAGE.exec(path)?.[1];
  const issue = issueId ? await newsletterIssueHead(db, site, Number(issueId)) : null;
  if (issue) return issue;

  const head = fixedPageHead(site, path);
  if (path === '/') {
    const website: WebSite = { '@type': 'WebSite', name: site.name, url: `${site.url}/`, publisher: { '@id': `${site.url}/#organization` } };
    head.jsonLd = graph(organization(site), website);
  }
  if (path === '/events') head.jsonLd = graph(organization(site), ...(await upcomingEvents(db, site)));
  return head;
}

/** The head of a page whose content could not be read (the database is away): its fixed parts. */
export function fallbackPageHead(site: PublicSite, url: string): PageHead {
  return fixedPageHead(site, pageAddress(url).path);
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Open Graph names languages with an underscore and a region. */
const OG_LOCALES: Record<Locale, string> = { en: 'en_US', 'ar-EG': 'ar_EG' };

/** The head's tags as HTML, worded in the language being worded (the page's). Every value is escaped; JSON-LD is a data block, which the CSP doesn't run. */
export function pageHeadHtml(head: PageHead, site: PublicSite): string {
  const meta = (attribute: 'name' | 'property', key: string, content: string) => `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    `<link rel="canonical" href="${escapeHtml(head.canonical)}" />`,
    head.indexable ? null : meta('name', 'robots', 'noindex'),
    meta('property', 'og:site_name', site.name),
    meta('property', 'og:type', head.type),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', head.canonical),
    meta('property', 'og:locale', OG_LOCALES[currentLocale()]),
    head.image ? meta('property', 'og:image', head.image) : null,
    head.publishedTime ? meta('property', 'article:published_time', head.publishedTime) : null,
    meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
    head.image ? meta('name', 'twitter:image', head.image) : null,
    head.jsonLd ? `<script type="application/ld+json">${scriptSafeJson(head.jsonLd)}</script>` : null,
  ];
  return tags.filter((tag) => tag !== null).join('\n    ');
}
