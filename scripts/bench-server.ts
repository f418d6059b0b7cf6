/**
 * The production start-up (src/server/start.ts) with the visitors' read cache off, for
 * `npm run bench:scale`: what each read costs when no answer is replayed. An entry of its own
 * rather than an environment variable, so no deployment can switch the cache off. The
 * benchmark bundles it the way the build bundles the server's entries.
 */
import { startServer } from '#server/start';

await startServer({ responseCache: false });
