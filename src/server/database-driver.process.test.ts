import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The PostgreSQL driver survives a connection that dies under a transaction. postgres.js 3.4.9
 * wrote a transaction's own ROLLBACK to the dead socket from a setImmediate, a TypeError nothing
 * can catch, so the whole server process died when PostgreSQL went away. And sql.end() waited
 * for ever on the dead connection's query, or 30 s (the connect timeout) on a socket the pool
 * was reopening, and a reconnect timer could open a socket after end() that kept the process
 * alive. patches/postgres+3.4.9.patch (applied by patch-package after every install) fails
 * those writes like the connection's other queries, and end() drops a socket still opening and
 * a reconnect still pending.
 *
 * The transaction runs in a child process, so a crash is seen as its exit code rather than
 * taking the test runner down. It needs a real PostgreSQL: TEST_DATABASE_URL (CI sets it).
 */

const ROOT = resolve(import.meta.dirname, '../..');
const url = process.env.TEST_DATABASE_URL;

// Kills its own transaction's backend (pg_terminate_backend of its own pid, nothing else's),
// then checks the pool still answers and ends promptly. The pool's reconnect races the queries
// that follow, so the scenario runs several rounds, each on a new pool.
const ROUNDS = 6;
const transactionWhoseBackendDies = `
import postgres from 'postgres';
for (let round = 0; round < ${ROUNDS}; round++) {
  const sql = postgres(process.env.DRIVER_TEST_URL, { max: 2, onnotice: () => {} });
  const killer = postgres(process.env.DRIVER_TEST_URL, { max: 1, onnotice: () => {} });
  let pid = null;
  const transaction = sql.begin(async (tx) => {
    [{ pid }] = await tx\`select pg_backend_pid() as pid\`;
    await tx\`select pg_sleep(5)\`;
  });
  const outcome = transaction.then(() => 'committed', (error) => error.code);
  while (pid === null) await new Promise((done) => setTimeout(done, 20));
  await killer\`select pg_terminate_backend(\${pid})\`;
  console.log('transaction:' + (await outcome));
  // A query may still meet the dying connection once; the pool answers again right after.
  await Promise.allSettled([sql\`select 1\`, sql\`select 1\`]);
  const [{ answer }] = await sql\`select 42 as answer\`;
  console.log('answer:' + answer);
  // A socket the pool was still opening must not hold end() until the 30 s connect timeout.
  const endStarted = performance.now();
  await sql.end();
  await killer.end();
  console.log(performance.now() - endStarted < 2_000 ? 'ended' : 'ended slowly');
}
`;

describe.skipIf(!url)('the PostgreSQL driver', () => {
  it('fails a transaction whose backend died with CONNECTION_CLOSED, and the process, the pool and sql.end() carry on', () => {
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', transactionWhoseBackendDies], {
      cwd: ROOT,
      env: { ...process.env, DRIVER_TEST_URL: url },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.stderr).not.toContain('TypeError');
    const round = ['transaction:CONNECTION_CLOSED', 'answer:42', 'ended'];
    expect(run.stdout.trim().split('\n'), run.stderr).toEqual(Array.from({ length: ROUNDS }, () => round).flat());
    // Exits by itself: no reconnect left a socket open after end().
    expect(run.status).toBe(0);
  });
});
