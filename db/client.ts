import { mkdirSync } from 'node:fs';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
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
  /** A folder; a new one may start from `loadDataDir`, a packed cluster (PGlite's dumpDataDir). */
  | { dataDir: string; loadDataDir?: Blob | undefined }
  /** Made with {@link createPglite}: the migrations need its extensions. */
  | { pglite: PGlite };

/**
 * The contrib extensions the migrations create: PGlite can load an extension only when it
 * starts, so every PGlite the app migrates or queries must be made with them.
 */
export const pgliteExtensions = { pg_trgm };

/** A PGlite (in memory, in options.dataDir, or loaded from options.loadDataDir) with {@link pgliteExtensions}. */
export function createPglite(options: PGliteOptions = {}): PGlite {
  return new PGlite({ startParams: PGLITE_START_PARAMS, ...options, extensions: { ...options.extensions, ...pgliteExtensions } });
}

/**
 * PGlite's PostgreSQL runs in WebAssembly memory, which grows and is never given back. Its
 * default 128 MB of shared buffers sit in that memory for good; 32 MB holds a community
 * site's hot pages, and the rest of the data stays in the operating system's file cache.
 */
const PGLITE_START_PARAMS = [...(PGlite as unknown as { defaultStartParams: string[] }).defaultStartParams, '-c', 'shared_buffers=32MB'];

/**
 * drizzle asks postgres.js to prepare only queries given a name, so every other query is
 * sent unnamed: PostgreSQL parses it anew each time, and postgres.js first asks it to
 * describe the parameters, a second round trip. Preparing every query, in transactions and
 * savepoints too (postgres.js hands drizzle a client of their own), lets each connection parse
 * a query's text once and run it in one round trip. The query texts are a fixed set (values
 * always travel as parameters), so the statements each connection keeps stay few. (A pooler
 * in transaction mode, which can't keep prepared statements, would need this off.) The
 * driver's own BEGIN has no parameters, so it goes as a simple query, which is never prepared.
 * A BEGIN that filled a busy connection's pipeline used to leave its connection unreserved
 * (UNSAFE_TRANSACTION): patches/postgres+3.4.9.patch fixes that in the driver.
 *
 * A prepared query is planned for its values on its first calls; PostgreSQL then keeps a
 * generic plan when one costs no more, which saves the planning (at scale, two fifths of the
 * database's time for the site's lists). A search is the exception (searchedPerCall): sent
 * unnamed, it is planned for each call with its words.
 */
function preparedByDefault(client: postgres.Sql | postgres.TransactionSql) {
  const unsafe = client.unsafe.bind(client);
  client.unsafe = ((query: string, parameters?: postgres.ParameterOrJSON<never>[], options?: postgres.UnsafeQueryOptions) =>
    unsafe(query, parameters, {
      ...options,
      prepare: !searchedPerCall(query),
      // postgres.js sends a query without parameters (a page whose size is written in it) as a
      // simple query, which is never prepared; the transaction's own statements stay so.
      ...(TRANSACTION_CONTROL.test(query) ? {} : { simple: false }),
    } as postgres.UnsafeQueryOptions)) as typeof client.unsafe;
  for (const scope of ['begin', 'savepoint'] as const) {
    if (!(scope in client)) continue;
    const open = (client as unknown as Record<string, (...args: unknown[]) => unknown>)[scope]!.bind(client);
    // The callback comes last: begin(fn), begin(options, fn), savepoint(fn), savepoint(name, fn).
    (client as unknown as Record<string, unknown>)[scope] = (...args: unknown[]) => {
      const body = args.pop() as (inner: postgres.TransactionSql) => unknown;
      return open(...args, (inner: postgres.TransactionSql) => {
        preparedByDefault(inner);
        return body(inner);
      });
    };
  }
}

/**
 * A query that searches text (src/server/services/content-query.ts's bloom_search_ functions,
 * a name's ILIKE): how many rows a search matches depends on its words, from none to most of
 * the table, and only a plan made for the words can tell a walk in date order from an index
 * lookup. A generic plan can't see them: one measured run of the hub search read the whole
 * table for it (3.4 s p99).
 */
export const searchedPerCall = (query: string): boolean => /bloom_search_|\bilike\b/i.test(query);

/** BEGIN, COMMIT, ROLLBACK and savepoints, which the driver sends itself. */
const TRANSACTION_CONTROL = /^\s*(begin|commit|rollback|savepoint|release)\b/i;

/** The rows of `db.execute(sql...)`: postgres.js answers an array of rows, PGlite an object holding them. */
export function rowsOf<Row>(result: unknown): Row[] {
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Row[];
}

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
    preparedByDefault(client);
    return {
      db: drizzlePostgres(client, { schema }) as unknown as Db,
      driver: 'postgres',
      // Called once the server has finished its requests: nothing should be left to wait for but
      // connections an outage broke, which never answer. Half a second, then they are dropped.
      close: () => client.end({ timeout: 0.5 }),
    };
  }
  let pglite: PGlite;
  if ('pglite' in options) {
    pglite = options.pglite;
  } else {
    // PGlite fails with a confusing error when its folder does not exist yet.
    mkdirSync(options.dataDir, { recursive: true });
    pglite = createPglite({ dataDir: options.dataDir, ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}) });
  }
  return {
    db: drizzlePglite(pglite, { schema }) as unknown as Db,
    driver: 'pglite',
    close: () => pglite.close(),
  };
}

export { schema };
