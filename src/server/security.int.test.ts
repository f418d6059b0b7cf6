import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { messages } from '#shared/messages';
import { buildApp } from './app';
import { DEFAULT_RATE_LIMITS } from './auth/rate-limit';
import { readEnv } from './env';
import { createTestApp, sessionCookieFrom, type TestApp } from './test/test-app';
import { createTestDb } from './test/test-db';
import { createUser } from './test/factories';
import {
  countRows,
  errorMessage,
  fillParams,
  listProcedures,
  listRestRoutes,
  trpcRequest,
  type ProcedureInfo,
  type RestRouteInfo,
} from './test/procedures';

/**
 * Security suite over the whole API, read from the router and the /api table at run time:
 * who may call what, cross-site writes, sessions, secrets in answers and headers.
 */
const procedures = listProcedures();
let restRows: RestRouteInfo[];
let t: TestApp;
let member: { cookie: string; user: { id: number } };
let admin: { cookie: string; user: { id: number } };
/** Every answer body seen by this suite, scanned for secrets at the end. */
const seenBodies: { where: string; body: string }[] = [];

function record(where: string, response: LightMyRequestResponse) {
  seenBodies.push({ where, body: response.body });
  return response;
}

const callProcedure = async (procedure: ProcedureInfo, cookie?: string, headers?: Record<string, string>) =>
  record(procedure.path, await trpcRequest(t.app, { path: procedure.path, type: procedure.type, input: {}, cookie, headers }));

const callRest = async (row: RestRouteInfo, cookie?: string, headers?: Record<string, string>) =>
  record(
    `${row.method} ${row.url}`,
    await t.request({
      method: row.method,
      url: fillParams(row.url),
      cookie,
      headers,
      ...(row.method === 'GET' || row.method === 'DELETE' ? {} : { payload: {} }),
    }),
  );

beforeAll(async () => {
  t = await createTestApp();
  restRows = await listRestRoutes();
  member = await t.signInAs('member');
  admin = await t.signInAs('admin');
});

afterAll(async () => {
  await t?.close();
});

describe('the router declares who may call each procedure', () => {
  it('gives every procedure an access level from its builder', () => {
    expect(procedures.length).toBeGreaterThan(10);
    const undeclared = procedures.filter((p) => !p.access).map((p) => p.path);
    expect(undeclared).toEqual([]);
  });

  it('keeps the whole admin router admin-only', () => {
    const open = procedures.filter((p) => p.path.startsWith('admin.') && p.access !== 'staff').map((p) => p.path);
    expect(open).toEqual([]);
  });

  it('lets visitors change state only to sign in (and its second step), apply, sign out, subscribe, follow a mailed link or choose the language', () => {
    // A new public mutation is a security decision: this list is the policy, not an inventory.
    const allowed = /^(auth\.(login|adminLogin|joinRequest|confirmEmail|logout|adminLogout|setLocale)|auth\.twoFactor\.(complete|passkeySignInOptions)|auth\.account\.(requestPasswordReset|confirmPasswordReset|confirmEmailChange)|content\.newsletter\.(subscribe|confirm|unsubscribe)|content\.notifications\.unsubscribe)$/;
    const publicWrites = procedures.filter((p) => p.type === 'mutation' && p.access === 'public').map((p) => p.path);
    expect(publicWrites.filter((path) => !allowed.test(path))).toEqual([]);
  });

  it('maps every /api row to a procedure of the router', () => {
    const orphans = restRows.filter((row) => !row.procedure).map((row) => `${row.method} ${row.url}`);
    expect(restRows.length).toBeGreaterThan(10);
    expect(orphans).toEqual([]);
  });
});

