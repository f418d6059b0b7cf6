import { defineConfig } from 'vitest/config';

// Integration tests (*.int.test.ts) run once per database: always on PGlite, and also on
// the real PostgreSQL named by TEST_DATABASE_URL when it is set (CI sets it).
// They share a worker's modules instead of importing the whole server afresh for every file
// (isolate: false; that import was most of their time: 7 minutes became 3). Each file makes
// its own app and database (createTestApp), so no state is shared but the code.
const integration = ['src/**/*.int.test.ts'];
// Tests that start real processes (the production entry, a throwaway PostgreSQL cluster, the
// database driver in a child process) run in a project of their own.
const processes = ['src/**/*.process.test.ts'];
const globalSetup = ['src/server/test/global-setup.ts'];

export default defineConfig({
  test: {
    testTimeout: 20_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'unit', include: ['src/**/*.test.ts', 'db/**/*.test.ts'], exclude: [...integration, ...processes] } },
      { extends: true, test: { name: 'processes', include: processes } },
      { extends: true, test: { name: 'pglite', include: integration, globalSetup, isolate: false, env: { TEST_DB: 'pglite' } } },
      ...(process.env.TEST_DATABASE_URL
        ? [{ extends: true as const, test: { name: 'postgres', include: integration, globalSetup, isolate: false, env: { TEST_DB: 'postgres' } } }]
        : []),
    ],
  },
});
