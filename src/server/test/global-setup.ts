import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { createDb, createPglite } from '#db/client';
import { runMigrations } from '#db/migrate';
import { createScratchDatabase } from './scratch-database';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDump: string;
    postgresTemplate: string;
  }
}

/**
 * Migrates once per run: a PGlite data dump that each test file loads (far quicker than
 * migrating a database per file), or a PostgreSQL template database that each test file copies.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DB === 'postgres' || project.config.env?.TEST_DB === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DATABASE_URL is required for the postgres project');
    const template = `bloom_tpl_${process.pid}_${Date.now()}`;
    const database = await createScratchDatabase(url, template);
    const handle = createDb({ url: database.url, maxConnections: 1 });
    await runMigrations(handle);
    await handle.close();
    project.provide('postgresTemplate', template);
    project.provide('pgliteDump', '');
    return database.drop;
  }

  const pglite = createPglite();
  await runMigrations(createDb({ pglite }));
  // The tests query the migrated database only. The cluster's two template databases, which only
  // CREATE DATABASE reads, are a third of the dump, and each test file unpacks the whole dump:
  // without them a file's database starts in two thirds of the CPU.
  for (const template of ['template0', 'template1']) {
    await pglite.exec(`update pg_database set datistemplate = false where datname = '${template}'`);
    await pglite.exec(`drop database ${template}`);
  }
  const dump = await pglite.dumpDataDir('none');
  await pglite.close();
  const dir = mkdtempSync(join(tmpdir(), 'bloom-test-'));
  const file = join(dir, 'migrated.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteDump', file);
  project.provide('postgresTemplate', '');
  return () => rmSync(dir, { recursive: true, force: true });
}
