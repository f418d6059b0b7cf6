import { TRPCError } from '@trpc/server';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createUser } from './test/factories';
import { createTestApp, sessionCookieFrom, type TestApp } from './test/test-app';

const lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ logger: { level: 'trace', stream: { write: (line) => void lines.push(line) } } });
});
afterAll(() => t.close());

it('never writes passwords, hashes or session tokens to the log', async () => {
  const user = await createUser(t.db);
  const response = await t.request({ method: 'POST', url: '/api/login', payload: { email: user.email, password: user.password } });
  const cookie = sessionCookieFrom(response);
  await t.request({ method: 'GET', url: '/api/auth/user', cookie });
  await t.request({ method: 'POST', url: '/api/logout', cookie });
  await t.request({ method: 'POST', url: '/api/login', payload: { email: user.email, password: 'Wrong-Secret-99' } });

  const log = lines.join('\n');
  expect(lines.length).toBeGreaterThan(4);
  expect(log).toContain('/api/login');
  expect(log).not.toContain(user.password);
  expect(log).not.toContain('Wrong-Secret-99');
  expect(log).not.toContain(cookie.split('=')[1]);
  expect(log).not.toContain('argon2');
});

it("logs a failed query's kind and code, never its SQL or bound values, however it is wrapped", async () => {
  // PostgreSQL quotes the value it could not read in its own message, and drizzle adds the SQL and every parameter.
  const failed = await t.db.execute(sql`select ${'Bound-Value-77'}::integer as secret_column`).then(
    () => undefined,
    (error: unknown) => error as Error,
  );
  expect(failed).toBeInstanceOf(Error);
  const from = lines.length;
  t.app.log.error({ err: failed }, 'query failed');
  t.app.log.error({ err: new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: failed }) }, 'procedure failed');
  t.app.log.error(failed!);

  const written = lines.slice(from);
  expect(written).toHaveLength(3);
  for (const line of written) {
    expect(line).not.toContain('Bound-Value-77');
    expect(line).not.toContain('secret_column');
    expect(line).not.toMatch(/Failed query|params|select/i);
    // Still says what went wrong: PostgreSQL's code for text that is not a number.
    expect(line).toContain('22P02');
  }
});
