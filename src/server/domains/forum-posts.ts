import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '#db/client';
import { forumPostLikes, forumPosts, users } from '#db/schema';
import { qualified } from '../services/content-query';
import { signedInViewer, visibleTo, type ContentViewer, type ViewerInQuery } from '../moderation/visibility';
import { type DisplayName, mayDelete, memberSeenBy } from '../policies';
import { isWrittenLimit, pageLimit } from './paging';
import { preparedRead } from './prepared';

/** Who is reading: her own posts and likes are marked, and Delete shows where she may delete. */
export type ForumViewer = ContentViewer;

/**
 * The forum post read model, for the posts this viewer may see (visibleTo). The author is as
 * this viewer sees her (memberSeenBy): her id goes to signed-in members only (to block her),
 * never to visitors. likedByMe, isMine, canDelete (mayDelete) and waitingForReview are the
 * viewer's own.
 */
export interface ForumPostView {
  id: number;
  title: string;
  content: string;
  category: (typeof forumPosts.$inferSelect)['category'];
  createdAt: Date;
  author: DisplayName;
  authorId: number | null;
  likes: number;
  comments: number;
  likedByMe: boolean;
  isMine: boolean;
  canDelete: boolean;
  /** Her own post, not yet approved by a moderator: only she sees it. */
  waitingForReview: boolean;
}

const postCounts = {
  likes: forumPosts.likeCount,
  // Comments everyone sees: held and hidden ones are not counted.
  comments: forumPosts.commentCount,
};

/** The query of selectPosts; the viewer's id may be a prepared read's placeholder. */
function postsQuery(db: Db, viewer: ViewerInQuery, where: SQL | undefined, limit: number) {
  const likedByMe =
    viewer === null
      ? sql<boolean>`false`
      : sql<boolean>`exists (select 1 from ${forumPostLikes} where ${qualified(forumPostLikes.postId)} = ${qualified(forumPosts.id)} and ${qualified(forumPostLikes.userId)} = ${viewer.id})`;
  return db
    .select({
      id: forumPosts.id,
      title: forumPosts.title,
      content: forumPosts.content,
      category: forumPosts.category,
      createdAt: forumPosts.createdAt,
      state: forumPosts.state,
      authorId: users.id,
      authorRole: users.role,
      firstName: users.firstName,
      lastName: users.lastName,
      ...postCounts,
      likedByMe: likedByMe.mapWith(Boolean),
    })
    .from(forumPosts)
    .innerJoin(users, eq(users.id, forumPosts.userId))
    .where(and(visibleTo(viewer, forumPosts), where))
    .orderBy(desc(forumPosts.createdAt), desc(forumPosts.id))
    .limit(pageLimit(limit));
}

type PostRow = Awaited<ReturnType<typeof postsQuery>>[number];

/** A post as this viewer sees it. Field by field: a rest-and-spread copy is much slower in V8. */
function toPostView(viewer: ForumViewer, row: PostRow): ForumPostView {
  const author = memberSeenBy(viewer, { id: row.authorId, firstName: row.firstName, lastName: row.lastName });
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    category: row.category,
    createdAt: row.createdAt,
    likes: row.likes,
    comments: row.comments,
    likedByMe: row.likedByMe,
    author: author.name,
    authorId: author.id,
    waitingForReview: row.state === 'held',
    isMine: author.isMine,
    canDelete: mayDelete(viewer, 'forumPost', { id: row.authorId, role: row.authorRole }),
  };
}

/** The posts this viewer may see, newest first (ties broken by id), with author, counts and the viewer's own state. */
export async function selectPosts(db: Db, viewer: ForumViewer, where: SQL | undefined, limit: number): Promise<ForumPostView[]> {
  const rows = await postsQuery(db, viewer, where, limit);
  return rows.map((row) => toPostView(viewer, row));
}

/** The forum's first page (every category), which most visits open, prepared per size and kind of viewer. */
const preparedFirstPosts = preparedRead('forum.list', (db, shape: `${'member' | 'visitor'}:${number}`) => {
  const [who, limit] = shape.split(':');
  return postsQuery(db, who === 'member' ? signedInViewer : null, undefined, Number(limit));
});

/** selectPosts for the first page of every category: prepared at the sizes pageLimit writes into a query. */
export async function selectFirstPosts(db: Db, viewer: ForumViewer, limit: number): Promise<ForumPostView[]> {
  if (!isWrittenLimit(limit)) return selectPosts(db, viewer, undefined, limit);
  const rows = await preparedFirstPosts(db, `${viewer ? 'member' : 'visitor'}:${limit}`, viewer ? { viewerId: viewer.id } : {});
  return rows.map((row) => toPostView(viewer, row));
}

/** The admin panel's moderation list: the author in full, with her email, so a moderator can reach her. */
export const adminForumPostColumns = {
  id: forumPosts.id,
  title: forumPosts.title,
  content: forumPosts.content,
  category: forumPosts.category,
  createdAt: forumPosts.createdAt,
  authorFirstName: users.firstName,
  authorLastName: users.lastName,
  authorEmail: users.email,
  state: forumPosts.state,
  ...postCounts,
};
