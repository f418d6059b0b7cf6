import { and, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '#db/client';
import { blogComments, blogs, blocks, forumComments, forumPosts, podcastComments, users } from '#db/schema';
import { messages } from '#shared/messages';
import { badRequest, notFound } from '../errors';
import { displayName } from '../policies';
import { qualified } from '../services/content-query';

const m = messages.safety;

const published = (state: SQL) => sql`${state} = 'published'`;

/** Whether either of the two members blocked the other. */
const blockBetween = (a: SQL | number, b: SQL | number) =>
  sql`exists (select 1 from ${blocks} where (${qualified(blocks.blockerId)} = ${a} and ${qualified(blocks.blockedId)} = ${b}) or (${qualified(blocks.blockerId)} = ${b} and ${qualified(blocks.blockedId)} = ${a}))`;

/**
 * Whether the member in the `users` row wrote a post or comment this viewer can see: published,
 * in a thread she can see. Blocks between the two are left to the caller.
 */
function wroteSomethingSeenBy(viewerId: number): SQL {
  const author = qualified(users.id);
  const post = sql`exists (select 1 from ${forumPosts} where ${qualified(forumPosts.userId)} = ${author} and ${published(qualified(forumPosts.state))})`;
  const forumComment = sql`exists (select 1 from ${forumComments} join ${forumPosts} on ${qualified(forumPosts.id)} = ${qualified(forumComments.postId)}
    where ${qualified(forumComments.userId)} = ${author} and ${published(qualified(forumComments.state))} and ${published(qualified(forumPosts.state))}
    and (${qualified(forumPosts.userId)} = ${author} or not ${blockBetween(viewerId, qualified(forumPosts.userId))}))`;
  const blogComment = sql`exists (select 1 from ${blogComments} join ${blogs} on ${qualified(blogs.id)} = ${qualified(blogComments.blogId)}
    where ${qualified(blogComments.userId)} = ${author} and ${published(qualified(blogComments.state))} and ${qualified(blogs.isPublished)})`;
  const podcastComment = sql`exists (select 1 from ${podcastComments} where ${qualified(podcastComments.userId)} = ${author} and ${published(qualified(podcastComments.state))})`;
  return or(post, forumComment, blogComment, podcastComment)!;
}

/**
 * The one rule for whom a member may block, and so whom her blocks list may name: an approved
 * member, not a moderator, whose post or comment she can see. That is how she learned the id:
 * a member's id is shown beside what she wrote (`authorId`). Anything else would let her try
 * ids one by one and read back who exists, and who moderates. Her own earlier block of the
 * member is no obstacle (blocking again changes nothing); the other member's block of her is,
 * since she then sees nothing by her.
 */
export function blockableBy(blockerId: number): SQL {
  const member = qualified(users.id);
  const hers = sql`exists (select 1 from ${blocks} where ${qualified(blocks.blockerId)} = ${blockerId} and ${qualified(blocks.blockedId)} = ${member})`;
  const theirs = sql`exists (select 1 from ${blocks} where ${qualified(blocks.blockerId)} = ${member} and ${qualified(blocks.blockedId)} = ${blockerId})`;
  return and(eq(users.approvalStatus, 'approved'), eq(users.role, 'member'), sql`(${hers} or not ${theirs})`, wroteSomethingSeenBy(blockerId))!;
}

/**
 * Whether this viewer can see a post or comment by the member: the rule for reporting a
 * member (moderators included: a report of one goes to the other moderators).
 */
export async function seesWritingBy(db: Db, viewerId: number, memberId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, memberId), eq(users.approvalStatus, 'approved'), sql`not ${blockBetween(viewerId, memberId)}`, wroteSomethingSeenBy(viewerId)))
    .limit(1);
  return row !== undefined;
}

/**
 * A member blocks another: from then on neither sees the other's posts and comments, nor can
 * comment on the other's posts (visibleTo). Silent: the blocked member is never told, and
 * blocking again changes nothing. Only a member blockableBy her: an unknown id, a moderator
 * (so moderation is never hidden from anyone) and a member she has seen nothing by all get the
 * same 404, so the answer tells her nothing about who they are.
 */
export async function blockMember(db: Db, blockerId: number, userId: number) {
  if (userId === blockerId) throw badRequest(m.blockSelf);
  const [target] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), blockableBy(blockerId)))
    .limit(1);
  if (!target) throw notFound(m.blockUnavailable);
  await db.insert(blocks).values({ blockerId, blockedId: userId }).onConflictDoNothing();
  return { success: true as const, message: m.blocked, userId };
}

export async function unblockMember(db: Db, blockerId: number, userId: number) {
  const [row] = await db
    .delete(blocks)
    .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, userId)))
    .returning({ userId: blocks.blockedId });
  if (!row) throw notFound(m.notBlocked);
  return { success: true as const, message: m.unblocked, userId };
}

/**
 * The members she blocked, newest first, named as members see each other: only those
 * blockableBy her, so a block made before that rule, of an id she never saw, names nobody.
 */
export async function myBlocks(db: Db, blockerId: number) {
  const rows = await db
    .select({ userId: blocks.blockedId, firstName: users.firstName, lastName: users.lastName, createdAt: blocks.createdAt })
    .from(blocks)
    .innerJoin(users, eq(users.id, blocks.blockedId))
    .where(and(eq(blocks.blockerId, blockerId), blockableBy(blockerId)))
    .orderBy(desc(blocks.createdAt), desc(blocks.blockedId));
  return rows.map(({ firstName, lastName, ...row }) => ({ ...row, user: displayName({ firstName, lastName }) }));
}
