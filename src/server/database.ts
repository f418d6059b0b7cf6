import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createDb, type Db, type DbHandle } from '#db/client';
import { runMigrations } from '#db/migrate';
import type { Env } from './env';

/** The created, migrated, empty cluster `npm run build` leaves in dist (scripts/pglite-template.ts). */
export const PGLITE_TEMPLATE_FILE = 'pglite-template.tar.gz';

/**
 * A new PGlite folder starts from the built template, when there is one: beside the built
 * server (dist/server), or in dist when the server runs from source (tests, development). Creating
 * a cluster grows PGlite's memory to about 800 MiB for good, loading one about half that. A
 * template older than the code is fine: the migrations it lacks run next.
 */
function templateFor(dataDir: string): Blob | undefined {
  if (existsSync(join(dataDir, 'PG_VERSION'))) return undefined;
  const template = [resolve(import.meta.dirname, '..', PGLITE_TEMPLATE_FILE), resolve(import.meta.dirname, '../../dist', PGLITE_TEMPLATE_FILE)].find((file) => existsSync(file));
  return template ? new Blob([readFileSync(template)]) : undefined;
}

/**
 * Opens the configured database (PostgreSQL when DATABASE_URL is set, else PGlite), migrates
 * it and runs `prepare` (the first admin, demo content) before it serves.
 *
 * The embedded PGlite is opened afresh after that work: building indexes and loading content
 * grow its WebAssembly memory, which is never given back while it runs, so the serving
 * instance would otherwise keep hundreds of megabytes it no longer needs.
 */
export async function openDatabase(env: Env, prepare: (db: Db) => Promise<void> = async () => {}): Promise<DbHandle> {
  if (env.DATABASE_URL) {
    const handle = createDb({ url: env.DATABASE_URL, maxConnections: env.DATABASE_POOL_SIZE });
    await runMigrations(handle);
    await prepare(handle.db);
    return handle;
  }
  const dataDir = resolve(env.DATA_DIR);
  const preparing = createDb({ dataDir, loadDataDir: templateFor(dataDir) });
  try {
    await runMigrations(preparing);
    await prepare(preparing.db);
  } finally {
    await preparing.close();
  }
  return createDb({ dataDir });
}
