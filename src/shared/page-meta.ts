import { SITE_TAGLINE } from './site';

/**
 * What each page is called in the browser's tab, in history and in a shared link's preview,
 * and whether search engines may list it. The server writes it into every page's head
 * (src/server/page-head.ts); the client keeps the tab's title in step as she moves around.
 */
export interface PageMeta {
  /** The page's own name; null for the landing page, which is the site's name alone. */
  title: string | null;
  description: string;
  /** Public pages are listed by search engines; forms, members' pages and the panel are not. */
  indexable: boolean;
}

const page = (title: string | null, description: string, indexable = true): PageMeta => ({ title, description, indexable });
const privatePage = (title: string) => page(title, SITE_TAGLINE, false);

const PAGE_META: Record<string, PageMeta> = {
  '/': page(null, SITE_TAGLINE),
  '/podcasts': page('Podcasts & Interviews', 'Honest talks on confidence, school life, faith, friendship and growing up.'),
  '/blog': page('Blog', 'Stories, guides and gentle advice from our circle.'),
  '/events': page('Events', 'Workshops, meet-ups and circles where you can learn and make friends.'),
  '/directory': page('Directory', 'Girl-friendly places and women-led businesses, curated by our community.'),
  '/community-hub': page('Community Hub', 'What is happening in our circle: new podcasts, articles and events.'),
  '/guidelines': page('Community guidelines', 'How we keep our circle kind and safe: the guidelines every member agrees to.'),
  '/signup': page('Apply to join', 'Apply to join our circle of young women. Every application is read by our team.'),
  '/login': privatePage('Sign in'),
  '/forgot-password': privatePage('Forgot your password'),
  '/reset-password': privatePage('Choose a new password'),
  '/confirm-email': privatePage('Confirm your email'),
  '/newsletter/confirm': privatePage('Confirm your subscription'),
  '/newsletter/unsubscribe': privatePage('Unsubscribe'),
  '/community': privatePage('Community'),
  '/community/blog': privatePage('Community forum'),
  '/community/newsletter': privatePage('Newsletter'),
  '/community/places-to-go': privatePage('Places to go'),
  '/settings/profile': privatePage('Profile settings'),
  '/settings/newsletter': privatePage('Newsletter settings'),
  '/settings/safety': privatePage('Safety settings'),
  '/admin': privatePage('Admin panel'),
  '/admin/login': privatePage('Admin sign in'),
};

/** An address no page answers: visitors see the landing page there, members "not found". */
const UNKNOWN_PAGE = page('Page not found', SITE_TAGLINE, false);

export function pageMetaFor(pathname: string): PageMeta {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return PAGE_META[path] ?? UNKNOWN_PAGE;
}

/** The text of <title>: "Blog · Bloom Circle", or the site's name alone. */
export function documentTitle(title: string | null, siteName: string): string {
  return title ? `${title} · ${siteName}` : siteName;
}
