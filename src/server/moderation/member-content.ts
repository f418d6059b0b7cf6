import { eq, inArray, sql, type DriverValueDecoder, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '#db/client';
import { blogs, forumPosts, podcasts, users } from '#db/schema';
import { contentHref, type ContentType } from '#shared/links';
import type { HoldReason, PublicationState, ReviewableKind } from '#shared/moderation';
import { COMMENT_TABLES } from '../services/comments';
import type { MemberForStaff } from '../policies';
import { pageLimit } from '../domains/paging';

/**
 * Member-written content that moderators review, hide and delete (forum posts and comments
 * of every kind), described once: its table, author, text and where it stands, and the thread
 * it belongs to so a moderator sees it in context.
 */
export interface MemberContentTable {
  table: PgTable;
  id: PgColumn;
  userId: PgColumn;
  content: PgColumn;
  createdAt: PgColumn;
  state: PgColumn;
  holdReason: PgColumn;
  /** A post's own title; comments have none. */
  title: PgColumn | null;
  /** The thread: the comment's parent (podcast, blog or forum post), or the post itself. */
  thread: { type: ContentType; table: PgTable; id: PgColumn; title: PgColumn; key: PgColumn };
}

const comment = (kind: keyof typeof COMMENT_TABLES, type: ContentType, parent: { table: PgTable; id: PgColumn; title: PgColumn }): MemberContentTable => {
  const t = COMMENT_TABLES[kind];
  return { ...t, title: null, thread: { type, ...parent, key: t.itemId } };
};

export const MEMBER_CONTENT: Record<ReviewableKind, MemberContentTable> = {
  forum_post: {
    table: forumPosts,
    id: forumPosts.id,
    userId: forumPosts.userId,
    content: forumPosts.content,
    createdAt: forumPosts.createdAt,
    state: forumPosts.state,
    holdReason: forumPosts.holdReason,
    title: forumPosts.title,
    thread: { type: 'forum', table: forumPosts, id: forumPosts.id, title: forumPosts.title, key: forumPosts.id },
  },
  podcast_comment: comment('podcast', 'podcast', { table: podcasts, id: podcasts.id, title: podcasts.title }),
  blog_comment: comment('blog', 'blog', { table: blogs, id: blogs.id, title: blogs.title }),
  forum_comment: comment('forum', 'forum', { table: forumPosts, id: forumPosts.id, title: forumPosts.title }),
};

/** A member's post or comment as moderators see it: in full, with its author and thread. */
export interface ModeratedItem {
  kind: ReviewableKind;
  id: number;
  title: string | null;
  text: string;
  state: PublicationState;
  holdReason: HoldReason | null;
  createdAt: Date;
  /** The author, as the reading staff member may see her (memberSeenByStaff): in full for admins, her display name for moderators. */
  author: MemberForStaff;
  /** Where it was written: the thread's title and the page that shows it. */
  context: { title: string; href: string };
}

/**
 * Items of one kind, with author and thread, as moderators see them. The thread is joined
 * under an alias, since a forum comment's thread is a forum post (the same table as a post).
 */
export async function selectModeratedItems(db: Db, kind: ReviewableKind, where: SQL, limit?: number): Promise<ModeratedItem[]> {
  const c = MEMBER_CONTENT[kind];
  const query = db
    .select({
      id: sql<number>`${c.id}`,
      title: c.title ? sql<string | null>`${c.title}` : sql<string | null>`null`,
      text: sql<string>`${c.content}`,
      state: sql<PublicationState>`${c.state}`,
      holdReason: sql<HoldReason | null>`${c.holdReason}`,
      // The column decodes the driver's value into a Date, as it does for a plain select.
      createdAt: sql<Date>`${c.createdAt}`.mapWith(c.createdAt as unknown as DriverValueDecoder<Date, unknown>),
      authorId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      threadId: sql<number>`${c.thread.key}`,
      threadTitle: sql<string>`(select t.${sql.identifier(c.thread.title.name)} from ${c.thread.table} t where t.${sql.identifier(c.thread.id.name)} = ${c.thread.key})`,
    })
    .from(c.table)
    .innerJoin(users, eq(users.id, c.userId))
    .where(where)
    .orderBy(c.createdAt, c.id);
  const rows = limit === undefined ? await query : await query.limit(pageLimit(limit));
  return rows.map(({ authorId, firstName, lastName, email, threadId, threadTitle, ...item }) => ({
    kind,
    ...item,
    author: { id: authorId, firstName, lastName, email },
    context: { title: threadTitle ?? '', href: contentHref(c.thread.type, threadId) },
  }));
}

/** Several items of one kind by id, for the report queue. */
export async function moderatedItemsById(db: Db, kind: ReviewableKind, ids: number[]): Promise<Map<number, ModeratedItem>> {
  if (ids.length === 0) return new Map();
  const items = await selectModeratedItems(db, kind, inArray(MEMBER_CONTENT[kind].id, ids));
  return new Map(items.map((item) => [item.id, item]));
}
