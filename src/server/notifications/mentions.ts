import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '#db/client';
import { blogComments, forumComments, forumPosts, podcastComments, users } from '#db/schema';
import type { ContentType } from '#shared/links';
import { displayName } from '../policies';
import { visibleTo, type ContentViewer } from '../moderation/visibility';

/** The threads members write in, and a thread's participants: who wrote the post or a comment in it. */
type Thread = { type: Exclude<ContentType, 'event'>; id: number };

/** Members a mention may name in one thread at most (a mention list or a text's mentions). */
export const MENTION_CANDIDATES_MAX = 200;

const COMMENTS = { podcast: podcastComments, blog: blogComments, forum: forumComments } as const;

/** The ids of the members who took part in a thread, as `viewer` sees them (visibleTo: published, or hers, no blocks). */
function participants(thread: Thread, viewer: ContentViewer): SQL {
  const comments = COMMENTS[thread.type];
  const itemColumn = thread.type === 'podcast' ? podcastComments.podcastId : thread.type === 'blog' ? blogComments.blogId : forumComments.postId;
  const commenters = sql`select ${comments.userId} from ${comments} where ${itemColumn} = ${thread.id} and ${visibleTo(viewer, comments)}`;
  if (thread.type !== 'forum') return commenters;
  return sql`${commenters} union select ${forumPosts.userId} from ${forumPosts} where ${forumPosts.id} = ${thread.id} and ${visibleTo(viewer, forumPosts)}`;
}

/** A member's name as a mention writes it: her display name, "Zeina F.". */
export const mentionName = (person: { firstName: string; lastName: string }) => {
  const name = displayName(person);
  return `${name.firstName} ${name.lastName}`.trim();
};

/** Display names of a thread's participants, for the mention list and for reading mentions. */
async function participantNames(db: Db, thread: Thread, viewer: ContentViewer) {
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(and(sql`${users.id} in (${participants(thread, viewer)})`, eq(users.approvalStatus, 'approved')))
    .orderBy(users.firstName, users.id)
    .limit(MENTION_CANDIDATES_MAX);
  return rows.map((row) => ({ id: row.id, name: mentionName(row) }));
}

/** Whether `text` names `name` as a mention: "@Zeina F." not followed by a letter or digit (so "@Zeina F.x" is not her). */
export function mentions(text: string, name: string): boolean {
  const wanted = `@${name}`;
  for (let at = text.indexOf(wanted); at !== -1; at = text.indexOf(wanted, at + 1)) {
    const next = text.slice(at + wanted.length).match(/^./su)?.[0];
    if (next === undefined || !/[\p{L}\p{N}\p{M}]/u.test(next)) return true;
  }
  return false;
}

/**
 * The members a post or comment mentions: participants of its thread its author can see, named
 * by their exact display name (a look-alike or a name with an invisible character names nobody).
 */
export async function mentionedIn(db: Db, item: { authorId: number; content: string; thread: { type: ContentType; id: number } }): Promise<number[]> {
  if (!item.content.includes('@') || item.thread.type === 'event') return [];
  const text = item.content.normalize('NFC');
  const names = await participantNames(db, { type: item.thread.type, id: item.thread.id }, { id: item.authorId, role: 'member' });
  return names.filter((person) => person.id !== item.authorId && mentions(text, person.name)).map((person) => person.id);
}

/**
 * GET /api/mentions: the participants of a thread she can see whose display name starts with
 * `q` (any case), never herself, at most `limit`; display names only.
 */
export async function mentionCandidates(db: Db, viewer: NonNullable<ContentViewer>, thread: Thread, q: string, limit: number) {
  const prefix = q.normalize('NFC').toLocaleLowerCase();
  const names = await participantNames(db, thread, viewer);
  return names
    .filter((person) => person.id !== viewer.id && person.name.toLocaleLowerCase().startsWith(prefix))
    .slice(0, limit)
    .map((person) => {
      const [firstName, lastName] = splitName(person.name);
      return { firstName, lastName, mention: `@${person.name}` };
    });
}

const splitName = (name: string): [string, string] => {
  const at = name.lastIndexOf(' ');
  return at === -1 ? [name, ''] : [name.slice(0, at), name.slice(at + 1)];
};
