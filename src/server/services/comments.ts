import { and, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '#db/client';
import { blogComments, forumComments, podcastComments, users } from '#db/schema';
import { messages } from '#shared/messages';
import type { CommentKind } from '#shared/schemas/content';
import { forbidden, notFound } from '../errors';
import type { RateLimiter } from '../auth/rate-limit';
import { inPage, type ListOrder, orderBy, pageIds } from '../domains/paging';
import { heldMessage, publicationOf } from '../moderation/publication';
import { visibleTo, type ContentViewer } from '../moderation/visibility';
import type { PublicationState } from '#shared/moderation';
import { deletePermission, type DisplayName, mayDelete, memberSeenBy, type Role } from '../policies';

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
  state: PgColumn;
  holdReason: PgColumn;
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
    state: podcastComments.state,
    holdReason: podcastComments.holdReason,
  },
  blog: {
    table: blogComments,
    id: blogComments.id,
    parentId: blogComments.blogId,
    parentKey: 'blogId',
    userId: blogComments.userId,
    content: blogComments.content,
    createdAt: blogComments.createdAt,
    state: blogComments.state,
    holdReason: blogComments.holdReason,
  },
  forum: {
    table: forumComments,
    id: forumComments.id,
    parentId: forumComments.postId,
    parentKey: 'postId',
    userId: forumComments.userId,
    content: forumComments.content,
    createdAt: forumComments.createdAt,
    state: forumComments.state,
    holdReason: forumComments.holdReason,
  },
} as const satisfies Record<CommentKind, CommentTable<string>>;

/**
 * Deletes a comment for whoever may (deletePermission: its author, or staff; 403 for anyone else,
 * 404 when it is gone);
 * counts follow, since they are counted from the rows. Answers whose comment it was, so the
 * caller can record a moderator removing someone else's comment as a moderation action.
 */
export async function deleteComment(db: Db, viewer: { id: number; role: Role }, kind: CommentKind, id: number, beforeStaffAction: () => void = () => {}) {
  const t = COMMENT_TABLES[kind];
  const [comment] = await db.select({ userId: t.userId, role: users.role }).from(t.table).innerJoin(users, eq(users.id, t.userId)).where(eq(t.id, id)).limit(1);
  if (!comment) throw notFound(messages.comments.notFound);
  const authorId = comment.userId as number;
  const permission = deletePermission(viewer, 'comment', { id: authorId, role: comment.role });
  if (!permission) throw forbidden(messages.comments.deleteForbidden);
  // Someone else's comment: a staff action, which may wait for her second factor.
  if (authorId !== viewer.id) beforeStaffAction();
  await db.delete(t.table).where(eq(t.id, id));
  return { authorId, permission, answer: { success: true as const, message: messages.comments.deleted } };
}

/**
 * A comment as the API answers it; the author as this viewer sees her (memberSeenBy):
 * `authorId` goes to signed-in members only (to block her), never to visitors. `isMine`,
 * `canDelete` and `waitingForReview` are the viewer's own (her comment not yet approved by a
 * moderator).
 */
export interface CommentView {
  id: number;
  content: string;
  createdAt: Date;
  user: DisplayName;
  authorId: number | null;
  isMine: boolean;
  canDelete: boolean;
  waitingForReview: boolean;
}

/** A parent's comments that this viewer may see (visibleTo), oldest first so a conversation reads top to bottom. */
export async function listComments(
  db: Db,
  viewer: ContentViewer,
  t: CommentTable<string>,
  parentId: number,
  page: { limit: number; offset: number; cursor?: number | null },
): Promise<CommentView[]> {
  const order: ListOrder = { column: t.createdAt, direction: 'asc' };
  // The page first (an index walk on the parent and date), then its authors' names.
  const where = and(eq(t.parentId, parentId), visibleTo(viewer, t));
  const ids = pageIds(db, t.table, t.id, where, order, { limit: page.limit, offset: page.offset, after: page.cursor });
  const rows = await db
    .select({ id: t.id, content: t.content, createdAt: t.createdAt, state: t.state, authorId: users.id, authorRole: users.role, firstName: users.firstName, lastName: users.lastName })
    .from(t.table)
    .innerJoin(ids, inPage(ids, t.id))
    .innerJoin(users, eq(users.id, t.userId))
    .orderBy(...orderBy(order, t.id));
  return rows.map((row) => toCommentView(viewer, row as CommentRow));
}

/**
 * A parent's comment page, read at the same time as the check that this viewer may see the
 * parent (one wait for the database instead of two): the page goes out only when the check
 * passes, else the check's error does.
 */
export async function listCommentsOfVisibleParent(
  parentCheck: Promise<unknown>,
  ...[db, viewer, t, parentId, page]: Parameters<typeof listComments>
): Promise<CommentView[]> {
  const [, comments] = await Promise.all([parentCheck, listComments(db, viewer, t, parentId, page)]);
  return comments;
}

interface CommentRow {
  id: number;
  content: string;
  createdAt: Date;
  state: PublicationState;
  authorId: number;
  authorRole: Role;
  firstName: string;
  lastName: string;
}

function toCommentView(viewer: ContentViewer, row: CommentRow): CommentView {
  const author = memberSeenBy(viewer, { id: row.authorId, firstName: row.firstName, lastName: row.lastName });
  return {
    id: row.id,
    content: row.content,
    createdAt: row.createdAt,
    user: author.name,
    authorId: author.id,
    isMine: author.isMine,
    canDelete: mayDelete(viewer, 'comment', { id: row.authorId, role: row.authorRole }),
    waitingForReview: row.state === 'held',
  };
}

/**
 * Stores a comment by a member (content already trimmed and checked by the input schema) on a
 * parent `parentCheck` finds she may see, and returns it in the list's shape. Counted against
 * the member's comment rate limit; a blocked word refuses it, and a new member's comment or one
 * holding a `hold` word waits for review (publicationOf).
 */
export async function addComment<ParentKey extends string>(
  deps: { db: Db; rateLimiter: RateLimiter; user: { id: number; role: Role; firstName: string; lastName: string } },
  t: CommentTable<ParentKey>,
  parentCheck: Promise<unknown>,
  parentId: number,
  content: string,
): Promise<CommentView & { message: string | null }> {
  // The parent's check and the text's screening only read, so they run at once (one wait for
  // the database instead of two); their refusals keep their order: the parent's 404, then the
  // rate limit's 429 (not counted for a parent she can't see), then a blocked word's 400.
  const [parent, screened] = await Promise.allSettled([parentCheck, publicationOf(deps.db, deps.user, content)]);
  if (parent.status === 'rejected') throw parent.reason;
  await deps.rateLimiter.consume('comment', `user:${deps.user.id}`);
  if (screened.status === 'rejected') throw screened.reason;
  const publication = screened.value;
  const values = { [t.parentKey]: parentId, userId: deps.user.id, content, ...publication };
  const [row] = await deps.db
    .insert(t.table)
    .values(values as never)
    .returning({ id: t.id, createdAt: t.createdAt });
  const view = toCommentView(deps.user, { ...deps.user, id: row!.id as number, content, createdAt: row!.createdAt as Date, state: publication.state, authorId: deps.user.id, authorRole: deps.user.role });
  return { ...view, message: heldMessage(publication, 'comment') };
}
