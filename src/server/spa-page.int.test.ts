import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { DbHandle } from '#db/client';
import { podcastLikes, podcasts } from '#db/schema';
import { renderPage } from '#client/entry-server';
import { QUERY_DATA_ELEMENT_ID, SESSION_DATA_ELEMENT_ID } from '#shared/site';
import { COMPRESSION_THRESHOLD } from './answer-compression';
import { buildApp } from './app';
import { RELAXED_RATE_LIMITS } from './auth/rate-limit';
import { readEnv } from './env';
import { createUser } from './test/factories';
import { sessionCookieFrom } from './test/test-app';
import { createTestDb } from './test/test-db';

let database: DbHandle;
let app: FastifyInstance;
let clientDir: string;

beforeAll(async () => {
  database = await createTestDb();
  clientDir = mkdtempSync(join(tmpdir(), 'bloom-page-'));
  mkdirSync(join(clientDir, 'assets'));
  writeFileSync(join(clientDir, 'index.html'), '<!doctype html><html><head><title>t</title></head><body><div id="root"></div></body></html>');
  app = await buildApp({ db: database.db, env: readEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), rateLimits: RELAXED_RATE_LIMITS, clientDir, logger: false, responseCache: false });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  rmSync(clientDir, { recursive: true, force: true });
});

const SESSION_BLOCK = new RegExp(`<script id="${SESSION_DATA_ELEMENT_ID}" type="application/json">(.*?)</script></head>`);

function sessionIn(html: string): unknown {
  const match = SESSION_BLOCK.exec(html);
  if (!match) throw new Error(`no session block in ${html}`);
  return JSON.parse(match[1]!);
}

async function signIn(firstName?: string) {
  const user = await createUser(database.db, firstName ? { firstName } : {});
  const cookie = sessionCookieFrom(await app.inject({ method: 'POST', url: '/api/login', payload: { email: user.email, password: user.password } }));
  return { user, cookie };
}

