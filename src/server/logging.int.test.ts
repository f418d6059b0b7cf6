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
