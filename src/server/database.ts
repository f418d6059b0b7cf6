import { resolve } from 'node:path';
import { createDb, type Db, type DbHandle } from '../../db/client';
import { runMigrations } from '../../db/migrate';
import type { Env } from './env';

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
    const handle = createDb({ url: env.DATABASE_URL });
    await runMigrations(handle);
    await prepare(handle.db);
    return handle;
  }
  const dataDir = resolve(env.DATA_DIR);
  const preparing = createDb({ dataDir });
  try {
    await runMigrations(preparing);
    await prepare(preparing.db);
  } finally {
    await preparing.close();
  }
  return createDb({ dataDir });
}
