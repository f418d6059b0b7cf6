import { eq } from 'drizzle-orm';
import type { Db } from '#db/client';
import { users } from '#db/schema';
import { messages } from '#shared/messages';
import { REVIEWED_CONTRIBUTIONS, type HoldReason } from '#shared/moderation';
import { screenMemberText } from './watched-words';
import { isStaff, type Role } from '../policies';

/** Where a new post or comment starts: published at once, or held for review with the reason. */
export type Publication = { state: 'published'; holdReason: null } | { state: 'held'; holdReason: HoldReason };

const PUBLISHED: Publication = { state: 'published', holdReason: null };

/**
 * Decides, before a member's post or comment is stored, whether it is published at once:
 * a blocked word refuses it (400); a `hold` word, or an author who is not yet established
 * (her first REVIEWED_CONTRIBUTIONS items wait for a moderator), holds it for review.
 * Staff's own writing is never held.
 */
export async function publicationOf(db: Db, author: { id: number; role: Role }, ...texts: string[]): Promise<Publication> {
  const verdict = await screenMemberText(db, ...texts);
  if (isStaff(author)) return PUBLISHED;
  if (verdict === 'hold') return { state: 'held', holdReason: 'watched_word' };
  const [row] = await db.select({ established: users.established }).from(users).where(eq(users.id, author.id)).limit(1);
  return row?.established ? PUBLISHED : { state: 'held', holdReason: 'new_member' };
}

/**
 * What her post or comment's author is told when it waits: that it waits (in the item's own
 * word) and, when it is one of her first items, why. A watched word's hold isn't explained, so
 * the list can't be probed. Null when it was published.
 */
export function heldMessage(publication: Publication, item: 'post' | 'comment'): string | null {
  if (publication.state !== 'held') return null;
  const waits = item === 'post' ? messages.safety.heldForReview : messages.safety.commentHeldForReview;
  return publication.holdReason === 'new_member' ? `${waits} ${messages.safety.heldAsNewMember(REVIEWED_CONTRIBUTIONS)}` : waits;
}
