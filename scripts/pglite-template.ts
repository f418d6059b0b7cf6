/**
 * `npm run build` (its last step): an embedded database cluster, already created and migrated,
 * packed as dist/pglite-template.tar.gz. A server whose PGlite folder is new starts from it
 * instead of creating the cluster itself: creating one (initdb) grows PGlite's WebAssembly
 * memory to about 800 MiB, which is never given back, so the server's first start would
 * otherwise hold twice what it needs. Made with the same migrations the server runs, which
 * then find nothing left to do.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { createDb, createPglite } from '#db/client';
import { runMigrations } from '#db/migrate';
import { PGLITE_TEMPLATE_FILE } from '#server/database';

const target = resolve(import.meta.dirname, '..', 'dist', PGLITE_TEMPLATE_FILE);
const pglite = createPglite();
await runMigrations(createDb({ pglite }));
const dump = await pglite.dumpDataDir('gzip');
await pglite.close();
mkdirSync(dirname(target), { recursive: true });
writeFileSync(target, Buffer.from(await dump.arrayBuffer()));
console.log(`PGlite template: ${(dump.size / 1024 / 1024).toFixed(1)} MiB in ${target}`);
