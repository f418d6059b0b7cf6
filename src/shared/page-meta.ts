import { m } from '#i18n/messages';

/**
 * What each page is called in the browser's tab, in history and in a shared link's preview.
 * The server writes it into every page's head (src/server/page-head.ts, which adds what
 * previews and search engines read); the client keeps the tab's title in step as she moves
 * around. The landing page is the site's name alone (null). Titles are worded when read, in
 * the page's language.
 */
const PAGE_TITLES: Record<string, (() => string) | null> = {
  '/': null,
  '/podcasts': () => m.server_page_title_podcasts(),
  '/blog': () => m.server_page_title_blog(),
  '/events': () => m.server_page_title_events(),
  '/directory': () => m.server_page_title_directory(),
  '/community-hub': () => m.server_page_title_community_hub(),
  '/guidelines': () => m.server_page_title_guidelines(),
  '/signup': () => m.server_page_title_signup(),
  '/login': () => m.server_page_title_login(),
  '/forgot-password': () => m.server_page_title_forgot_password(),
  '/reset-password': () => m.server_page_title_reset_password(),
  '/confirm-email': () => m.server_page_title_confirm_email(),
  '/verify-email': () => m.server_page_title_confirm_email(),
  '/newsletter/confirm': () => m.server_page_title_newsletter_confirm(),
  '/newsletter/unsubscribe': () => m.server_page_title_newsletter_unsubscribe(),
  '/community': () => m.server_page_title_community(),
  '/community/blog': () => m.server_page_title_community_forum(),
  '/community/newsletter': () => m.server_page_title_community_newsletter(),
  '/community/places-to-go': () => m.server_page_title_places_to_go(),
  '/settings/profile': () => m.server_page_title_settings_profile(),
  '/settings/newsletter': () => m.server_page_title_settings_newsletter(),
  '/settings/safety': () => m.server_page_title_settings_safety(),
  '/admin': () => m.server_page_title_admin(),
  '/admin/login': () => m.server_page_title_admin_login(),
};

/** An address no page answers: visitors see the landing page there, members "not found". */
export const unknownPageTitle = () => m.server_page_title_not_found();

/** A page's path without a trailing slash ('/' stays '/'). */
export const pagePath = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);

/** A newsletter issue's page in the public archive, /community/newsletter/{id}. */
export const NEWSLETTER_ISSUE_PAGE = /^\/community\/newsletter\/([1-9]\d{0,8})$/;

export function pageTitleFor(pathname: string): string | null {
  const path = pagePath(pathname);
  // Until the issue is known, its page is called after the newsletter.
  if (NEWSLETTER_ISSUE_PAGE.test(path)) return m.server_page_title_community_newsletter();
  if (!(path in PAGE_TITLES)) return unknownPageTitle();
  return PAGE_TITLES[path]?.() ?? null;
}

/**
 * Pages that open one item by a search parameter (/blog?post=N, /events?event=N,
 * /podcasts?podcast=N): such a page is named after its item, once the item is known.
 */
export const ITEM_PAGE_PARAMS: Readonly<Record<string, string>> = { '/blog': 'post', '/events': 'event', '/podcasts': 'podcast' };

/** True when the page at this path and search opens one item. */
export function opensItem(pathname: string, search: Record<string, unknown>): boolean {
  if (NEWSLETTER_ISSUE_PAGE.test(pagePath(pathname))) return true;
  const param = ITEM_PAGE_PARAMS[pagePath(pathname)];
  return param !== undefined && search[param] !== undefined;
}

/** The text of <title>: "Blog · Bloom Circle", or the site's name alone. */
export function documentTitle(title: string | null, siteName: string): string {
  return title ? `${title} · ${siteName}` : siteName;
}
