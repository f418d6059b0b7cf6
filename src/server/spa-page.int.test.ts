import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { DbHandle } from '../../db/client';
import { SESSION_DATA_ELEMENT_ID } from '../shared/site';
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
  app = await buildApp({ db: database.db, env: readEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), rateLimits: RELAXED_RATE_LIMITS, clientDir, logger: false });
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

  it('cannot be broken out of by a name that closes the script', async () => {
    const name = '</script><script>alert(1)</script><!--';
    const { cookie } = await signIn(name);
    const page = await app.inject({ method: 'GET', url: '/events', headers: { cookie } });
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
