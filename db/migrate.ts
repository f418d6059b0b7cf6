import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import type { DbHandle } from './client';

/**
 * Finds db/migrations both from source (db/migrate.ts) and from the bundled server
 * (dist/server/*.js), so `npm start` and the tests read the same files.
 */
export function migrationsFolder(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = [resolve(here, 'migrations'), resolve(here, '../../db/migrations'), resolve(process.cwd(), 'db/migrations')];
  const found = candidates.find((dir) => existsSync(resolve(dir, 'meta/_journal.json')));
  if (!found) throw new Error('db/migrations not found');
  return found;
}

export async function runMigrations(handle: DbHandle): Promise<void> {
  const config = { migrationsFolder: migrationsFolder() };
  if (handle.driver === 'pglite') {
    await migratePglite(handle.db as unknown as PgliteDatabase, config);
  } else {
    await migratePostgres(handle.db as unknown as PostgresJsDatabase, config);
  }
}