describe('authorization matrix over tRPC', () => {
  const restricted = () => procedures.filter((p) => p.access !== 'public');

  it('answers 401 to a visitor for every member and admin procedure', async () => {
    const failures: string[] = [];
    for (const procedure of restricted()) {
      const response = await callProcedure(procedure);
      if (response.statusCode !== 401 || errorMessage(response) !== messages.access.authRequired) {
        failures.push(`${procedure.path}: ${response.statusCode} ${errorMessage(response)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers 403 to a member for every admin procedure and lets her through member ones', async () => {
    const failures: string[] = [];
    for (const procedure of restricted()) {
      const response = await callProcedure(procedure, member.cookie);
      const ok =
        procedure.access === 'staff'
          ? response.statusCode === 403 && errorMessage(response) === messages.access.adminRequired
          : response.statusCode !== 401 && errorMessage(response) !== messages.access.adminRequired;
      if (!ok) failures.push(`${procedure.path}: ${response.statusCode} ${errorMessage(response)}`);
    }
    expect(failures).toEqual([]);
  });

  it('lets an admin through every procedure', async () => {
    const failures: string[] = [];
    for (const procedure of restricted()) {
      const response = await callProcedure(procedure, admin.cookie);
      if (response.statusCode === 401 || response.statusCode === 403 || response.statusCode >= 500) {
        failures.push(`${procedure.path}: ${response.statusCode} ${errorMessage(response)}`);
      }
    }
    expect(failures).toEqual([]);
  });
});

describe('authorization matrix over /api', () => {
  it('refuses visitors on member and admin paths, members on admin paths, and admits admins', async () => {
    const failures: string[] = [];
    for (const row of restRows) {
      const access = row.procedure?.access;
      if (access === 'public' || !access) continue;
      const asVisitor = await callRest(row);
      if (asVisitor.statusCode !== 401) failures.push(`visitor ${row.method} ${row.url}: ${asVisitor.statusCode}`);
      const asMember = await callRest(row, member.cookie);
      if (access === 'staff' ? asMember.statusCode !== 403 : asMember.statusCode === 401) {
        failures.push(`member ${row.method} ${row.url}: ${asMember.statusCode}`);
      }
      const asAdmin = await callRest(row, admin.cookie);
      if ([401, 403].includes(asAdmin.statusCode) || asAdmin.statusCode >= 500) {
        failures.push(`admin ${row.method} ${row.url}: ${asAdmin.statusCode}`);
      }
      for (const response of [asVisitor, asMember]) {
        if (response.statusCode >= 400 && typeof errorMessage(response) !== 'string') {
          failures.push(`${row.method} ${row.url}: error without a message`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('admits visitors to public reads', async () => {
    const failures: string[] = [];
    for (const row of restRows.filter((r) => r.method === 'GET' && r.procedure?.access === 'public')) {
      const response = await callRest(row);
      if ([401, 403].includes(response.statusCode) || response.statusCode >= 500) {
        failures.push(`${row.method} ${row.url}: ${response.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });
});

describe('pending and rejected accounts', () => {
  it('never get a session from their credentials', async () => {
    for (const status of ['pending', 'rejected'] as const) {
      const user = await createUser(t.db, { status });
      for (const url of ['/api/login', '/api/admin/login']) {
        const payload = url === '/api/login' ? { email: user.email, password: user.password } : { username: user.email, password: user.password };
        const response = await t.request({ method: 'POST', url, payload });
        expect(response.statusCode, `${status} ${url}`).toBeGreaterThanOrEqual(400);
        expect(response.cookies.find((c) => c.name === 'session' && c.value)).toBeUndefined();
      }
    }
  });

  it('lose a live session the moment an admin rejects them, and are then treated as visitors everywhere', async () => {
    const { user, cookie } = await t.signInAs('member');
    const rejected = await t.request({ method: 'POST', url: '/trpc/admin.users.setApproval', cookie: admin.cookie, payload: { userId: user.id, isApproved: false } });
    expect(rejected.statusCode).toBe(200);
    const failures: string[] = [];
    for (const procedure of procedures.filter((p) => p.access !== 'public')) {
      const response = await callProcedure(procedure, cookie);
      if (response.statusCode !== 401) failures.push(`${procedure.path}: ${response.statusCode}`);
    }
    expect(failures).toEqual([]);
  });
});

describe('cross-site writes', () => {
  const evil = { origin: 'https://evil.example' };

  it('refuses every state-changing /api path and tRPC mutation from another origin, changing nothing', async () => {
    const before = await countRows(t.db);
    const failures: string[] = [];
    for (const row of restRows.filter((r) => r.method !== 'GET')) {
      const response = await callRest(row, admin.cookie, evil);
      if (response.statusCode !== 403 || errorMessage(response) !== messages.access.crossSite) failures.push(`${row.method} ${row.url}: ${response.statusCode}`);
    }
    for (const procedure of procedures.filter((p) => p.type === 'mutation')) {
      const response = await callProcedure(procedure, admin.cookie, evil);
      if (response.statusCode !== 403) failures.push(`${procedure.path}: ${response.statusCode}`);
    }
    const upload = await t.request({ method: 'POST', url: '/api/uploads', cookie: admin.cookie, headers: evil, payload: {} });
    if (upload.statusCode !== 403) failures.push(`POST /api/uploads: ${upload.statusCode}`);
    expect(failures).toEqual([]);
    expect(await countRows(t.db)).toEqual(before);
  });

  it('still accepts the same writes from the site itself', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/newsletter/subscriptions',
      headers: { origin: 'http://localhost:80', host: 'localhost:80' },
      payload: { email: 'same-site@example.com', frequency: 'weekly' },
    });
    expect(response.statusCode).toBe(201);
  });
});

describe('sessions', () => {
  it('issues a new, unguessable token on every sign-in', async () => {
    const user = await createUser(t.db);
    const tokens = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const response = await t.request({ method: 'POST', url: '/api/login', payload: { email: user.email, password: user.password } });
      expect(response.statusCode).toBe(200);
      const cookie = response.cookies.find((c) => c.name === 'session')!;
      expect(cookie.httpOnly).toBe(true);
      expect(cookie.sameSite).toBe('Lax');
      expect(cookie.value.length).toBeGreaterThanOrEqual(26);
      tokens.add(cookie.value);
    }
    expect(tokens.size).toBe(5);
  });

  it('does not keep a session id chosen by the client (fixation)', async () => {
    const user = await createUser(t.db);
    const planted = 'session=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa';
    const response = await t.request({ method: 'POST', url: '/api/login', cookie: planted, payload: { email: user.email, password: user.password } });
    expect(sessionCookieFrom(response)).not.toBe(planted);
    expect((await t.request({ method: 'GET', url: '/api/auth/user', cookie: planted })).statusCode).toBe(401);
  });

  it('ends the server session at once on logout', async () => {
    const { cookie } = await t.signInAs('member');
    expect((await t.request({ method: 'GET', url: '/api/auth/user', cookie })).statusCode).toBe(200);
    expect((await t.request({ method: 'POST', url: '/api/logout', cookie })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/auth/user', cookie })).statusCode).toBe(401);
    expect((await trpcRequest(t.app, { path: 'auth.session', type: 'query', cookie })).json()).toMatchObject({ result: { data: null } });
  });

  it('ends every session of a user at once when an admin deletes her', async () => {
    const { user, cookie } = await t.signInAs('member');
    const second = sessionCookieFrom(await t.request({ method: 'POST', url: '/api/login', payload: { email: user.email, password: user.password } }));
    const deleted = await t.request({ method: 'POST', url: '/trpc/admin.users.delete', cookie: admin.cookie, payload: { id: user.id } });
    expect(deleted.statusCode).toBe(200);
    for (const c of [cookie, second]) {
      expect((await t.request({ method: 'GET', url: '/api/auth/user', cookie: c })).statusCode).toBe(401);
    }
  });
});

describe('secrets never leave the server', () => {
  it('answers no field with a password hash, a password or a session token', async () => {
    // Fill the lists admins read with accounts in every state, then read every admin and auth query.
    await createUser(t.db, { status: 'pending' });
    await createUser(t.db, { status: 'rejected' });
    await t.request({ method: 'POST', url: '/api/join-request', payload: { firstName: 'Ana', lastName: 'Lee', email: 'leak-check@example.com', password: 'Bloom2024x', age: 17, interests: 'Reading and art', bio: 'I like quiet evenings with books.', acceptGuidelines: true } });
    for (const procedure of procedures.filter((p) => p.type === 'query')) await callProcedure(procedure, admin.cookie);
    for (const row of restRows.filter((r) => r.method === 'GET')) await callRest(row, admin.cookie);

    const token = admin.cookie.replace('session=', '');
    const forbiddenKey = /"(password|passwordHash|password_hash|hash|token|sessionToken|tokenHash|sessionId)"\s*:/i;
    const leaks = seenBodies
      .filter(({ body }) => body.includes('$argon2') || body.includes(token) || body.includes(member.cookie.replace('session=', '')) || forbiddenKey.test(body))
      .map(({ where, body }) => `${where}: ${body.slice(0, 200)}`);
    expect(seenBodies.length).toBeGreaterThan(procedures.length);
    expect(leaks).toEqual([]);
  });
});

describe('sign-in rate limit', () => {
  it('answers 429 with a message after 10 attempts a minute from one address, even with the right password', async () => {
    const limited = await createTestApp({ rateLimits: DEFAULT_RATE_LIMITS });
    try {
      const user = await createUser(limited.db);
      for (let i = 0; i < DEFAULT_RATE_LIMITS.signIn.max; i++) {
        const response = await limited.request({ method: 'POST', url: '/api/login', payload: { email: `nobody-${i}@example.com`, password: 'Wrong1234' } });
        expect(response.statusCode).toBe(401);
      }
      const blocked = await limited.request({ method: 'POST', url: '/api/login', payload: { email: user.email, password: user.password } });
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({ message: messages.access.rateLimited });
      expect(blocked.cookies.find((c) => c.name === 'session')).toBeUndefined();
      // The tRPC endpoint counts against the same limit.
      const viaTrpc = await trpcRequest(limited.app, { path: 'auth.login', type: 'mutation', input: { email: user.email, password: user.password } });
      expect(viaTrpc.statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('uploads are judged by content', () => {
  it('refuses an HTML page with a script named .png, storing nothing', async () => {
    const before = await countRows(t.db);
    const boundary = '----bloom';
    const payload = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="file"; filename="cat.png"',
      'Content-Type: image/png',
      '',
      '<html><script>window.__xss=1</script></html>',
      `--${boundary}--`,
      '',
    ].join('\r\n');
    const response = await t.request({ method: 'POST', url: '/api/uploads', cookie: admin.cookie, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
    expect(response.statusCode).toBe(415);
    expect(typeof errorMessage(response)).toBe('string');
    expect(await countRows(t.db)).toEqual(before);
  });
});

describe('security headers on every page', () => {
  let pagesApp: Awaited<ReturnType<typeof buildApp>>;
  let closeDb: () => Promise<void>;
  let clientDir: string;
  // Every screen of the client, read from the generated route tree; `$param` segments get a value.
  const pages = [...readFileSync(join(import.meta.dirname, '../client/routeTree.gen.ts'), 'utf8').matchAll(/fullPath: '([^']+)'/g)]
    .map((match) => match[1]!.replace(/\$[A-Za-z_]+/g, '1'))
    .filter((path, index, all) => all.indexOf(path) === index);

  beforeAll(async () => {
    clientDir = mkdtempSync(join(tmpdir(), 'bloom-client-'));
    mkdirSync(join(clientDir, 'assets'));
    writeFileSync(join(clientDir, 'index.html'), '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body></body></html>');
    writeFileSync(join(clientDir, 'assets', 'app.js'), 'console.log(1)');
    const database = await createTestDb();
    closeDb = database.close;
    pagesApp = await buildApp({ db: database.db, env: readEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), clientDir, logger: false, responseCache: false });
    await pagesApp.ready();
  });

  afterAll(async () => {
    await pagesApp?.close();
    await closeDb?.();
    rmSync(clientDir, { recursive: true, force: true });
  });

  it('sends a strict CSP, frame-ancestors and nosniff on every screen, API answer and asset', async () => {
    expect(pages.length).toBeGreaterThan(5);
    const failures: string[] = [];
    for (const url of [...pages, '/api/podcasts', '/api/nope', '/trpc/content.stats.get', '/assets/app.js']) {
      const response = await pagesApp.inject({ method: 'GET', url });
      const csp = String(response.headers['content-security-policy'] ?? '');
      const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(csp)?.[1] ?? '';
      const problems = [
        !scriptSrc && 'no script-src',
        /'unsafe-inline'|'unsafe-eval'|\*/.test(scriptSrc) && `script-src ${scriptSrc}`,
        !/frame-ancestors 'none'/.test(csp) && 'no frame-ancestors',
        !/object-src 'none'/.test(csp) && 'no object-src none',
        response.headers['x-content-type-options'] !== 'nosniff' && 'no nosniff',
        !response.headers['x-frame-options'] && 'no x-frame-options',
        !response.headers['referrer-policy'] && 'no referrer-policy',
      ].filter(Boolean);
      if (pages.includes(url) && !String(response.headers['content-type']).startsWith('text/html')) problems.push('not a page');
      if (problems.length) failures.push(`${url}: ${problems.join(', ')}`);
    }
    expect(failures).toEqual([]);
  });
});

describe('inline covers are checked whatever the letter case of their scheme', () => {
  const blog = { title: 'Cover case', content: 'Body.', excerpt: 'Excerpt.', category: 'Productivity', authorName: 'Maya H.', tags: '', isPublished: true };
  const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>window.__xss=1</script></svg>').toString('base64');

  it.each(['DATA', 'Data', 'dAtA'])('refuses a script-carrying SVG sent as %s: with 415, storing nothing', async (scheme) => {
    const before = await countRows(t.db);
    const response = await t.request({ method: 'POST', url: '/api/blogs', cookie: admin.cookie, payload: { ...blog, coverImageUrl: `${scheme}:image/svg+xml;base64,${svg}` } });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ message: messages.uploads.notAnImage });
    expect(await countRows(t.db)).toEqual(before);
  });

  it('stores an upper-case DATA: image as an upload, never as inline bytes', async () => {
    const gif = 'R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';
    const response = await t.request({ method: 'POST', url: '/api/blogs', cookie: admin.cookie, payload: { ...blog, coverImageUrl: `DATA:IMAGE/GIF;BASE64,${gif}` } });
    expect(response.statusCode).toBe(201);
    expect(response.json().coverImageUrl).toMatch(/^\/uploads\/[a-z2-7]+$/);
    expect((await t.request({ method: 'GET', url: '/api/blogs' })).body).not.toMatch(/data:/i);
  });
});

describe('podcast markup', () => {
  it('is built by the server, escaped, in every podcast answer, whatever the embed URL holds', async () => {
    const hostile = `<iframe src='https://www.youtube.com/embed/abc?x="onload="window.__xss=1'></iframe>`;
    const created = await t.request({
      method: 'POST',
      url: '/api/podcasts',
      cookie: admin.cookie,
      payload: { title: 'Escaped embed', description: 'A podcast.', category: 'School Life', iframe: hostile, tags: '' },
    });
    expect(created.statusCode).toBe(201);
    const answers = [
      created.json(),
      ...(await t.request({ method: 'GET', url: '/api/podcasts' })).json(),
      ...(await t.request({ method: 'GET', url: '/api/admin/podcasts', cookie: admin.cookie })).json(),
    ].filter((podcast: { title: string }) => podcast.title === 'Escaped embed');
    expect(answers).toHaveLength(3);
    for (const podcast of answers as { iframe: string }[]) {
      // One iframe whose attributes are exactly the server's own.
      const attributes = [...podcast.iframe.matchAll(/\s([a-z-]+)(?:="[^"]*")?/g)].map((match) => match[1]);
      expect(attributes).toEqual(['width', 'height', 'src', 'title', 'allowfullscreen']);
      expect(podcast.iframe).toContain('src="https://www.youtube.com/embed/abc?x=&quot;onload=&quot;window.__xss=1"');
    }
  });
});
