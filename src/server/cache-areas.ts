/**
 * What part of the site's data each procedure reads or changes, for the read cache: a stored
 * answer is dropped when a write changes an area it read, and kept through writes elsewhere
 * (a like on a podcast leaves the events list stored). One table, by procedure path; a path
 * it doesn't know counts as touching everything, so a new procedure is never served stale.
 *
 * Some procedures read or change one item of their area, named by the `id` of their input
 * (ITEM_PROCEDURES): an article read by id is kept through a like on another article, while
 * every list of articles (which reads the area as a whole) is dropped by either.
 */
export type CacheArea = 'podcasts' | 'blogs' | 'events' | 'listings' | 'forum' | 'places' | 'members' | 'newsletter';

/** Every area: what an unknown procedure, or a write outside the procedures (an upload), touches. */
export const ALL_AREAS: readonly CacheArea[] = ['podcasts', 'blogs', 'events', 'listings', 'forum', 'places', 'members', 'newsletter'];

/** The longest matching prefix wins: 'admin.users.delete' before 'admin.users'. */
const AREAS_BY_PATH: [prefix: string, areas: readonly CacheArea[]][] = [
  ['content.podcasts', ['podcasts']],
  ['admin.podcasts', ['podcasts']],
  ['content.blogs', ['blogs']],
  ['admin.blogs', ['blogs']],
  ['content.events', ['events']],
  ['admin.events', ['events']],
  ['content.directory', ['listings']],
  ['admin.directory', ['listings']],
  ['content.forum', ['forum']],
  ['admin.forum', ['forum']],
  ['content.places', ['places']],
  ['admin.places', ['places']],
  ['content.newsletter', ['newsletter']],
  // A comment of any kind: its thread and its parent's count.
  ['content.comments', ['podcasts', 'blogs', 'forum']],
  ['admin.newsletter', ['newsletter']],
  // Home's cards: podcasts, listings, upcoming events and approved members.
  ['content.stats', ['podcasts', 'listings', 'events', 'members']],
  ['content.hub.stats', ['forum', 'places']],
  ['content.hub', ['podcasts', 'blogs', 'events', 'forum']],
  // Signing in or out, applying and passwords change no shared answer.
  ['auth.login', []],
  ['auth.adminLogin', []],
  ['auth.logout', []],
  ['auth.adminLogout', []],
  ['auth.joinRequest', []],
  // Her own account: only a new name (shown as an author) or a deleted account changes shared answers.
  ['auth.account', []],
  ['auth.account.updateProfile', ALL_AREAS],
  ['auth.account.deleteAccount', ALL_AREAS],
  ['admin.users.setPassword', []],
  ['admin.admins.setPassword', []],
  // A third member's report hides the item: a post, a comment (its parent's count) or a listing.
  ['content.reports', ['podcasts', 'blogs', 'forum', 'listings']],
  // Blocks change only what the two members see, and those answers are theirs alone.
  ['content.blocks', []],
  // Moderators' decisions publish, hide or delete posts, comments and listings.
  ['admin.reports', ['podcasts', 'blogs', 'forum', 'listings']],
  ['admin.moderation', ['podcasts', 'blogs', 'forum']],
  // An approved profile change renames an author shown everywhere; a rejected one changes nothing.
  ['admin.moderation.approveProfileChange', ALL_AREAS],
  ['admin.moderation.rejectProfileChange', []],
  // The moderators' own lists: no shared answer reads them.
  ['admin.watchedWords', []],
  ['admin.audit', []],
  ['admin.mail', []],
  ['admin.overview', []],
  // Approvals and new admins change the members' count.
  ['admin.users.setApproval', ['members']],
  // A suspension changes what she may do, not what anyone reads.
  ['admin.users.suspend', []],
  ['admin.users.unsuspend', []],
  ['admin.admins.create', ['members']],
  // Other account changes rename authors shown everywhere, or delete their posts, comments,
  // likes and RSVPs with the account.
  ['admin.users', ALL_AREAS],
  ['admin.admins', ALL_AREAS],
];

export function areasOf(path: string): readonly CacheArea[] {
  let best: (typeof AREAS_BY_PATH)[number] | undefined;
  for (const entry of AREAS_BY_PATH) {
    const [prefix] = entry;
    if ((path === prefix || path.startsWith(`${prefix}.`)) && (!best || prefix.length > best[0].length)) best = entry;
  }
  return best ? best[1] : ALL_AREAS;
}


/**
 * Procedures whose input's `id` names the one item of their area they read or change: an
 * article, podcast or event by id, a member's like, comment or RSVP on it, an admin's edit or
 * deletion of it. Any other procedure reads or changes its areas as a whole.
 */
const ITEM_PROCEDURES: ReadonlySet<string> = new Set([
  'content.podcasts.byId',
  'content.podcasts.liked',
  'content.podcasts.like',
  'content.podcasts.addComment',
  'content.blogs.byId',
  'content.blogs.liked',
  'content.blogs.like',
  'content.blogs.addComment',
  'content.events.byId',
  'content.events.ics',
  'content.events.rsvp',
  'content.events.cancelRsvp',
  'admin.podcasts.update',
  'admin.podcasts.delete',
  'admin.blogs.update',
  'admin.blogs.delete',
  'admin.events.update',
  'admin.events.delete',
]);

/** One procedure call of a request: its path and, for an item procedure, the item's id. */
export interface ProcedureCall {
  path: string;
  itemId?: number;
}

export const isItemProcedure = (path: string) => ITEM_PROCEDURES.has(path);

/** The item an item procedure's raw input names; undefined for an id that isn't one (the call then counts as whole-area). */
export function itemIdOf(rawInput: unknown): number | undefined {
  if (rawInput === null || typeof rawInput !== 'object') return undefined;
  const id = (rawInput as { id?: unknown }).id;
  const value = typeof id === 'string' && /^[1-9][0-9]{0,15}$/.test(id) ? Number(id) : id;
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : undefined;
}

/** One item of an area, as the cache names it: 'blogs#7'. */
export type ItemReference = `${CacheArea}#${number}`;

/** What a request read (for a stored answer) or changed (for a write): areas as a whole, and single items. */
export interface DataReferences {
  areas: Set<CacheArea>;
  items: Set<ItemReference>;
}

export const areaOfItem = (item: ItemReference) => item.slice(0, item.indexOf('#')) as CacheArea;

/** The references of a request's calls; no call (a plain route): every area as a whole. */
export function referencesOf(calls: readonly ProcedureCall[]): DataReferences {
  if (calls.length === 0) return { areas: new Set(ALL_AREAS), items: new Set() };
  const references: DataReferences = { areas: new Set(), items: new Set() };
  for (const { path, itemId } of calls) {
    const areas = areasOf(path);
    // An item procedure sits in exactly one area; if the table ever gives it more, it counts as whole.
    if (itemId !== undefined && areas.length === 1) references.items.add(`${areas[0]!}#${itemId}`);
    else for (const area of areas) references.areas.add(area);
  }
  return references;
}

/**
 * Whether a change makes a stored answer stale: it read an area the change touched in any way
 * (a list reads every item), or an item the change touched, alone or with its whole area.
 */
export function isAffectedBy(read: DataReferences, change: DataReferences): boolean {
  for (const area of read.areas) if (change.areas.has(area)) return true;
  for (const item of change.items) if (read.areas.has(areaOfItem(item)) || read.items.has(item)) return true;
  for (const item of read.items) if (change.areas.has(areaOfItem(item))) return true;
  return false;
}
