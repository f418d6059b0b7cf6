/**
 * The site's kinds of things, each under the one name the code uses for it: a forum post is
 * `forumPost` (never forum / forum_post), a directory listing is `listing` (never directory /
 * directory_listings). A section of the site keeps its own name for the page that shows a kind
 * (the Directory shows listings, the Forum at /community/blog shows forum posts, and their
 * routers and admin tabs are named for the section).
 *
 * Every other name a kind has is derived from this list, never written out elsewhere:
 * - `area`: the read cache's name for the kind's data (src/server/cache-areas.ts);
 * - `wire`: its name in SPEC.md's paths and answers (comment kinds, links, recent activity);
 * - `reportType`: its `targetType` when a member reports it (SPEC.md's name).
 * Database tables keep their SQL names (db/schema).
 */
export const ENTITIES = {
  podcast: { area: 'podcasts', wire: 'podcast' },
  blog: { area: 'blogs', wire: 'blog' },
  event: { area: 'events', wire: 'event' },
  forumPost: { area: 'forumPosts', wire: 'forum', reportType: 'forum_post' },
  listing: { area: 'listings', wire: 'listing', reportType: 'listing' },
  place: { area: 'places', wire: 'place' },
  member: { area: 'members', wire: 'member', reportType: 'member' },
} as const;

export type Entity = keyof typeof ENTITIES;
type Names = typeof ENTITIES;

/** The read cache's name for an entity's data: 'forumPosts'. */
export type EntityArea = Names[Entity]['area'];
/** Every entity's cache area, in the list's order. */
export const ENTITY_AREAS = Object.values(ENTITIES).map((names) => names.area) as EntityArea[];

/** An entity's name in SPEC.md's paths and answers: 'forum' for `forumPost`. */
export type WireName<E extends Entity> = Names[E]['wire'];

/** The wire names of some entities, as a tuple (for zod enums), in the order given. */
export function wireNames<const T extends readonly [Entity, ...Entity[]]>(entities: T): { readonly [K in keyof T]: WireName<T[K]> } {
  return entities.map((entity) => ENTITIES[entity].wire) as { [K in keyof T]: WireName<T[K]> };
}

/** The entities members comment on, in the order SPEC.md lists their comment kinds. */
export const COMMENTED_ENTITIES = ['podcast', 'blog', 'forumPost'] as const satisfies readonly Entity[];

/** The entities members like. */
export const LIKED_ENTITIES = ['podcast', 'blog', 'listing', 'forumPost'] as const satisfies readonly Entity[];
export type LikedEntity = (typeof LIKED_ENTITIES)[number];

/** The entities with a page of their own that links, search results and recent activity point to. */
export const LINKED_ENTITIES = ['podcast', 'blog', 'event', 'forumPost'] as const satisfies readonly Entity[];
