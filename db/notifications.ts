import { sql } from 'drizzle-orm';
import type postgres from 'postgres';
import type { PGlite } from '@electric-sql/pglite';
import type { Db } from './client';

/**
 * PostgreSQL's LISTEN/NOTIFY between the processes that share one database: a message sent
 * with notify() reaches every process listening on the channel, once the sender's transaction
 * (if any) commits. Both drivers carry it: postgres.js listens on a connection of its own and
 * listens again after a reconnect; PGlite, which one process owns, delivers within itself.
 */
type DriverClient = postgres.Sql | PGlite;

const clientOf = (db: Db) => (db as unknown as { $client: DriverClient }).$client;

/**
 * Listens on `channel` until the returned function is called. `onListen` runs each time the
 * listening starts: at first and, on PostgreSQL, after each reconnect, when the messages sent
 * while the connection was down are lost (a cache clears what it keeps then).
 */
export async function listenTo(db: Db, channel: string, onMessage: (payload: string) => void, onListen?: () => void): Promise<() => Promise<void>> {
  const client = clientOf(db);
  // postgres.js's client is its tagged-template function; it calls onListen itself.
  if (typeof client === 'function') {
    const listening = await client.listen(channel, onMessage, onListen);
    return () => listening.unlisten();
  }
  const stop = await client.listen(channel, onMessage);
  onListen?.();
  return () => stop();
}

/** Sends `payload` (under 8,000 bytes) to every listener of `channel`. */
export async function notify(db: Db, channel: string, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}
