import type { Db } from '#db/client';
import { listenTo } from '#db/notifications';
import { DropCache } from '../drop-cache';

/**
 * The sessions this process looked up lately, with their members, so a signed-in member's
 * requests don't each read her session and user row from the database.
 *
 * Staying right: the database tells every process at commit whenever a session is changed or
 * ended, or its member changed or removed (triggers of migration 0021 send 's:<session id>' or
 * 'u:<user id>' on `bloom_sessions`), whatever code or statement made the change; the entry is
 * dropped on arrival. An admin's rejection, demotion or suspension therefore takes effect within
 * milliseconds in every process. Each entry also lives `ttlMs` at most, which bounds a
 * notification lost while the listening connection was down, and everything kept is dropped
 * when the listening starts again after a reconnect.
 *
 * A lookup that began before a change to its session or member stores nothing, so a row read
 * just before a change never outlives it (drop-cache.ts, shared with the read cache). The
 * checks on what is kept (expiry, approval, suspension) run on every request
 * (validateSessionToken), cached or not.
 */
export interface SessionCacheOptions {
  ttlMs?: number;
  maxEntries?: number;
}

const CHANNEL = 'bloom_sessions';

/** What the database said changed: one session, or a member (and with her, all her sessions). */
type SessionChange = { sessionId: string } | { userId: number };

export class SessionCache<Row extends { session: { userId: number } }> {
  private readonly rows: DropCache<string, Row, SessionChange>;

  constructor(options: SessionCacheOptions = {}) {
    this.rows = new DropCache({
      maxEntries: options.maxEntries ?? 10_000,
      ttlMs: options.ttlMs ?? 10_000,
      isStaleAfter: (change, row, sessionId) => ('sessionId' in change ? change.sessionId === sessionId : change.userId === row.session.userId),
    });
  }

  get(sessionId: string): Row | undefined {
    return this.rows.get(sessionId);
  }

  /** Reads through the cache: `read` runs on a miss, and its row is kept unless a change to it came meanwhile. */
  async lookUp(sessionId: string, read: () => Promise<Row | undefined>): Promise<Row | undefined> {
    const kept = this.get(sessionId);
    if (kept) return kept;
    const readSince = this.rows.version;
    const row = await read();
    if (row) this.rows.set(sessionId, row, readSince);
    return row;
  }

  dropSession(sessionId: string) {
    this.rows.drop({ sessionId });
  }

  dropUser(userId: number) {
    this.rows.drop({ userId });
  }

  clear() {
    this.rows.clear();
  }

  /** Applies a notification from the database's triggers. */
  applyNotice(message: string) {
    const [kind, id = ''] = [message.slice(0, 2), message.slice(2)];
    if (kind === 's:') this.dropSession(id);
    else if (kind === 'u:' && /^\d+$/.test(id)) this.dropUser(Number(id));
    else this.clear();
  }

  /** Starts listening for the database's notices; answers the function that stops it. */
  async listen(db: Db): Promise<() => Promise<void>> {
    return listenTo(
      db,
      CHANNEL,
      (message) => this.applyNotice(message),
      () => this.clear(),
    );
  }
}
