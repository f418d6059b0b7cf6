import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

// Integration tests (*.int.test.ts) run on PGlite, the embedded database `npm start` uses.
// When TEST_DATABASE_URL names a real PostgreSQL (CI sets it), the suites whose subject is
// the database engine itself run there too: concurrent writes and their locks (one
// Idempotency-Key sent three times at once), LISTEN/NOTIFY, triggers that keep counts,
// full-text search and its indexes, statement timeouts, a lost connection, mail claimed with
// SKIP LOCKED, keyset and admin paging (over tRPC and REST), the plans PostgreSQL keeps. The
// others test the application's rules, which don't depend on the engine, so once is enough.
//
// They share a worker's modules instead of importing the whole server afresh for every file
// (isolate: false). Each file makes its own app and database (createTestApp), so no state is
// shared but the code.
const integration = ['src/**/*.int.test.ts'];
const onPostgresToo = [
  'src/server/notifications/notifications.int.test.ts',
  'src/server/notifications/stream.int.test.ts',
  'src/server/notifications/mail.int.test.ts',
  'src/server/notifications/digests.int.test.ts',
  'src/server/search.int.test.ts',
  'src/server/read-models.int.test.ts',
  'src/server/response-cache.int.test.ts',
  'src/server/errors.int.test.ts',
  'src/server/idempotency.int.test.ts',
  'src/server/timeouts.int.test.ts',
  'src/server/privacy.int.test.ts',
  'src/server/auth/session-cache.int.test.ts',
  'src/server/auth/sign-in-limits.int.test.ts',
  'src/server/auth/two-factor.int.test.ts',
  'src/server/mail/mail.int.test.ts',
  'src/server/account/account.int.test.ts',
  'src/server/domains/paging.int.test.ts',
  'src/server/domains/admin-paging.int.test.ts',
  'src/server/domains/page-plans.int.test.ts',
  'src/server/domains/prepared.int.test.ts',
  'src/server/rest/keyset-pages.int.test.ts',
  'src/server/moderation/reports.int.test.ts',
  'src/server/moderation/suspension.int.test.ts',
  'src/server/trpc/routers/admin/access.int.test.ts',
  'src/server/rest/uploads.int.test.ts',
  'src/server/trpc/routers/admin/admins.int.test.ts',
  'src/server/trpc/routers/content/events.int.test.ts',
  'src/server/trpc/routers/content/comments.int.test.ts',
  'src/server/trpc/routers/content/forum.int.test.ts',
  'src/server/trpc/routers/content/demo-content.int.test.ts',
];
// Tests that start real processes (the production entry, a throwaway PostgreSQL cluster, the
// database driver in a child process) run in a project of their own; the server entries they
// start are bundled once per run (src/server/test/server-bundle.ts).
const processes = ['src/**/*.process.test.ts'];
const globalSetup = ['src/server/test/global-setup.ts'];

/**
 * Vitest's own order (projects by name, then the longest files first, or the largest where it has
 * no timings, as on a fresh clone) queued the process tests after every integration file. They
 * are the longest files of the run and spend most of it waiting on their child processes, so
 * they ended the run alone. They go first here, beside the CPU-bound files; the rest keep
 * Vitest's order.
 */
class ProcessTestsFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const isProcessTest = (file: TestSpecification) => file.project.name === 'processes';
    return [...sorted.filter(isProcessTest), ...sorted.filter((file) => !isProcessTest(file))];
  }
}

export default defineConfig({
  test: {
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // Vitest's default on a two-core machine is one worker, which leaves a core idle while a
    // test waits on PostgreSQL, the SMTP server or a child process (the outage suites wait most
    // of their minute); on two cores three workers finished 10% sooner than two.
    maxWorkers: 3,
    sequence: { sequencer: ProcessTestsFirst },
    projects: [
      { extends: true, test: { name: 'unit', include: ['src/**/*.test.ts', 'db/**/*.test.ts'], exclude: [...integration, ...processes] } },
      { extends: true, test: { name: 'processes', include: processes, globalSetup: ['src/server/test/processes-setup.ts'] } },
      { extends: true, test: { name: 'pglite', include: integration, globalSetup, isolate: false, env: { TEST_DB: 'pglite' } } },
      ...(process.env.TEST_DATABASE_URL
        ? [{ extends: true as const, test: { name: 'postgres', include: onPostgresToo, globalSetup, isolate: false, env: { TEST_DB: 'postgres' } } }]
        : []),
    ],
  },
});
