/**
 * What part of the site's data each procedure reads or changes, for the read cache: a stored
 * answer is dropped when a write changes an area it read, and kept through writes elsewhere
 * (a like on a podcast leaves the events list stored). One table, by procedure path; a path
 * it doesn't know counts as touching everything, so a new procedure is never served stale.
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

/** The areas of all the procedures behind one request; none ran (a plain route): every area. */
export function areasOfPaths(paths: Iterable<string>): Set<CacheArea> {
  const areas = new Set<CacheArea>();
  let any = false;
  for (const path of paths) {
    any = true;
    for (const area of areasOf(path)) areas.add(area);
  }
  return any ? areas : new Set(ALL_AREAS);
}
