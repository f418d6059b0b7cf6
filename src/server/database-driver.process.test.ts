import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The PostgreSQL driver survives a connection that dies under a transaction. postgres.js 3.4.9
 * wrote a transaction's own ROLLBACK to the dead socket from a setImmediate, a TypeError nothing
 * can catch, so the whole server process died when PostgreSQL went away; and sql.end() waited
 * for ever on the dead connection's query. patches/postgres+3.4.9.patch (applied by
 * patch-package after every install) fails those writes like the connection's other queries.
 *
 * The transaction runs in a child process, so a crash is seen as its exit code rather than
 * taking the test runner down. It needs a real PostgreSQL: TEST_DATABASE_URL (CI sets it).
 */

const ROOT = resolve(import.meta.dirname, '../..');
const url = process.env.TEST_DATABASE_URL;

// Kills its own transaction's backend (pg_terminate_backend of its own pid, nothing else's),
// then checks the pool still answers and ends.
const transactionWhoseBackendDies = `
import postgres from 'postgres';
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
await sql.end();
await killer.end();
console.log('ended');
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
    expect(run.stdout.trim().split('\n'), run.stderr).toEqual(['transaction:CONNECTION_CLOSED', 'answer:42', 'ended']);
    expect(run.status).toBe(0);
  });
});