describe('every page carries the session it is served to', () => {
  it('writes null for a visitor, in a page any cache may revalidate', async () => {
    const page = await app.inject({ method: 'GET', url: '/podcasts' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(sessionIn(page.body)).toBeNull();
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('writes what auth.session answers for a member, and keeps the page out of shared caches', async () => {
    const { cookie } = await signIn();
    const page = await app.inject({ method: 'GET', url: '/', headers: { cookie } });
    const session = await app.inject({ method: 'GET', url: '/trpc/auth.session', headers: { cookie } });
    expect(sessionIn(page.body)).toEqual(JSON.parse(session.body).result.data);
    expect(page.body).not.toMatch(/password|hash|token/i);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.headers.vary).toContain('cookie');
  });

  it('goes out compressed as the browser accepts it, to the same page', async () => {
    const plain = await app.inject({ method: 'GET', url: '/podcasts' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD);
    const brotli = await app.inject({ method: 'GET', url: '/podcasts', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(String(brotli.headers.vary)).toMatch(/cookie.*accept-encoding/);
    expect(brotliDecompressSync(brotli.rawPayload).toString('utf8')).toBe(plain.body);
    const gzip = await app.inject({ method: 'GET', url: '/podcasts', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(plain.body);
  });

  it('cannot be broken out of by a name that closes the script', async () => {
    const name = '</script><script>alert(1)</script><!--';
    const { cookie } = await signIn(name);
    const page = await app.inject({ method: 'GET', url: '/podcasts', headers: { cookie } });
    expect(page.body).not.toContain('<script>alert(1)');
    expect(page.body.match(/<script/g)).toHaveLength(1);
    expect(sessionIn(page.body)).toMatchObject({ firstName: name });
  });

  it('writes null and clears the cookie of a session that ended', async () => {
    const { cookie } = await signIn();
    await app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } });
    const page = await app.inject({ method: 'GET', url: '/', headers: { cookie } });
    expect(sessionIn(page.body)).toBeNull();
    expect(String(page.headers['set-cookie'])).toMatch(/session=;/);
  });
});

describe('the server renders the screen into the page (SSR)', () => {
  let renderingApp: FastifyInstance;
  let failingApp: FastifyInstance;
  const title = `Finding your voice ${Date.now()}`;
  const hostileTitle = '<img src=x onerror="window.__xss=1">Brave talk';

  beforeAll(async () => {
    const options = { db: database.db, env: readEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), rateLimits: RELAXED_RATE_LIMITS, clientDir, logger: false as const, responseCache: false };
    renderingApp = await buildApp({ ...options, renderPage });
    failingApp = await buildApp({ ...options, renderPage: () => Promise.reject(new Error('rendering broke')) });
    await database.db.insert(podcasts).values([
      { title: hostileTitle, description: 'A talk.', category: 'wellness', embedUrl: 'https://www.youtube.com/embed/abc123', tags: [] },
      { title, description: 'On speaking up in class.', category: 'wellness', embedUrl: 'https://www.youtube.com/embed/abc124', tags: ['voice'] },
    ]);
  });

  afterAll(async () => {
    await renderingApp?.close();
    await failingApp?.close();
  });

  const root = (html: string) => /<div id="root"( inert)?>([\s\S]*)<\/div>\s*<\/body>/.exec(html);
  const queriesIn = (html: string) =>
    JSON.parse(new RegExp(`<script id="${QUERY_DATA_ELEMENT_ID}" type="application/json">(.*?)</script>`).exec(html)![1]!) as { queries: { queryKey: unknown[] }[] };

  it('renders a list with its data, inert until the browser hydrates it, and sends the answers along', async () => {
    const page = await renderingApp.inject({ method: 'GET', url: '/podcasts' });
    const rendered = root(page.body);
    expect(rendered?.[1]).toBe(' inert');
    expect(rendered?.[2]).toContain(title);
    expect(queriesIn(page.body).queries.map((query) => query.queryKey[0])).toContainEqual(['content', 'podcasts', 'list']);
    expect(page.body).not.toMatch(/<script(?![^>]*type="application\/json")/);
  });

  it('renders stored text as text, never as markup', async () => {
    const page = await renderingApp.inject({ method: 'GET', url: '/podcasts' });
    const rendered = root(page.body)![2]!;
    expect(rendered).toContain('&lt;img src=x onerror=');
    expect(rendered).not.toMatch(/<img[^>]*onerror/);
  });

  it("renders a member's own screen with her session", async () => {
    const { cookie, user } = await signIn('Noor');
    const page = await renderingApp.inject({ method: 'GET', url: '/', headers: { cookie } });
    expect(root(page.body)?.[2]).toContain(`Welcome back, ${user.firstName}`);
    expect(page.headers['cache-control']).toBe('private, no-store');
  });

  it("renders a member's own state on each listed item: the podcast she liked shows as liked", async () => {
    const { cookie, user } = await signIn('Huda');
    const [liked] = await database.db.select({ id: podcasts.id }).from(podcasts).where(eq(podcasts.title, title));
    await database.db.insert(podcastLikes).values({ podcastId: liked!.id, userId: user.id });
    const page = await renderingApp.inject({ method: 'GET', url: '/podcasts', headers: { cookie } });
    const rendered = root(page.body)![2]!;
    expect(rendered).toMatch(new RegExp(`aria-pressed="true" aria-label="Unlike ${title}"`));
    expect(rendered).toMatch(/aria-pressed="false" aria-label="Like [^"]*Brave talk"/);
    const likedAnswers = queriesIn(page.body).queries.filter((query) => (query.queryKey[0] as string[]).join('.') === 'content.podcasts.liked');
    expect(likedAnswers.length).toBeGreaterThanOrEqual(2);
  });

  it('sends the page without SSR where the browser must go elsewhere, or when rendering fails', async () => {
    const redirected = await renderingApp.inject({ method: 'GET', url: '/admin' });
    expect(root(redirected.body)?.[2]).toBe('');
    const failed = await failingApp.inject({ method: 'GET', url: '/podcasts' });
    expect(failed.statusCode).toBe(200);
    expect(root(failed.body)).toMatchObject({ 1: undefined, 2: '' });
    expect(sessionIn(failed.body)).toBeNull();
  });
});
