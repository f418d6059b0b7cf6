import { defineConfig } from 'vitest/config';

// vitest 5's reporter calls Map.groupBy (Node 21+) when it prints failures; Node 20 lacks it.
if (!('groupBy' in Map)) {
  Object.defineProperty(Map, 'groupBy', {
    value<K, V>(items: Iterable<V>, keyOf: (item: V, index: number) => K) {
      const groups = new Map<K, V[]>();
      let index = 0;
      for (const item of items) {
        const key = keyOf(item, index++);
        groups.set(key, [...(groups.get(key) ?? []), item]);
      }
      return groups;
    },
  });
}

// Integration tests (*.int.test.ts) run once per database: always on PGlite, and also on
// the real PostgreSQL named by TEST_DATABASE_URL when it is set (CI sets it).
// They share a worker's modules instead of importing the whole server afresh for every file
// (isolate: false; that import was most of their time: 7 minutes became 3). Each file makes
// its own app and database (createTestApp), so no state is shared but the code.
const integration = ['src/**/*.int.test.ts'];
const globalSetup = ['src/server/test/global-setup.ts'];

export default defineConfig({
  test: {
    testTimeout: 20_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'unit', include: ['src/**/*.test.ts', 'db/**/*.test.ts'], exclude: integration } },
      { extends: true, test: { name: 'pglite', include: integration, globalSetup, isolate: false, env: { TEST_DB: 'pglite' } } },
      ...(process.env.TEST_DATABASE_URL
        ? [{ extends: true as const, test: { name: 'postgres', include: integration, globalSetup, isolate: false, env: { TEST_DB: 'postgres' } } }]
        : []),
    ],
  },
});
