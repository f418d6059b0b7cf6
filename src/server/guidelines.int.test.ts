import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#db/schema';
import { renderPage } from '#client/entry-server';
import { longDateUtc } from '#client/lib/formats';
import { GUIDELINES_VERSION } from '#shared/guidelines';
import { messages } from '#shared/messages';
import { validApplication } from './test/factories';
import { countRows, errorMessage, listProcedures, listRestRoutes, trpcRequest } from './test/procedures';
import { createTestApp, sessionCookieFrom, type TestApp } from './test/test-app';

/**
 * Community guidelines: an application is taken only with the box ticked (the boolean true,
 * through both APIs), the account keeps which version was accepted and when, nobody else is
 * ever told, and the guidelines page is rendered by the server like the other public pages.
 */
let t: TestApp;
let clientDir: string;

beforeAll(async () => {
  clientDir = mkdtempSync(join(tmpdir(), 'bloom-guidelines-'));
  mkdirSync(join(clientDir, 'assets'));
  writeFileSync(join(clientDir, 'index.html'), '<!doctype html><html><head><title>t</title></head><body><div id="root"></div></body></html>');
  t = await createTestApp({ clientDir, renderPage });
});

afterAll(async () => {
  await t?.close();
  rmSync(clientDir, { recursive: true, force: true });
});

const doors = {
  REST: (payload: object) => t.request({ method: 'POST', url: '/api/join-request', payload }),
  tRPC: (payload: object) => trpcRequest(t.app, { path: 'auth.joinRequest', type: 'mutation', input: payload }),
};
const doorNames = Object.keys(doors) as (keyof typeof doors)[];

const accountOf = (email: string) =>
  t.db
    .select({ guidelinesVersion: users.guidelinesVersion, guidelinesAcceptedAt: users.guidelinesAcceptedAt })
    .from(users)
    .where(eq(users.email, email.toLowerCase()));

