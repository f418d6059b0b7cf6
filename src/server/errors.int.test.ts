import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import { sessionIdFromToken } from './auth/session';
import { buildApp } from './app';
import { readEnv } from './env';
import { createTestDb } from './test/test-db';
import { capturedLog, createTestApp, type TestApp } from './test/test-app';
import { trpcRequest } from './test/procedures';

/**
 * One error shape on every path: Fastify's own refusals (broken JSON, wrong media type, bad
 * URLs) and a database that can't be reached answer `{message}` like the procedures do, and
 * neither an answer nor a log line carries SQL, bound values or a session id.
 */

const SQL_WORDS = /\b(select|insert|update|delete)\b[\s\S]*\b(from|into|set|where)\b|Failed query|params:/i;

function expectOnlyMessage(response: LightMyRequestResponse, status: number, message: string) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  expect(response.json()).toEqual({ message });
}

describe("Fastify's own refusals", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('answers malformed JSON to /api/login with 400 and a message only', async () => {
    const response = await t.request({ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json' }, payload: '{"email": "a@b.co", "password":' });
    expectOnlyMessage(response, 400, messages.http.badRequest);
  });

  it('answers an empty JSON body, a media type no route reads and a body over the limit with a message only', async () => {
    const empty = await t.request({ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json' }, payload: '' });
    expectOnlyMessage(empty, 400, messages.http.badRequest);
    const media = await t.request({ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/xml' }, payload: '<login/>' });
    expectOnlyMessage(media, 415, messages.http.unsupportedMediaType);
    const large = await t.request({ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ email: 'x'.repeat(2 * 1024 * 1024) }) });
    expectOnlyMessage(large, 413, messages.http.tooLarge);
  });

  it('answers a URL that does not decode with 400 and a message only', async () => {
    expectOnlyMessage(await t.request({ method: 'GET', url: '/api/podcasts/%E0%A4%A' }), 400, messages.http.badRequest);
  });
});

describe('an event date out of range', () => {
  let t: TestApp;
  const { lines, logger } = capturedLog('info');
  beforeAll(async () => {
    t = await createTestApp({ logger });
  });
  afterAll(() => t?.close());

  const event = (dateTime: string) => ({ title: 'Far future picnic', description: 'A picnic.', location: 'The park', dateTime });

  it.each(['+010000-01-01T00:00:00Z', '-000001-01-01T00:00:00Z', '0000-01-01T00:00:00Z', '1899-12-31T23:59:59Z'])('refuses %s with 400 and the rule, on create and on edit', async (dateTime) => {
    const { cookie } = await t.signInAs('admin');
    expectOnlyMessage(await t.request({ method: 'POST', url: '/api/events', cookie, payload: event(dateTime) }), 400, messages.admin.dateTimeRange);

    const created = await t.request({ method: 'POST', url: '/api/events', cookie, payload: event('2031-06-01T18:00:00Z') });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json() as { id: number };
    expectOnlyMessage(await t.request({ method: 'PATCH', url: `/api/events/${id}`, cookie, payload: event(dateTime) }), 400, messages.admin.dateTimeRange);
    expect(lines.join('\n')).not.toMatch(SQL_WORDS);
  });

  it('still takes dates at both ends of the range', async () => {
    const { cookie } = await t.signInAs('admin');
    for (const dateTime of ['1900-01-01T00:00:00Z', '9999-12-31T23:59:59Z']) {
      const response = await t.request({ method: 'POST', url: '/api/events', cookie, payload: event(dateTime) });
      expect(response.statusCode, response.body).toBe(201);
    }
  });
});

describe('a database that cannot be reached', () => {
  let t: TestApp;
  let clientDir: string;
  let token = '';
  let cookie = '';
  let adminCookie = '';
  const { lines, logger } = capturedLog();

  beforeAll(async () => {
    clientDir = mkdtempSync(join(tmpdir(), 'bloom-errors-'));
    mkdirSync(join(clientDir, 'assets'));
    writeFileSync(join(clientDir, 'index.html'), '<!doctype html><html><head><title>t</title></head><body><div id="root"></div></body></html>');
    t = await createTestApp({ clientDir, renderPage: null, logger });
    cookie = (await t.signInAs('member')).cookie;
    adminCookie = (await t.signInAs('admin')).cookie;
    token = cookie.split('=')[1]!;
    // The outage: every query from now on fails the way a lost connection does.
    await t.database.close();
  });

  afterAll(async () => {
    await t?.app.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  /** Nothing about the query that failed: no SQL, no session id or token, no table. */
  function expectNothingOfTheQuery(text: string) {
    expect(text).not.toMatch(SQL_WORDS);
    expect(text).not.toContain(sessionIdFromToken(token));
    expect(text).not.toContain(token);
    expect(text).not.toContain('"sessions"');
  }

  function expectUnavailable(response: LightMyRequestResponse) {
    expectOnlyMessage(response, 503, messages.http.unavailable);
    expect(response.headers['retry-after']).toMatch(/^\d+$/);
    expect(response.headers['cache-control']).toBe('no-store');
    expectNothingOfTheQuery(response.body);
  }

  it('answers a signed-in REST request with 503, a message only and Retry-After', async () => {
    expectUnavailable(await t.request({ method: 'GET', url: '/api/auth/user', cookie }));
    expectUnavailable(await t.request({ method: 'GET', url: '/api/podcasts', cookie }));
    expectUnavailable(await t.request({ method: 'POST', url: '/api/logout', cookie }));
    // Signed out, the procedure itself meets the outage.
    expectUnavailable(await t.request({ method: 'GET', url: '/api/podcasts' }));
  });

  it('answers /api/health, uploads and stored files with 503, a message only and Retry-After', async () => {
    expectUnavailable(await t.request({ method: 'GET', url: '/api/health' }));
    expectUnavailable(
      await t.request({
        method: 'POST',
        url: '/api/uploads',
        cookie: adminCookie,
        headers: { 'content-type': 'multipart/form-data; boundary=x' },
        payload: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nabc\r\n--x--\r\n',
      }),
    );
    expectUnavailable(await t.request({ method: 'GET', url: '/uploads/abcdefghijklmnopqrstuvwx' }));
  });

  it('answers a signed-in tRPC call with a 503 tRPC error carrying the message, and Retry-After', async () => {
    for (const [path, type] of [['auth.user', 'query'], ['content.podcasts.list', 'query'], ['auth.logout', 'mutation']] as const) {
      const response = await trpcRequest(t.app, { path, type, cookie, ...(path === 'content.podcasts.list' ? { input: {} } : {}) });
      expect(response.statusCode, `${path}: ${response.body}`).toBe(503);
      expect(response.headers['retry-after']).toMatch(/^\d+$/);
      const { error } = response.json() as { error: { message: string; data: { code: string; httpStatus: number } } };
      expect(error.message).toBe(messages.http.unavailable);
      expect(error.data).toMatchObject({ code: 'SERVICE_UNAVAILABLE', httpStatus: 503 });
      expectNothingOfTheQuery(response.body);
    }
  });

  it('still sends a page, without the session, and logs nothing of the query', async () => {
    const response = await t.request({ method: 'GET', url: '/', cookie });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expectNothingOfTheQuery(response.body);
  });

  it('writes no SQL, bound value or session id to the log, but says what failed', async () => {
    const log = lines.join('\n');
    expect(log).toContain('/api/auth/user');
    expectNothingOfTheQuery(log);
    // What failed is still there: the kind of error and its cause's code or words.
    expect(log).toContain('"type":"DrizzleQueryError"');
    expect(log).toMatch(/"PGlite is closed"|"code":"CONNECTION_ENDED"/);
  });
});

describe('a request that arrives while the server closes (SIGTERM)', () => {
  it('answers the app’s 503 with Retry-After and closes its connection, on the REST and tRPC paths', async () => {
    const database = await createTestDb();
    const app = await buildApp({ db: database.db, env: readEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), clientDir: null, logger: false, responseCache: false });
    // Holds the close where a late request can still arrive: after the app knows it is closing.
    let releaseClose = () => {};
    const held = new Promise<void>((done) => (releaseClose = done));
    app.addHook('preClose', async () => held);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    try {
      const closed = app.close();
      for (const path of ['/api/podcasts', '/trpc/content.podcasts.list']) {
        const answer = await fetch(`http://127.0.0.1:${port}${path}`);
        expect(answer.status, path).toBe(503);
        expect(await answer.json(), path).toEqual({ message: messages.http.unavailable });
        expect(answer.headers.get('retry-after'), path).toMatch(/^\d+$/);
        expect(answer.headers.get('connection'), path).toBe('close');
      }
      releaseClose();
      await closed;
    } finally {
      releaseClose();
      await database.close();
    }
  });
});
