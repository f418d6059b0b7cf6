import { and, eq, type Placeholder, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '#db/client';
import { blogComments, forumComments, podcastComments, users } from '#db/schema';
import { messages } from '#shared/messages';
import type { CommentKind } from '#shared/schemas/content';
import { forbidden, notFound } from '../errors';
import type { RateLimiter } from '../auth/rate-limit';
import { inPage, type ListOrder, orderBy, type Page, pageIds } from '../domains/paging';
import { plainFirstPageSize, preparedRead } from '../domains/prepared';
import { heldMessage, publicationOf } from '../moderation/publication';
import { signedInViewer, visibleAs, visibleTo, type ContentViewer, type ViewerInQuery } from '../moderation/visibility';
import { qualified } from './content-query';
import type { PublicationState, ReviewableKind } from '#shared/moderation';
import { notifyWritten } from '../notifications/causes';
import { deletePermission, type DisplayName, mayDelete, memberSeenBy, type Role } from '../policies';

/**
 * Comments work the same on podcasts, blogs and forum posts: a table with an id, the item's
 * id, the comment a reply answers, the author, the text and a date. Each area describes its
 * table once.
 */
export interface CommentTable<ItemKey extends string> {
  table: PgTable;
  id: PgColumn;
  /** The item the comment is under (podcast, article, forum post). */
  itemId: PgColumn;
  /** The TS property name of the item id column, used when inserting. */
  itemKey: ItemKey;
  /** The comment a reply answers; null for a comment on the item itself. */
  parentId: PgColumn;
  /** Its name in the review queue and reports ('podcast_comment'). */
  reviewKind: ReviewableKind;
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
    itemId: podcastComments.podcastId,
    itemKey: 'podcastId',
    parentId: podcastComments.parentId,
    reviewKind: 'podcast_comment',
    userId: podcastComments.userId,
    content: podcastComments.content,
    createdAt: podcastComments.createdAt,
    state: podcastComments.state,
    holdReason: podcastComments.holdReason,
  },
  blog: {
    table: blogComments,
    id: blogComments.id,
    itemId: blogComments.blogId,
    itemKey: 'blogId',
    parentId: blogComments.parentId,
    reviewKind: 'blog_comment',
    userId: blogComments.userId,
    content: blogComments.content,
    createdAt: blogComments.createdAt,
    state: blogComments.state,
    holdReason: blogComments.holdReason,
  },
  forum: {
    table: forumComments,
    id: forumComments.id,
    itemId: forumComments.postId,
    itemKey: 'postId',
    parentId: forumComments.parentId,
    reviewKind: 'forum_comment',
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
  /** The comment this one answers, or null. */
  parentId: number | null;
  content: string;
  createdAt: Date;
  user: DisplayName;
  authorId: number | null;
  isMine: boolean;
  canDelete: boolean;
  waitingForReview: boolean;
}

/**
 * An item's comments that this viewer may see (visibleTo), oldest first so a conversation reads
 * top to bottom; each reply carries the comment it answers (`parentId`), and a reply shows only
 * while that comment does (a reply to something she can't see would answer nothing). A reply is
 * always newer than its comment, so the comment comes on the same page or an earlier one.
 */
export async function listComments(
  db: Db,
  viewer: ContentViewer,
  t: CommentTable<string>,
  itemId: number,
  page: { limit: number; offset: number; cursor?: number | null },
): Promise<CommentView[]> {
  const size = plainFirstPageSize(page);
  const rows = await (size === null
    ? commentsQuery(db, viewer, t, itemId, { limit: page.limit, offset: page.offset, after: page.cursor })
    : preparedFirstComments(db, `${t.reviewKind}:${viewer ? 'member' : 'visitor'}:${size}`, { itemId, ...(viewer ? { viewerId: viewer.id } : {}) }));
  return rows.map((row) => toCommentView(viewer, row as CommentRow));
}

/** listComments' query; the item and the viewer's id may be a prepared read's placeholders. */
function commentsQuery(db: Db, viewer: ViewerInQuery, t: CommentTable<string>, itemId: number | Placeholder, page: Page) {
  const order: ListOrder = { column: t.createdAt, direction: 'asc' };
  // The page first (an index walk on the item and date), then its authors' names.
  const where = and(eq(t.itemId, itemId), visibleTo(viewer, t), answersVisibleComment(viewer, t));
  const ids = pageIds(db, t.table, t.id, where, order, page);
  return db
    .select({ id: t.id, parentId: t.parentId, content: t.content, createdAt: t.createdAt, state: t.state, authorId: users.id, authorRole: users.role, firstName: users.firstName, lastName: users.lastName })
    .from(t.table)
    .innerJoin(ids, inPage(ids, t.id))
    .innerJoin(users, eq(users.id, t.userId))
    .orderBy(...orderBy(order, t.id));
}

/** The first page of an item's comments, which every visit of an item opens: prepared per kind of comment, kind of viewer and size. */
const preparedFirstComments = preparedRead('comments.list', (db, shape: `${ReviewableKind}:${'member' | 'visitor'}:${number}`) => {
  const [kind, who, limit] = shape.split(':');
  const t = Object.values(COMMENT_TABLES).find((table) => table.reviewKind === kind)!;
  return commentsQuery(db, who === 'member' ? signedInViewer : null, t, sql.placeholder('itemId'), { limit: Number(limit), offset: 0 });
});

/** A comment on the item itself, or a reply whose comment this viewer may see too. */
function answersVisibleComment(viewer: ViewerInQuery, t: CommentTable<string>): SQL {
  const parent = qualified(t.parentId);
  return sql`(${parent} is null or exists (select 1 from ${t.table} as answered where answered.id = ${parent} and ${visibleAs(viewer, 'answered')}))`;
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
  parentId: number | null;
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
    parentId: row.parentId,
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
 * The comment a reply answers, as stored: a comment under the same item that she may see
 * (visibleTo; anything else is the same 404). A reply to a reply answers that reply's comment,
 * so replies stay one level deep and together under the comment that started them.
 */
async function answeredComment(db: Db, viewer: { id: number; role: Role }, t: CommentTable<string>, itemId: number, id: number) {
  const [row] = await db
    .select({ id: t.id, parentId: t.parentId, userId: t.userId })
    .from(t.table)
    .where(and(eq(t.id, id), eq(t.itemId, itemId), visibleTo(viewer, t)))
    .limit(1);
  if (!row) throw notFound(messages.comments.replyTargetNotFound);
  return { parentId: (row.parentId ?? row.id) as number, answeredAuthorId: row.userId as number };
}

/**
 * Stores a comment by a member (content already trimmed and checked by the input schema) on an
 * item `itemCheck` finds she may see, and returns it in the list's shape; with `parentId`, a
 * reply to that comment (answeredComment). Counted against the member's comment rate limit; a
 * blocked word refuses it, and a new member's comment or one holding a `hold` word waits for
 * review (publicationOf).
 */
export async function addComment<ItemKey extends string>(
  deps: { db: Db; rateLimiter: RateLimiter; user: { id: number; role: Role; firstName: string; lastName: string } },
  t: CommentTable<ItemKey>,
  itemCheck: Promise<unknown>,
  input: { id: number; content: string; parentId?: number | null | undefined },
): Promise<CommentView & { message: string | null }> {
  const { db, user } = deps;
  const { id: itemId, content } = input;
  // The item's check, the answered comment's and the text's screening only read, so they run
  // at once (one wait for the database instead of several); their refusals keep their order:
  // the item's 404, the comment's 404, then the rate limit's 429 (not counted for an item she
  // can't see), then a blocked word's 400.
  const answered = input.parentId == null ? Promise.resolve(null) : answeredComment(db, user, t, itemId, input.parentId);
  const [item, reply, screened] = await Promise.allSettled([itemCheck, answered, publicationOf(db, user, content)]);
  if (item.status === 'rejected') throw item.reason;
  if (reply.status === 'rejected') throw reply.reason;
  await deps.rateLimiter.consume('comment', `user:${user.id}`);
  if (screened.status === 'rejected') throw screened.reason;
  const publication = screened.value;
  const parentId = reply.value?.parentId ?? null;
  const values = { [t.itemKey]: itemId, parentId, userId: user.id, content, ...publication };
  // The comment and what it tells others (a reply, a mention; staff of a held one) are kept together.
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(t.table)
      .values(values as never)
      .returning({ id: t.id, createdAt: t.createdAt });
    await notifyWritten(tx, t.reviewKind, inserted!.id as number);
    return inserted;
  });
  const view = toCommentView(user, { ...user, id: row!.id as number, parentId, content, createdAt: row!.createdAt as Date, state: publication.state, authorId: user.id, authorRole: user.role });
  return { ...view, message: heldMessage(publication, 'comment') };
}
