import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '#db/client';
import { blogs, eventRsvps, forumPosts, podcasts } from '#db/schema';
import type { ContentType } from '#shared/links';
import type { ReviewableKind } from '#shared/moderation';
import { COMMENT_TABLES } from '../services/comments';
import { mentionedIn } from './mentions';
import { notify, notifyStaff, type NewNotification } from './notify';

/** A comment kind's thread: its table, title and (forum posts) author. */
const THREADS = {
  podcast: { type: 'podcast', table: podcasts, id: podcasts.id, title: podcasts.title, authorId: null },
  blog: { type: 'blog', table: blogs, id: blogs.id, title: blogs.title, authorId: null },
  forum: { type: 'forum', table: forumPosts, id: forumPosts.id, title: forumPosts.title, authorId: forumPosts.userId },
} as const satisfies Record<keyof typeof COMMENT_TABLES, { type: ContentType; table: PgTable; id: PgColumn; title: PgColumn; authorId: PgColumn | null }>;

const commentKindOf = (kind: ReviewableKind) => (kind === 'forum_post' ? null : (kind.replace(/_comment$/, '') as keyof typeof COMMENT_TABLES));

/** A post or comment with its thread, as its notifications need it; undefined once it is gone. */
export interface WrittenItem {
  kind: ReviewableKind;
  id: number;
  authorId: number;
  state: string;
  content: string;
  /** The comment a reply answers. */
  parentId: number | null;
  thread: { type: ContentType; id: number; title: string; authorId: number | null };
}

export async function writtenItem(tx: Db, kind: ReviewableKind, id: number): Promise<WrittenItem | undefined> {
  const commentKind = commentKindOf(kind);
  if (!commentKind) {
    const [post] = await tx.select({ authorId: forumPosts.userId, state: forumPosts.state, content: forumPosts.content, title: forumPosts.title }).from(forumPosts).where(eq(forumPosts.id, id));
    return post && { kind, id, authorId: post.authorId, state: post.state, content: post.content, parentId: null, thread: { type: 'forum', id, title: post.title, authorId: post.authorId } };
  }
  const t = COMMENT_TABLES[commentKind];
  const thread = THREADS[commentKind];
  const [row] = await tx
    .select({
      authorId: sql<number>`${t.userId}`,
      state: sql<string>`${t.state}`,
      content: sql<string>`${t.content}`,
      parentId: sql<number | null>`${t.parentId}`,
      threadId: sql<number>`${t.itemId}`,
      title: sql<string>`${thread.title}`,
      threadAuthorId: thread.authorId ? sql<number | null>`${thread.authorId}` : sql<number | null>`null`,
    })
    .from(t.table)
    .innerJoin(thread.table, eq(thread.id, t.itemId))
    .where(eq(t.id, id));
  return (
    row && {
      kind,
      id,
      authorId: Number(row.authorId),
      state: row.state,
      content: row.content,
      parentId: row.parentId === null ? null : Number(row.parentId),
      thread: { type: thread.type, id: Number(row.threadId), title: row.title, authorId: row.threadAuthorId === null ? null : Number(row.threadAuthorId) },
    }
  );
}

/** The author of the comment a reply answers. */
async function commentAuthor(tx: Db, kind: ReviewableKind, id: number): Promise<number | null> {
  const commentKind = commentKindOf(kind);
  if (!commentKind) return null;
  const t = COMMENT_TABLES[commentKind];
  const [row] = await tx.select({ userId: t.userId }).from(t.table).where(eq(t.id, id));
  return row ? (row.userId as number) : null;
}

/**
 * What a post or comment tells others once it is published (at once, or when a moderator
 * approves it; never while it is held): a reply tells the author of the comment it answers,
 * a comment on a forum post tells the post's author, and a mention tells the member named.
 */
export async function notifyPublished(tx: Db, item: WrittenItem): Promise<void> {
  if (item.state !== 'published') return;
  const about = { actorId: item.authorId, target: { type: item.thread.type, id: item.thread.id, title: item.thread.title }, alsoUnblockedWith: [item.thread.authorId] };
  const commentId = item.kind === 'forum_post' ? null : item.id;
  const wanted: NewNotification[] = [];
  if (commentId !== null) {
    const answered = item.parentId === null ? item.thread.authorId : await commentAuthor(tx, item.kind, item.parentId);
    if (answered !== null) wanted.push({ ...about, userId: answered, kind: 'reply', commentId });
  }
  // A member both answered and named is told once, of the reply.
  const told = new Set(wanted.map((n) => n.userId));
  for (const userId of await mentionedIn(tx, item)) if (!told.has(userId)) wanted.push({ ...about, userId, kind: 'mention', commentId });
  await notify(tx, wanted);
}

/** A post or comment held for review: staff are told it waits (its author by her display name). */
export async function notifyHeld(tx: Db, item: WrittenItem): Promise<void> {
  if (item.state !== 'held') return;
  await notifyStaff(tx, { kind: 'review_waiting', actorId: item.authorId, target: { type: 'review', id: item.id, title: item.thread.title } });
}

/** After a post or comment was stored: the notifications of a published one, or the staff's of a held one. */
export async function notifyWritten(tx: Db, kind: ReviewableKind, id: number): Promise<void> {
  const item = await writtenItem(tx, kind, id);
  if (!item) return;
  await notifyPublished(tx, item);
  await notifyHeld(tx, item);
}

/** What changed of an event that its people are told of: its time (or zone), its place, or that it is cancelled. */
export function eventChange(before: { dateTime: Date; timeZone: string; location: string }, after: { dateTime: Date; timeZone: string; location: string }): string | null {
  const time = before.dateTime.getTime() !== after.dateTime.getTime() || before.timeZone !== after.timeZone;
  const place = before.location !== after.location;
  return time && place ? 'time_and_place' : time ? 'time' : place ? 'place' : null;
}

/** Tells an event's attendees and its waitlist that it changed (`detail`), in the change's transaction. */
export async function notifyEventChanged(tx: Db, actorId: number, event: { id: number; title: string }, detail: string): Promise<void> {
  const people = await tx
    .select({ userId: eventRsvps.userId })
    .from(eventRsvps)
    .where(and(eq(eventRsvps.eventId, event.id), inArray(eventRsvps.status, ['attending', 'waitlisted'])));
  await notify(
    tx,
    people.map(({ userId }) => ({ userId, kind: 'event_changed' as const, actorId, target: { type: 'event' as const, id: event.id, title: event.title }, detail })),
  );
}
