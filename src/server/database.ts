import { resolve } from 'node:path';
import { createDb, type DbHandle } from '../../db/client';
import { runMigrations } from '../../db/migrate';
import type { Env } from './env';

/** Opens the configured database (PostgreSQL when DATABASE_URL is set, else PGlite) and migrates it. */
export async function openDatabase(env: Env): Promise<DbHandle> {
  const handle = env.DATABASE_URL ? createDb({ url: env.DATABASE_URL }) : createDb({ dataDir: resolve(env.DATA_DIR) });
  await runMigrations(handle);
  return handle;
}
