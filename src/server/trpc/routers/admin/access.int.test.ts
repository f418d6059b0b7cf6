import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import { PERMISSIONS, STAFF_PERMISSIONS, type Role } from '#server/policies';
import { restRoutes } from '#server/rest/routes';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { listProcedures, type ProcedureInfo } from '#server/test/procedures';

/**
 * The access matrix: the server, not the UI, guards every call. Read from the permission table
 * (PERMISSIONS in src/server/policies.ts), it walks every procedure and every /api path as a
 * visitor, a member, a moderator and an admin through the real HTTP server: a staff call lets
 * through exactly the roles whose row holds its permission and answers 403 'Admin privileges
 * required' to the others, 401 signed out; a member call lets every signed-in role through; a
 * public call refuses nobody.
 */
const ROLES: Role[] = ['member', 'moderator', 'admin'];
let t: TestApp;
const cookies = {} as Record<Role, string>;
beforeAll(async () => {
  t = await createTestApp();
  for (const role of ROLES) cookies[role] = (await t.signInAs(role)).cookie;
});
afterAll(() => t.close());

const procedures = listProcedures().filter((procedure) => procedure.type !== 'subscription');
const procedureByPath = new Map(procedures.map((procedure) => [procedure.path, procedure]));

/** Signing out ends the session the walk signs in with: those calls get a session of their own. */
const ENDS_SESSION = new Set(['auth.logout', 'auth.adminLogout']);

async function cookieFor(role: Role, path: string): Promise<string> {
  return ENDS_SESSION.has(path) ? (await t.signInAs(role)).cookie : cookies[role];
}

type Answer = { statusCode: number; message: unknown };

/** What the table says a role gets from a call: through, 401 or 403 (null: through). */
function expected(procedure: ProcedureInfo, role: Role | 'visitor'): { status: 401 | 403; message: string } | null {
  if (procedure.access === 'public' || procedure.access === undefined) return null;
  if (role === 'visitor') return { status: 401, message: messages.access.authRequired };
  if (procedure.access === 'member') return null;
  return PERMISSIONS[role].has(procedure.permission!) ? null : { status: 403, message: messages.access.adminRequired };
}

function check(answer: Answer, outcome: ReturnType<typeof expected>, role: string) {
  if (outcome) {
    expect(answer, role).toEqual({ statusCode: outcome.status, message: outcome.message });
  } else {
    expect([401, 403], `${role}: ${answer.statusCode} ${String(answer.message)}`).not.toContain(answer.statusCode);
    expect(answer.statusCode, role).toBeLessThan(500);
  }
}

describe('the permission table', () => {
  it('names every staff call, and each names one of its permissions', () => {
    const staff = procedures.filter((procedure) => procedure.access === 'staff');
    expect(staff.map((procedure) => procedure.path).sort()).toEqual(procedures.filter((procedure) => procedure.path.startsWith('admin.')).map((procedure) => procedure.path).sort());
    for (const procedure of staff) expect(STAFF_PERMISSIONS).toContain(procedure.permission);
  });

  it('gives moderators the moderation and admins everything', () => {
    const moderators = procedures.filter((procedure) => procedure.access === 'staff' && PERMISSIONS.moderator.has(procedure.permission!)).map((procedure) => procedure.path);
    expect(moderators).toEqual(expect.arrayContaining(['admin.reports.list', 'admin.reports.resolve', 'admin.moderation.list', 'admin.watchedWords.create', 'admin.users.suspend', 'admin.audit.list']));
    expect(moderators).not.toContain('admin.users.list');
    expect(moderators).not.toContain('admin.mail.list');
    expect(STAFF_PERMISSIONS.every((permission) => PERMISSIONS.admin.has(permission))).toBe(true);
  });
});

describe('every procedure, as each role', () => {
  it.each(procedures.map((procedure) => [procedure.path, procedure] as const))('%s', async (path, procedure) => {
    for (const role of ['visitor', ...ROLES] as const) {
      const cookie = role === 'visitor' ? undefined : await cookieFor(role, path);
      const response =
        procedure.type === 'query'
          ? await t.request({ method: 'GET', url: `/trpc/${path}`, cookie })
          : await t.request({ method: 'POST', url: `/trpc/${path}`, payload: {}, cookie });
      const answer = { statusCode: response.statusCode, message: response.json().error?.message };
      check(answer, expected(procedure, role), role);
    }
  });
});

/** Every /api row with ids no row has, and the multipart upload (admin.uploads.create). */
const restPaths = [
  ...restRoutes.map((route) => [route.method, route.url.replace(/:\w+/g, '999999'), route.path] as const),
  ['POST', '/api/uploads', 'admin.uploads.create'] as const,
];

describe('every /api path, as each role', () => {
  it('covers every documented path', () => {
    expect(restPaths.length).toBeGreaterThanOrEqual(120);
  });

  it.each(restPaths)('%s %s', async (method, url, path) => {
    const procedure = procedureByPath.get(path)!;
    for (const role of ['visitor', ...ROLES] as const) {
      const cookie = role === 'visitor' ? undefined : await cookieFor(role, path);
      const response = await t.request({ method, url, cookie, ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }) });
      const type = response.headers['content-type'] ?? '';
      const answer = { statusCode: response.statusCode, message: String(type).includes('json') ? response.json().message : undefined };
      check(answer, expected(procedure, role), role);
    }
  });
});
