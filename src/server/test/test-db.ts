import { readFileSync } from 'node:fs';
import postgres from 'postgres';
import { inject } from 'vitest';
import { createDb, createPglite, type DbHandle } from '#db/client';
import { withDatabase } from './scratch-database';

/**
 * A fresh, migrated database for one test file: PGlite loaded from the run's dump, or a
 * PostgreSQL database copied from the run's template and dropped on close.
 */
export async function createTestDb(): Promise<DbHandle> {
  if (process.env.TEST_DB === 'postgres') {
    const url = process.env.TEST_DATABASE_URL!;
    const name = `bloom_t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    const admin = postgres(url, { max: 1, onnotice: () => {} });
    // Copies of one template can't start at the same instant; retry briefly.
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.unsafe(`create database "${name}" template "${inject('postgresTemplate')}"`);
        break;
      } catch (error) {
        if (attempt >= 20) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
      }
    }
    const handle = createDb({ url: withDatabase(url, name), maxConnections: 5 });
    return {
      ...handle,
      close: async () => {
        await handle.close();
        await admin.unsafe(`drop database if exists "${name}" with (force)`);
        await admin.end();
      },
    };
  }
  const dump = new Blob([readFileSync(inject('pgliteDump'))]);
  return createDb({ pglite: createPglite({ loadDataDir: dump }) });
}