describe('an application needs the community guidelines accepted', () => {
  it('says so in the words the product asks for', () => {
    expect(messages.signup.acceptGuidelines).toBe('Please accept the community guidelines');
  });

  const refusals: [string, Record<string, unknown>][] = [
    ['missing', {}],
    ['false', { acceptGuidelines: false }],
    ['the string "true"', { acceptGuidelines: 'true' }],
    ['1', { acceptGuidelines: 1 }],
    ['null', { acceptGuidelines: null }],
  ];
  const cases = doorNames.flatMap((door) => refusals.map(([name, change]) => [door, name, change] as const));

  it.each(cases)('%s refuses the box %s with 400 and its message, and stores nothing', async (door, _name, change) => {
    const { acceptGuidelines: _accepted, ...application } = validApplication();
    const before = await countRows(t.db);
    const response = await doors[door]({ ...application, ...change });
    expect(response.statusCode, response.body).toBe(400);
    expect(errorMessage(response)).toBe(messages.signup.acceptGuidelines);
    expect(await countRows(t.db)).toEqual(before);
    expect(await accountOf(application.email)).toHaveLength(0);
  });

  it.each(doorNames)('%s stores the version and the time she accepted with the new account', async (door) => {
    const application = validApplication();
    const before = Date.now();
    const response = await doors[door](application);
    const after = Date.now();
    expect(response.statusCode, response.body).toBe(door === 'REST' ? 201 : 200);
    const [account] = await accountOf(application.email);
    expect(account?.guidelinesVersion).toBe(GUIDELINES_VERSION);
    expect(account?.guidelinesAcceptedAt).toBeInstanceOf(Date);
    expect(account!.guidelinesAcceptedAt!.getTime()).toBeGreaterThanOrEqual(before);
    expect(account!.guidelinesAcceptedAt!.getTime()).toBeLessThanOrEqual(after);
  });

  it('never tells a visitor or another member which version she accepted, or when', async () => {
    // She applies, is approved, signs in and posts, so her name shows up in what others read.
    const application = validApplication();
    expect((await doors.REST(application)).statusCode).toBe(201);
    const [row] = await t.db.select({ id: users.id, acceptedAt: users.guidelinesAcceptedAt }).from(users).where(eq(users.email, application.email));
    const admin = await t.signInAs('admin');
    const approval = await t.request({ method: 'PATCH', url: `/api/admin/users/${row!.id}/approval`, payload: { isApproved: true }, cookie: admin.cookie });
    expect(approval.statusCode, approval.body).toBe(200);
    // Established, so her post is shown at once rather than waiting for review.
    await t.db.update(users).set({ established: true }).where(eq(users.id, row!.id));
    const cookie = sessionCookieFrom(await t.request({ method: 'POST', url: '/api/login', payload: { email: application.email, password: application.password } }));
    const post = await t.request({ method: 'POST', url: '/api/forum/posts', payload: { title: 'Hello from Sara', content: 'So happy to be part of this circle now.', category: 'general' }, cookie });
    expect(post.statusCode, post.body).toBe(201);
    const postId = (post.json() as { id: number }).id;

    const other = await t.signInAs('member');
    const acceptedAt = row!.acceptedAt!.toISOString();
    // The viewer's own export holds her own acceptance under these names; Sara's time must never show.
    const ownAccount = (where: string) => /auth\.account\.export|\/api\/account\/export/.test(where);
    const leaks = (where: string, body: string) =>
      (!ownAccount(where) && /guidelines_?(version|accepted)/i.test(body)) || body.includes(acceptedAt) ? [`${where}: ${body.slice(0, 200)}`] : [];
    const found: string[] = [];
    let answered = 0;
    let sawHerPost = false;
    for (const viewer of [undefined, other.cookie]) {
      const who = viewer ? 'member' : 'visitor';
      for (const procedure of listProcedures().filter((p) => p.type === 'query' && p.access !== 'staff')) {
        for (const input of [undefined, {}, { id: postId }]) {
          const response = await trpcRequest(t.app, { path: procedure.path, type: 'query', input, cookie: viewer });
          if (response.statusCode === 200) answered++;
          if (response.body.includes('Hello from Sara')) sawHerPost = true;
          found.push(...leaks(`${who} ${procedure.path} ${JSON.stringify(input)}`, response.body));
        }
      }
      for (const route of (await listRestRoutes()).filter((r) => r.method === 'GET' && r.procedure?.access !== 'staff')) {
        const url = route.url.replace(/:[A-Za-z]+/g, String(postId));
        const response = await t.request({ method: 'GET', url, cookie: viewer });
        found.push(...leaks(`${who} GET ${url}`, response.body));
      }
      for (const page of ['/', '/community/blog', '/community-hub', '/guidelines']) {
        const response = await t.request({ method: 'GET', url: page, cookie: viewer });
        found.push(...leaks(`${who} page ${page}`, response.body));
      }
    }
    // The walk read what she wrote, not only answers without her.
    expect(sawHerPost).toBe(true);
    expect(answered).toBeGreaterThan(20);
    expect(found).toEqual([]);
  });
});

describe('the guidelines page', () => {
  const rendered = (html: string) => /<div id="root" inert>([\s\S]*)<\/div>\s*<\/body>/.exec(html)?.[1] ?? '';

  it('is rendered by the server with its heading, sections and the date of this version', async () => {
    const response = await t.request({ method: 'GET', url: '/guidelines' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    const root = rendered(response.body);
    expect(root).toMatch(/<h1[^>]*>Community Guidelines<\/h1>/);
    // "November 23, 2026" for the version 2026-11-23.
    const date = longDateUtc(new Date(`${GUIDELINES_VERSION}T00:00:00Z`));
    expect(root).toMatch(new RegExp(`Last updated(<!-- -->)? <time datetime="${GUIDELINES_VERSION}">${date}</time>`, 'i'));
    for (const heading of ['Be kind', 'No harassment, bullying or hate', 'No sexual content', 'No selling or spam', 'Reporting and blocking']) {
      expect(root).toMatch(new RegExp(`<h2[^>]*>${heading}</h2>`));
    }
    expect(root).toContain('href="https://findahelpline.com"');
  });

  it('is linked from the signup form, beside the box to tick, and from the footer of public pages', async () => {
    const signup = rendered((await t.request({ method: 'GET', url: '/signup' })).body);
    expect(signup).toMatch(/<label[^>]*for="acceptGuidelines"[^>]*>I agree to the <a [^>]*href="\/guidelines"[^>]*>community guidelines<\/a><\/label>/);
    expect(signup).not.toMatch(/href="\/guidelines"[^>]*target=/);
    const podcasts = rendered((await t.request({ method: 'GET', url: '/podcasts' })).body);
    expect(podcasts).toMatch(/<footer[\s\S]*href="\/guidelines"[\s\S]*<\/footer>/);
  });
});
