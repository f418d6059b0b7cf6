import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import * as schema from './schema';

/** One type for both drivers, so the rest of the code never knows which one runs. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DbHandle {
  db: Db;
  driver: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export type DbOptions =
  | { url: string; maxConnections?: number }
  | { dataDir: string }
  | { pglite: PGlite };

/** PGlite in a folder when no DATABASE_URL is given, else a PostgreSQL pool. */
export function createDb(options: DbOptions): DbHandle {
  if ('url' in options) {
    const client = postgres(options.url, {
      max: options.maxConnections ?? 10,
      onnotice: () => {},
      // Fail fast while the database is unreachable so requests answer 503 instead of hanging.
      connect_timeout: 5,
      // postgres.js waits up to 20 s between reconnect attempts after repeated failures, so
      // requests queued after an outage would hang long after the database is back: retry within 0.5 s.
      backoff: (attempts: number) => Math.min(0.1 * attempts, 0.5),
    });
    return {
      db: drizzlePostgres(client, { schema }) as unknown as Db,
      driver: 'postgres',
      close: () => client.end({ timeout: 5 }),
    };
  }
  let pglite: PGlite;
  if ('pglite' in options) {
    pglite = options.pglite;
  } else {
    // PGlite fails with a confusing error when its folder does not exist yet.
    mkdirSync(options.dataDir, { recursive: true });
    pglite = new PGlite(options.dataDir);
  }
  return {
    db: drizzlePglite(pglite, { schema }) as unknown as Db,
    driver: 'pglite',
    close: () => pglite.close(),
  };
}

export { schema };
