import { resolve } from 'node:path';
import { build } from 'esbuild';
import { SERVER_BUNDLE_OPTIONS } from '../../../scripts/server-bundle-options';

const ROOT = resolve(import.meta.dirname, '../../..');

/**
 * The server's source entries the tests start as real processes, and their bundles' names.
 * main.ts starts server-process.ts's bundle, which it finds beside its own.
 */
const SOURCE_ENTRIES = { 'src/server/main.ts': 'main', 'src/server/server-process.ts': 'server-process', 'e2e/server.ts': 'e2e-server' } as const;
export type SourceEntry = keyof typeof SOURCE_ENTRIES;

/**
 * Bundles the source entries the way `npm run build:server` bundles the production one (the same
 * esbuild options: scripts/server-bundle-options.ts) into `.tmp/<folder>`, for the tests that
 * start the server as a real process. Started through tsx instead, every process compiled and resolved each of the server's
 * modules again as it loaded them: a start on PostgreSQL took twice as long (9.5 s against 4.5 s
 * on a two-core machine), and the suites start a dozen. Bundled on every run, so a test never
 * starts yesterday's code.
 *
 * The folder is two levels under the project, as dist/server is, so the server finds
 * db/migrations, dist/client and the PGlite template the way the built server does.
 */
export async function bundleSourceEntries(folder: string, entries = Object.keys(SOURCE_ENTRIES) as SourceEntry[]): Promise<string> {
  const outdir = resolve(ROOT, '.tmp', folder);
  await build({
    entryPoints: entries.map((entry) => ({ in: resolve(ROOT, entry), out: SOURCE_ENTRIES[entry] })),
    ...SERVER_BUNDLE_OPTIONS,
    outdir,
    logLevel: 'warning',
  });
  return outdir;
}

/** Where bundleSourceEntries put an entry's bundle. */
export const bundledEntry = (outdir: string, entry: SourceEntry) => resolve(outdir, `${SOURCE_ENTRIES[entry]}.js`);
