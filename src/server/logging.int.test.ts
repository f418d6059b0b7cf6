import { TRPCError } from '@trpc/server';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createEvent, DAY } from './test/content-factories';
import { createUser } from './test/factories';
import { capturedLog, createTestAppWithMail, sessionCookieFrom, type MailTestApp } from './test/test-app';

const { lines, logger } = capturedLog();
let t: MailTestApp;
beforeAll(async () => {
  t = await createTestAppWithMail({ env: { PUBLIC_URL: 'https://bloom.example' }, logger });
});
afterAll(() => t?.close());

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

/** The token of the link to `path` in a mail delivered to `email`, once one arrives. */
async function tokenMailed(email: string, path: string): Promise<string> {
  const link = new RegExp(`${path.replace(/[/?]/g, '\\$&')}\\?token=([a-z0-9]+)`);
  for (let count = 1; ; count++) {
    const match = (await t.smtp.waitFor(count, email)).map((mail) => link.exec(mail.text ?? '')).find(Boolean);
    if (match) return match[1]!;
  }
}

it('never writes the token of a mailed or private link, in a request line, a message or an error', async () => {
  const from = lines.length;
  const issued: Record<string, string> = {};

  // Her private calendar feed, polled by her phone.
  const member = await t.signInAs('member');
  const event = await createEvent(t.db, { title: 'Book swap', dateTime: new Date(Date.now() + 5 * DAY) });
  await t.request({ method: 'POST', url: `/api/events/${event.id}/rsvp`, cookie: member.cookie });
  const { url: feedUrl } = (await t.request({ method: 'POST', url: '/api/calendar/feed', cookie: member.cookie })).json() as { url: string };
  issued.calendar = /\/calendar\/([a-z0-9]+)\.ics$/.exec(feedUrl)![1]!;
  expect((await t.request({ method: 'GET', url: new URL(feedUrl).pathname })).statusCode).toBe(200);
  await t.request({ method: 'GET', url: `${new URL(feedUrl).pathname}?refresh=1` });

  // A password reset: the link's page, then the new password.
  await t.request({ method: 'POST', url: '/api/password-reset', payload: { email: member.user.email } });
  issued.reset = await tokenMailed(member.user.email, '/reset-password');
  await t.request({ method: 'GET', url: `/reset-password?token=${issued.reset}` });
  const reset = await t.request({ method: 'POST', url: '/api/password-reset/confirm', payload: { token: issued.reset, password: 'NewSecret123' } });
  expect(reset.statusCode).toBe(200);

  // An email change, confirmed from the link mailed to the new address.
  const mover = await createUser(t.db);
  const moverCookie = sessionCookieFrom(await t.request({ method: 'POST', url: '/api/login', payload: { email: mover.email, password: mover.password } }));
  const changed = await t.request({ method: 'POST', url: '/api/profile/email', cookie: moverCookie, payload: { email: 'moved.here@example.com', password: mover.password } });
  expect(changed.statusCode).toBe(200);
  issued.emailChange = await tokenMailed('moved.here@example.com', '/confirm-email');
  await t.request({ method: 'GET', url: `/confirm-email?token=${issued.emailChange}` });
  expect((await t.request({ method: 'POST', url: '/api/profile/email/confirm', payload: { token: issued.emailChange } })).statusCode).toBe(200);

  // The newsletter's double opt-in, then an issue's one-click unsubscribe.
  expect((await t.request({ method: 'POST', url: '/api/newsletter/subscriptions', payload: { email: 'reader@example.com', frequency: 'weekly' } })).statusCode).toBe(201);
  issued.newsletterConfirm = await tokenMailed('reader@example.com', '/newsletter/confirm');
  await t.request({ method: 'GET', url: `/newsletter/confirm?token=${issued.newsletterConfirm}` });
  expect((await t.request({ method: 'POST', url: '/api/newsletter/confirm', payload: { token: issued.newsletterConfirm } })).statusCode).toBe(200);
  const admin = await t.signInAs('admin');
  const issue = await t.request({ method: 'POST', url: '/api/admin/newsletter/issues', cookie: admin.cookie, payload: { subject: 'Weekly letter', markdown: 'Hello', frequency: 'weekly' } });
  expect(issue.statusCode).toBe(201);
  await t.request({ method: 'POST', url: `/api/admin/newsletter/issues/${(issue.json() as { id: number }).id}/send`, cookie: admin.cookie });
  issued.unsubscribe = await tokenMailed('reader@example.com', '/newsletter/unsubscribe');
  await t.request({ method: 'GET', url: `/newsletter/unsubscribe?token=${issued.unsubscribe}` });
  const oneClick = await t.request({
    method: 'POST',
    url: `/api/newsletter/unsubscribe?token=${issued.unsubscribe}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'List-Unsubscribe=One-Click',
  });
  expect(oneClick.statusCode).toBe(200);

  // Whatever else prints a link: a message, an error's message and its stack.
  t.app.log.warn({ link: feedUrl }, `calendar app polled https://bloom.example/reset-password?token=${issued.reset}`);
  t.app.log.error({ err: new Error(`fetching ${feedUrl} failed`) }, 'fetch failed');

  const log = lines.slice(from).join('\n');
  expect(Object.keys(issued)).toEqual(['calendar', 'reset', 'emailChange', 'newsletterConfirm', 'unsubscribe']);
  for (const [flow, token] of Object.entries(issued)) {
    expect(token.length, flow).toBeGreaterThanOrEqual(32);
    expect(log.includes(token), `${flow} token in the log`).toBe(false);
  }
  // The requests are in the log, with the secret left out.
  for (const logged of [
    '"url":"/calendar/[redacted]"',
    '"url":"/calendar/[redacted]?refresh=1"',
    '"url":"/reset-password?token=[redacted]"',
    '"url":"/confirm-email?token=[redacted]"',
    '"url":"/newsletter/confirm?token=[redacted]"',
    '"url":"/newsletter/unsubscribe?token=[redacted]"',
    '"url":"/api/newsletter/unsubscribe?token=[redacted]"',
    '"link":"https://bloom.example/calendar/[redacted]"',
    'fetching https://bloom.example/calendar/[redacted] failed',
  ]) {
    expect(log).toContain(logged);
  }
});
