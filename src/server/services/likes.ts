import { and, eq, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { type Db, rowsOf } from '#db/client';
import { blogLikes, directoryLikes, forumPostLikes, podcastLikes } from '#db/schema';

/** What members can like, each with its table: one like per member and item (the primary key). */
const LIKES = {
  podcast: { table: podcastLikes, itemId: podcastLikes.podcastId, userId: podcastLikes.userId, row: (id: number, userId: number) => ({ podcastId: id, userId }) },
  blog: { table: blogLikes, itemId: blogLikes.blogId, userId: blogLikes.userId, row: (id: number, userId: number) => ({ blogId: id, userId }) },
  listing: { table: directoryLikes, itemId: directoryLikes.listingId, userId: directoryLikes.userId, row: (id: number, userId: number) => ({ listingId: id, userId }) },
  forumPost: { table: forumPostLikes, itemId: forumPostLikes.postId, userId: forumPostLikes.userId, row: (id: number, userId: number) => ({ postId: id, userId }) },
} satisfies Record<string, { table: PgTable; itemId: PgColumn; userId: PgColumn; row: (id: number, userId: number) => object }>;

export type LikeKind = keyof typeof LIKES;

const hers = (kind: LikeKind, id: number, userId: number) => and(eq(LIKES[kind].itemId, id), eq(LIKES[kind].userId, userId));

/** Whether the member likes the item. The caller has checked that she may see it. */
export async function isLiked(db: Db, kind: LikeKind, id: number, userId: number): Promise<boolean> {
  const { table, itemId } = LIKES[kind];
  const [row] = await db.select({ id: itemId }).from(table).where(hers(kind, id, userId)).limit(1);
  return Boolean(row);
}

/** Sets the member's like on or off; repeating either is harmless. Answers the new state. */
export async function setLiked(db: Db, kind: LikeKind, id: number, userId: number, liked: boolean): Promise<boolean> {
  const { table, row } = LIKES[kind];
  if (liked) await db.insert(table).values(row(id, userId)).onConflictDoNothing();
  else await db.delete(table).where(hers(kind, id, userId));
  return liked;
}

/**
 * Turns the member's like over: removed when there, added when not. Answers the new state and
 * the item's likes after it, in one statement (one round trip): its count is the item's as the
 * statement began (a statement doesn't see its own changes) plus the like added, less the one removed.
 */
export async function toggleLike(db: Db, kind: LikeKind, id: number, userId: number): Promise<{ liked: boolean; likes: number }> {
  const { table, itemId, userId: userColumn } = LIKES[kind];
  const [item, member] = [sql.identifier(itemId.name), sql.identifier(userColumn.name)];
  const result = await db.execute(sql`
    with removed as (delete from ${table} where ${item} = ${id} and ${member} = ${userId} returning 1),
      added as (insert into ${table} (${item}, ${member}) select ${id}, ${userId} where not exists (select 1 from removed) on conflict do nothing returning 1)
    select not exists (select 1 from removed) as liked,
      ((select count(*) from ${table} where ${item} = ${id}) + (select count(*) from added) - (select count(*) from removed))::int as likes
  `);
  const [row] = rowsOf<{ liked: boolean; likes: number }>(result);
  return { liked: row!.liked, likes: Number(row!.likes) };
}
