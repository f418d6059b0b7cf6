/**
 * What each page is called in the browser's tab, in history and in a shared link's preview.
 * The server writes it into every page's head (src/server/page-head.ts, which adds what
 * previews and search engines read); the client keeps the tab's title in step as she moves
 * around. The landing page is the site's name alone (null).
 */
const PAGE_TITLES: Record<string, string | null> = {
  '/': null,
  '/podcasts': 'Podcasts & Interviews',
  '/blog': 'Blog',
  '/events': 'Events',
  '/directory': 'Directory',
  '/community-hub': 'Community Hub',
  '/guidelines': 'Community guidelines',
  '/signup': 'Apply to join',
  '/login': 'Sign in',
  '/forgot-password': 'Forgot your password',
  '/reset-password': 'Choose a new password',
  '/confirm-email': 'Confirm your email',
  '/newsletter/confirm': 'Confirm your subscription',
  '/newsletter/unsubscribe': 'Unsubscribe',
  '/community': 'Community',
  '/community/blog': 'Community forum',
  '/community/newsletter': 'Newsletter',
  '/community/places-to-go': 'Places to go',
  '/settings/profile': 'Profile settings',
  '/settings/newsletter': 'Newsletter settings',
  '/settings/safety': 'Safety settings',
  '/admin': 'Admin panel',
  '/admin/login': 'Admin sign in',
};

/** An address no page answers: visitors see the landing page there, members "not found". */
export const UNKNOWN_PAGE_TITLE = 'Page not found';

/** A page's path without a trailing slash ('/' stays '/'). */
export const pagePath = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);

export function pageTitleFor(pathname: string): string | null {
  const path = pagePath(pathname);
  return path in PAGE_TITLES ? PAGE_TITLES[path]! : UNKNOWN_PAGE_TITLE;
}

/**
 * Pages that open one item by a search parameter (/blog?post=N, /events?event=N,
 * /podcasts?podcast=N): such a page is named after its item, once the item is known.
 */
export const ITEM_PAGE_PARAMS: Readonly<Record<string, string>> = { '/blog': 'post', '/events': 'event', '/podcasts': 'podcast' };

/** True when the page at this path and search opens one item. */
export function opensItem(pathname: string, search: Record<string, unknown>): boolean {
  const param = ITEM_PAGE_PARAMS[pagePath(pathname)];
  return param !== undefined && search[param] !== undefined;
}

/** The text of <title>: "Blog · Bloom Circle", or the site's name alone. */
export function documentTitle(title: string | null, siteName: string): string {
  return title ? `${title} · ${siteName}` : siteName;
}
