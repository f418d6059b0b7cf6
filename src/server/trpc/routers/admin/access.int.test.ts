import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import { adminRoutes } from '#server/rest/routes/admin';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { appRouter } from '#server/trpc/root';

/**
 * The server, not the UI, guards the admin panel: every admin procedure and every admin
 * REST path answers 401 signed out and 403 to a member, and lets an admin through.
 */
let t: TestApp;
let memberCookie: string;
let adminCookie: string;
beforeAll(async () => {
  t = await createTestApp();
  memberCookie = (await t.signInAs('member')).cookie;
  adminCookie = (await t.signInAs('admin')).cookie;
});
afterAll(() => t.close());

type ProcedureDef = { _def: { type: 'query' | 'mutation' | 'subscription' } };
const procedures = Object.entries((appRouter._def as unknown as { procedures: Record<string, ProcedureDef> }).procedures).filter(([path]) =>
  path.startsWith('admin.'),
);

/** Every admin REST row, with ids that don't exist, plus the multipart upload route. */
const restPaths: [string, string][] = [
  ...adminRoutes.map((route) => [route.method, route.url.replace(/:\w+/g, '999999')] as [string, string]),
  ['POST', '/api/uploads'],
];

function callProcedure(path: string, type: string, cookie?: string) {
  return type === 'query'
    ? t.request({ method: 'GET', url: `/trpc/${path}`, cookie })
    : t.request({ method: 'POST', url: `/trpc/${path}`, payload: {}, cookie });
}

describe('every admin procedure', () => {
  it('covers the whole admin router', () => {
    expect(procedures.length).toBeGreaterThanOrEqual(30);
  });

  it.each(procedures)('%s: 401 signed out, 403 for a member, through for an admin', async (path, procedure) => {
    const visitor = await callProcedure(path, procedure._def.type);
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().error.message).toBe(messages.access.authRequired);

    const member = await callProcedure(path, procedure._def.type, memberCookie);
    expect(member.statusCode).toBe(403);
    expect(member.json().error.message).toBe(messages.access.adminRequired);

    const admin = await callProcedure(path, procedure._def.type, adminCookie);
    expect([401, 403]).not.toContain(admin.statusCode);
  });
});

describe('every admin REST path', () => {
  it('covers every documented admin path', () => {
    expect(restPaths.length).toBeGreaterThanOrEqual(34);
  });

  it.each(restPaths)('%s %s: 401 signed out, 403 for a member, through for an admin', async (method, url) => {
    const send = (cookie?: string) => t.request({ method: method as 'GET', url, cookie, ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }) });

    const visitor = await send();
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toEqual({ message: messages.access.authRequired });

    const member = await send(memberCookie);
    expect(member.statusCode).toBe(403);
    expect(member.json()).toEqual({ message: messages.access.adminRequired });

    const admin = await send(adminCookie);
    expect([401, 403]).not.toContain(admin.statusCode);
    expect(admin.statusCode).toBeLessThan(500);
  });
});
