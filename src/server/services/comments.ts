import { and, asc, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client';
import { blogComments, forumComments, podcastComments, users } from '../../../db/schema';
import { messages } from '../../shared/messages';
import type { CommentKind } from '../../shared/schemas/content';
import { forbidden, notFound } from '../errors';
import { recordAdminAction } from '../moderation/audit';
import type { RateLimiter } from '../auth/rate-limit';
import { inPage, pageIds } from '../domains/paging';
import { assertNoBlockedWords } from '../moderation/watched-words';
import { publicMemberName, type PublicMemberName } from './public-member';

/**
 * Comments work the same on podcasts, blogs and forum posts: a table with an id, the
 * parent's id, the author, the text and a date. Each area describes its table once.
 */
export interface CommentTable<ParentKey extends string> {
  table: PgTable;
  id: PgColumn;
  parentId: PgColumn;
  /** The TS property name of the parent id column, used when inserting. */
  parentKey: ParentKey;
  userId: PgColumn;
  content: PgColumn;
  createdAt: PgColumn;
}

/** The comment table of each kind of thread. */
export const COMMENT_TABLES = {
  podcast: {
    table: podcastComments,
    id: podcastComments.id,
    parentId: podcastComments.podcastId,
    parentKey: 'podcastId',
    userId: podcastComments.userId,
    content: podcastComments.content,
    createdAt: podcastComments.createdAt,
  },
  blog: {
    table: blogComments,
    id: blogComments.id,
    parentId: blogComments.blogId,
    parentKey: 'blogId',
    userId: blogComments.userId,
    content: blogComments.content,
    createdAt: blogComments.createdAt,
  },
  forum: {
    table: forumComments,
    id: forumComments.id,
    parentId: forumComments.postId,
    parentKey: 'postId',
    userId: forumComments.userId,
    content: forumComments.content,
    createdAt: forumComments.createdAt,
  },
} as const satisfies Record<CommentKind, CommentTable<string>>;

/** The one rule for deleting a comment: its author or an admin. */
export const mayDeleteComment = (viewer: { id: number; isAdmin: boolean }, authorId: number) => viewer.id === authorId || viewer.isAdmin;

/**
 * Deletes a comment for its author or an admin (403 for anyone else, 404 when it is gone);
 * counts follow, since they are counted from the rows. An admin removing someone else's
 * comment is a moderation action and goes into the audit log.
 */
export async function deleteComment(db: Db, viewer: { id: number; isAdmin: boolean; firstName: string; lastName: string }, kind: CommentKind, id: number) {
  const t = COMMENT_TABLES[kind];
  const [comment] = await db.select({ userId: t.userId, content: t.content }).from(t.table).where(eq(t.id, id)).limit(1);
  if (!comment) throw notFound(messages.comments.notFound);
  const authorId = comment.userId as number;
  if (!mayDeleteComment(viewer, authorId)) throw forbidden(messages.comments.deleteForbidden);
  await db.delete(t.table).where(eq(t.id, id));
  if (authorId !== viewer.id) {
    await recordAdminAction(db, { admin: viewer, action: 'content.comments.delete', input: { kind, id, content: comment.content }, output: { id } });
  }
  return { success: true as const, message: messages.comments.deleted };
}

/** The ids of the viewer's own comments in one thread: what she may delete when she isn't an admin. */
export async function myCommentIds(db: Db, kind: CommentKind, parentId: number, userId: number): Promise<number[]> {
  const t = COMMENT_TABLES[kind];
  const rows = await db.select({ id: t.id }).from(t.table).where(and(eq(t.parentId, parentId), eq(t.userId, userId)));
  return rows.map((row) => row.id as number);
}

/** A podcast or blog comment as the API answers it; the author as others see her. */
export interface CommentView {
  id: number;
  content: string;
  createdAt: Date;
  user: PublicMemberName;
}

/** A parent's comments, oldest first so a conversation reads top to bottom. */
export async function listComments(
  db: Db,
  t: CommentTable<string>,
  parentId: number,
  page: { limit: number; offset: number; cursor?: number | null },
): Promise<CommentView[]> {
  const order = [asc(t.createdAt), asc(t.id)];
  // The page first (an index walk on the parent and date), then its authors' names.
  const ids = pageIds(db, t.table, t.id, eq(t.parentId, parentId), order, { limit: page.limit, offset: page.cursor ?? page.offset });
  const rows = await db
    .select({ id: t.id, content: t.content, createdAt: t.createdAt, firstName: users.firstName, lastName: users.lastName })
    .from(t.table)
    .innerJoin(ids, inPage(ids, t.id))
    .innerJoin(users, eq(users.id, t.userId))
    .orderBy(...order);
  return rows.map((row) => ({
    id: row.id as number,
    content: row.content as string,
    createdAt: row.createdAt as Date,
    user: publicMemberName(row),
  }));
}

/**
 * Stores a comment by a member (content already trimmed and checked by the input schema)
 * and returns it in the list's shape. Counted against the member's comment rate limit.
 */
export async function addComment<ParentKey extends string>(
  deps: { db: Db; rateLimiter: RateLimiter; user: { id: number; firstName: string; lastName: string } },
  t: CommentTable<ParentKey>,
  parentId: number,
  content: string,
): Promise<CommentView> {
  await deps.rateLimiter.consume('comment', `user:${deps.user.id}`);
  await assertNoBlockedWords(deps.db, content);
  const values = { [t.parentKey]: parentId, userId: deps.user.id, content };
  const [row] = await deps.db
    .insert(t.table)
    .values(values as never)
    .returning({ id: t.id, createdAt: t.createdAt });
  return {
    id: row!.id as number,
    content,
    createdAt: row!.createdAt as Date,
    user: publicMemberName(deps.user),
  };
}
