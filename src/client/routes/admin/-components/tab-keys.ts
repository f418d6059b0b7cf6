import type { StaffPermission } from '#shared/roles';

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
  'members',
  'audit',
  'mail',
] as const;

export type AdminTab = (typeof ADMIN_TABS)[number];

export const DEFAULT_ADMIN_TAB: AdminTab = 'overview';

/**
 * The permission each tab's calls need: the panel shows a staff member the tabs her role's
 * permissions open (the session lists them), and the server refuses every other call.
 */
export const TAB_PERMISSIONS: Record<AdminTab, StaffPermission> = {
  overview: 'read:overview',
  pending: 'manage:applications',
  users: 'manage:accounts',
  admins: 'manage:roles',
  podcasts: 'manage:content',
  directory: 'manage:content',
  events: 'manage:content',
  blogs: 'manage:content',
  forum: 'manage:content',
  places: 'manage:content',
  newsletter: 'manage:newsletter',
  reports: 'work:reports',
  review: 'work:review_queue',
  watchedWords: 'manage:watched_words',
  members: 'read:members',
  audit: 'read:audit_log:own_permissions',
  mail: 'read:mail_outbox',
};

/** A tab left out for whom another tab shows the same in full: Members is Community Users for those who may read accounts. */
const SHOWN_IN_FULL_ELSEWHERE: Partial<Record<AdminTab, StaffPermission>> = { members: 'manage:accounts' };

/** The tabs she may open, in the panel's order. */
export const tabsFor = (permissions: readonly StaffPermission[]): AdminTab[] =>
  ADMIN_TABS.filter((tab) => {
    const fuller = SHOWN_IN_FULL_ELSEWHERE[tab];
    return permissions.includes(TAB_PERMISSIONS[tab]) && !(fuller && permissions.includes(fuller));
  });

export interface AdminSearch {
  /** Absent for the first tab; an unknown name opens the first tab too. */
  tab?: AdminTab;
}

/** `tab` is always set, to undefined at least: the router lays a route's answer over the raw search, which would keep an unknown name. */
export function validateAdminSearch(search: Record<string, unknown>): AdminSearch {
  const tab = ADMIN_TABS.find((key) => key === search.tab);
  return { tab: tab === DEFAULT_ADMIN_TAB ? undefined : tab };
}
