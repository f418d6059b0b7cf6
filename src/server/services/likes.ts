import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { type Db, rowsOf } from '#db/client';
import { blogLikes, blogs, directoryLikes, directoryListings, forumPostLikes, forumPosts, podcastLikes, podcasts } from '#db/schema';

/**
 * What members can like: each like table (one like per member and item, its primary key) and
 * the table of the items it likes.
 */
const LIKES = {
  podcast: { table: podcastLikes, itemId: podcastLikes.podcastId, userId: podcastLikes.userId, items: podcasts, id: podcasts.id },
  blog: { table: blogLikes, itemId: blogLikes.blogId, userId: blogLikes.userId, items: blogs, id: blogs.id },
  listing: { table: directoryLikes, itemId: directoryLikes.listingId, userId: directoryLikes.userId, items: directoryListings, id: directoryListings.id },
  forumPost: { table: forumPostLikes, itemId: forumPostLikes.postId, userId: forumPostLikes.userId, items: forumPosts, id: forumPosts.id },
} satisfies Record<string, { table: PgTable; itemId: PgColumn; userId: PgColumn; items: PgTable; id: PgColumn }>;

export type LikeKind = keyof typeof LIKES;

const hers = (kind: LikeKind, id: number, userId: number) => and(eq(LIKES[kind].itemId, id), eq(LIKES[kind].userId, userId));

/** Whether the member likes the item. The caller has checked that she may see it. */
export async function isLiked(db: Db, kind: LikeKind, id: number, userId: number): Promise<boolean> {
  const { table, itemId } = LIKES[kind];
  const [row] = await db.select({ id: itemId }).from(table).where(hers(kind, id, userId)).limit(1);
  return Boolean(row);
}

/**
 * The statement's parts: `target` holds the item when it exists and passes `visible` (the
 * item's own visibility rule for this viewer, a condition on its table), else nothing, and
 * every change below is made only from it: a like on an item she may not see changes nothing.
 */
function likeStatementParts(kind: LikeKind, id: number, visible: SQL | undefined) {
  const { table, itemId, userId, items, id: itemKey } = LIKES[kind];
  return {
    table,
    item: sql.identifier(itemId.name),
    member: sql.identifier(userId.name),
    target: sql`target as (select 1 from ${items} where ${and(eq(itemKey, id), visible)})`,
  };
}

/**
 * Sets the member's like on or off, in one statement (one round trip); repeating either is
 * harmless. Answers the new state, or null when she may not see the item (`visible`).
 */
export async function setLiked(db: Db, kind: LikeKind, id: number, userId: number, liked: boolean, visible: SQL | undefined): Promise<boolean | null> {
  const { table, item, member, target } = likeStatementParts(kind, id, visible);
  const change = liked
    ? sql`changed as (insert into ${table} (${item}, ${member}) select ${id}, ${userId} from target on conflict do nothing returning 1)`
    : sql`changed as (delete from ${table} where ${item} = ${id} and ${member} = ${userId} and exists (select 1 from target) returning 1)`;
  const [row] = rowsOf<{ found: boolean }>(await db.execute(sql`with ${target}, ${change} select exists (select 1 from target) as found`));
  return row?.found ? liked : null;
}

/**
 * Turns the member's like over: removed when there, added when not, in one statement (one
 * round trip). Answers the new state and the item's likes after it, or null when she may not
 * see the item (`visible`). The count is the item's as the statement began (a statement
 * doesn't see its own changes) plus the like added, less the one removed.
 */
export async function toggleLike(db: Db, kind: LikeKind, id: number, userId: number, visible: SQL | undefined): Promise<{ liked: boolean; likes: number } | null> {
  const { table, item, member, target } = likeStatementParts(kind, id, visible);
  const result = await db.execute(sql`
    with ${target},
      removed as (delete from ${table} where ${item} = ${id} and ${member} = ${userId} and exists (select 1 from target) returning 1),
      added as (insert into ${table} (${item}, ${member}) select ${id}, ${userId} from target where not exists (select 1 from removed) on conflict do nothing returning 1)
    select exists (select 1 from target) as found, not exists (select 1 from removed) as liked,
      ((select count(*) from ${table} where ${item} = ${id}) + (select count(*) from added) - (select count(*) from removed))::int as likes
  `);
  const [row] = rowsOf<{ found: boolean; liked: boolean; likes: number }>(result);
  return row?.found ? { liked: row.liked, likes: Number(row.likes) } : null;
}
