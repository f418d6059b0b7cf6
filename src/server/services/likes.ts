import { and, eq, inArray, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { type Db, rowsOf } from '#db/client';
import type { LikedEntity } from '#shared/entities';
import { idPlaceholders, idValues, preparedRead } from '../domains/prepared';
import { blogLikes, blogs, listingLikes, listings, forumPostLikes, forumPosts, podcastLikes, podcasts } from '#db/schema';

/**
 * What members can like: each like table (one like per member and item, its primary key), the
 * table of the items it likes, and the item's like count, which a trigger keeps (011d).
 */
const LIKES = {
  podcast: { table: podcastLikes, itemId: podcastLikes.podcastId, userId: podcastLikes.userId, items: podcasts, id: podcasts.id, count: podcasts.likeCount },
  blog: { table: blogLikes, itemId: blogLikes.blogId, userId: blogLikes.userId, items: blogs, id: blogs.id, count: blogs.likeCount },
  listing: { table: listingLikes, itemId: listingLikes.listingId, userId: listingLikes.userId, items: listings, id: listings.id, count: listings.likeCount },
  forumPost: { table: forumPostLikes, itemId: forumPostLikes.postId, userId: forumPostLikes.userId, items: forumPosts, id: forumPosts.id, count: forumPosts.likeCount },
} satisfies Record<LikedEntity, { table: PgTable; itemId: PgColumn; userId: PgColumn; items: PgTable; id: PgColumn; count: PgColumn }>;

/**
 * Whether the member likes each of the items (`ids`), read with the items' visibility rule for
 * her (`visible`, a condition on their table, as for setLike) in one statement. An item she
 * may not see, or that is gone, is left out. A list page asks this once for all its cards. The
 * ids and the member may be a prepared read's placeholders (preparedLikedAmong).
 */
function likedAmongVisible(db: Db, kind: LikedEntity, ids: (number | Placeholder)[], userId: number | Placeholder, visible: SQL | undefined) {
  const { table, itemId, userId: member, items, id: item } = LIKES[kind];
  return db
    .select({ id: item, liked: sql<boolean>`exists (select 1 from ${table} where ${itemId} = ${item} and ${member} = ${userId})` })
    .from(items)
    .where(and(inArray(item, ids), visible))
    .orderBy(item);
}

/** Her like on one item, from its row among `rows` for `[id]`: null when she may not see it or it is gone, which the caller answers with a 404. */
const likedOf = (rows: { liked: boolean }[]): boolean | null => (rows[0] ? rows[0].liked : null);

/** Her like on one item (see likedAmongVisible), or null (see likedOf). */
export async function likedIfVisible(db: Db, kind: LikedEntity, id: number, userId: number, visible: SQL | undefined): Promise<boolean | null> {
  return likedOf(await likedAmongVisible(db, kind, [id], userId, visible));
}

/**
 * likedAmongVisible and likedIfVisible as prepared reads, for members who all see the items by
 * one rule (`visible`, which may not name the member: every member for podcasts and listings,
 * readers or admins for articles). A list page asks `among` for its cards, an item's page `of`
 * for its like, on every visit. One query per number of ids (at most a page's largest size),
 * the ids and the member given as values.
 */
export function preparedLikedAmong(kind: LikedEntity, visible: SQL | undefined) {
  const read = preparedRead(`likes.${kind}`, (db, count: number) => likedAmongVisible(db, kind, idPlaceholders(count), sql.placeholder('userId'), visible));
  const among = (db: Db, ids: number[], userId: number) => read(db, ids.length, { ...idValues(ids), userId });
  return { among, of: async (db: Db, id: number, userId: number) => likedOf(await among(db, [id], userId)) };
}

/** Her like and the item's likes after her change. */
export interface LikeAnswer {
  liked: boolean;
  likes: number;
}

/**
 * The one way a like changes, for every kind: the member's like on the item set on (`true`),
 * off (`false`) or turned over (`undefined`: the documented REST paths that toggle), in one
 * statement (one round trip); setting it again changes nothing. Answers her like and the
 * item's likes after it, or null when she may not see the item (`visible`: the item's own
 * visibility rule for her, a condition on its table), which then changes nothing.
 *
 * `target` holds the item's row, locked, and every change is made only from it. The likes are
 * its kept count plus her change: a statement doesn't see what its trigger writes, and the lock
 * (the one the trigger takes anyway) makes the count read the latest committed one.
 */
export async function setLike(db: Db, kind: LikedEntity, id: number, userId: number, liked: boolean | undefined, visible: SQL | undefined): Promise<LikeAnswer | null> {
  const { table, itemId, userId: memberId, items, id: itemKey, count } = LIKES[kind];
  const item = sql.identifier(itemId.name);
  const member = sql.identifier(memberId.name);
  const target = sql`target as (select ${count} as kept from ${items} where ${and(eq(itemKey, id), visible)} for no key update)`;
  const mine = sql`${item} = ${id} and ${member} = ${userId}`;
  // Turning over: on when she has no like now, else off.
  const wantsOn = liked === undefined ? sql`not exists (select 1 from ${table} where ${mine})` : sql.raw(String(liked));
  const result = await db.execute(sql`with ${target},
    added as (insert into ${table} (${item}, ${member}) select ${id}, ${userId} from target where ${wantsOn} on conflict do nothing returning 1),
    removed as (delete from ${table} where ${mine} and exists (select 1 from target) and not (${wantsOn}) returning 1)
    select (kept + (select count(*) from added) - (select count(*) from removed))::int as likes, (${wantsOn}) as liked from target`);
  const [row] = rowsOf<{ likes: number; liked: boolean }>(result);
  return row ? { liked: row.liked === true || String(row.liked) === 't', likes: Number(row.likes) } : null;
}
