/**
 * The admin panel's tabs, in their order; the first is where the panel opens. The open tab is
 * in the address (`/admin?tab=events`), so a reload or the browser's Back returns to it. Kept
 * apart from the tabs themselves: the route's search check reads this list, and importing the
 * tabs there would put them all in the part of the route every page loads.
 */
export const ADMIN_TABS = [
  'overview',
  'pending',
  'users',
  'admins',
  'podcasts',
  'directory',
  'events',
  'blogs',
  'forum',
  'places',
  'newsletter',
  'reports',
  'review',
  'watchedWords',
  'audit',
  'mail',
] as const;

export type AdminTab = (typeof ADMIN_TABS)[number];

export const DEFAULT_ADMIN_TAB: AdminTab = 'overview';

export interface AdminSearch {
  /** Absent for the first tab; an unknown name opens the first tab too. */
  tab?: AdminTab;
}

/** `tab` is always set, to undefined at least: the router lays a route's answer over the raw search, which would keep an unknown name. */
export function validateAdminSearch(search: Record<string, unknown>): AdminSearch {
  const tab = ADMIN_TABS.find((key) => key === search.tab);
  return { tab: tab === DEFAULT_ADMIN_TAB ? undefined : tab };
}
