import type { Db } from '#db/client';
import { listenTo } from '#db/notifications';

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
 * A lookup that began before a drop stores nothing, so a row read just before a change never
 * outlives it. The checks on what is kept (expiry, approval, suspension) run on every request
 * (validateSessionToken), cached or not.
 */
export interface SessionCacheOptions {
  ttlMs?: number;
  maxEntries?: number;
}

const CHANNEL = 'bloom_sessions';

export class SessionCache<Row extends { session: { userId: number } }> {
  private readonly entries = new Map<string, { row: Row; expires: number }>();
  /** Counts drops, so a lookup can tell whether one came while it read. */
  private drops = 0;
  private readonly ttlMs: number;
  private readonly maxEntries: number;

  constructor(options: SessionCacheOptions = {}) {
    this.ttlMs = options.ttlMs ?? 10_000;
    this.maxEntries = options.maxEntries ?? 10_000;
  }

  get(sessionId: string): Row | undefined {
    const entry = this.entries.get(sessionId);
    if (!entry) return undefined;
    if (entry.expires > Date.now()) return entry.row;
    this.entries.delete(sessionId);
    return undefined;
  }

  /** Reads through the cache: `read` runs on a miss, and its row is kept unless a drop came meanwhile. */
  async lookUp(sessionId: string, read: () => Promise<Row | undefined>): Promise<Row | undefined> {
    const kept = this.get(sessionId);
    if (kept) return kept;
    const dropsBefore = this.drops;
    const row = await read();
    if (row && this.drops === dropsBefore) this.keep(sessionId, row);
    return row;
  }

  private keep(sessionId: string, row: Row) {
    this.entries.delete(sessionId);
    // A Map iterates in insertion order: the first entries are the oldest.
    while (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(sessionId, { row, expires: Date.now() + this.ttlMs });
  }

  dropSession(sessionId: string) {
    this.drops++;
    this.entries.delete(sessionId);
  }

  dropUser(userId: number) {
    this.drops++;
    for (const [sessionId, entry] of this.entries) if (entry.row.session.userId === userId) this.entries.delete(sessionId);
  }

  clear() {
    this.drops++;
    this.entries.clear();
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
