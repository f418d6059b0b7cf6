import { bundledEntry, bundleSourceEntries } from '../src/server/test/server-bundle';

/**
 * Bundles the journeys' site (e2e/server.ts) once per run, which each worker then starts
 * (e2e/site.ts): started through tsx instead, each site compiled the server's modules again. The
 * workers read the bundle's path from the environment, which Playwright hands on to them.
 */
export default async function globalSetup() {
  process.env.E2E_SERVER_BUNDLE = bundledEntry(await bundleSourceEntries('e2e-server', ['e2e/server.ts']), 'e2e/server.ts');
}
