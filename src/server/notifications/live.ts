import type { Db } from '#db/client';
import { notify } from '#db/notifications';

/** The channel that tells every server process whose notifications changed. */
export const NOTIFICATIONS_CHANNEL = 'bloom_notifications';

/** Ids per message, well under NOTIFY's 8,000-byte payload. */
const IDS_PER_MESSAGE = 500;

/**
 * Tells every process (and this one) that these members have new notifications, once the
 * transaction that wrote them commits (NOTIFY inside a transaction is delivered at commit,
 * and not at all after a rollback): their open streams then send the new unread count.
 */
export async function signalNotified(tx: Db, userIds: number[]): Promise<void> {
  for (let i = 0; i < userIds.length; i += IDS_PER_MESSAGE) {
    await notify(tx, NOTIFICATIONS_CHANNEL, userIds.slice(i, i + IDS_PER_MESSAGE).join(','));
  }
}
