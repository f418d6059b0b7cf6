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
type DriverClient = Pick<postgres.Sql, 'listen'> | Pick<PGlite, 'listen'>;

const clientOf = (db: Db) => (db as unknown as { $client: DriverClient }).$client;

/** Listens on `channel` until the returned function is called. */
export async function listenTo(db: Db, channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>> {
  const listening = await clientOf(db).listen(channel, onMessage);
  // postgres.js answers { unlisten }, PGlite the function that stops listening.
  return typeof listening === 'function' ? () => listening() : () => listening.unlisten();
}

/** Sends `payload` (under 8,000 bytes) to every listener of `channel`. */
export async function notify(db: Db, channel: string, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}
