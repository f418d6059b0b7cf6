import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '#db/client';
import { blocks, users } from '#db/schema';
import { messages } from '#shared/messages';
import { badRequest, notFound } from '../errors';
import { publicMemberName } from '../services/public-member';

const m = messages.safety;

/**
 * A member blocks another: from then on neither sees the other's posts and comments, nor can
 * comment on the other's posts (visibleTo). Silent: the blocked member is never told, and
 * blocking again changes nothing. Moderators can't be blocked, so their moderation is never
 * hidden from anyone.
 */
export async function blockMember(db: Db, blockerId: number, userId: number) {
  if (userId === blockerId) throw badRequest(m.blockSelf);
  const [target] = await db
    .select({ isAdmin: users.isAdmin })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.approvalStatus, 'approved')))
    .limit(1);
  if (!target) throw notFound(m.memberNotFound);
  if (target.isAdmin) throw badRequest(m.blockModerator);
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

/** The members she blocked, newest first, named as members see each other. */
export async function myBlocks(db: Db, blockerId: number) {
  const rows = await db
    .select({ userId: blocks.blockedId, firstName: users.firstName, lastName: users.lastName, createdAt: blocks.createdAt })
    .from(blocks)
    .innerJoin(users, eq(users.id, blocks.blockedId))
    .where(eq(blocks.blockerId, blockerId))
    .orderBy(desc(blocks.createdAt), desc(blocks.blockedId));
  return rows.map(({ firstName, lastName, ...row }) => ({ ...row, user: publicMemberName({ firstName, lastName }) }));
}
