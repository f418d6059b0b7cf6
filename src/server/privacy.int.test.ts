import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { DbHandle } from '#db/client';
import { renderPage } from '#client/entry-server';
import { buildApp } from './app';
import { RELAXED_RATE_LIMITS } from './auth/rate-limit';
import { readEnv } from './env';
import { createBlog, createEvent, createListing, createPodcast, DAY } from './test/content-factories';
import { createUser, type TestUser } from './test/factories';
import { listProcedures, listRestRoutes, trpcRequest } from './test/procedures';
import { sessionCookieFrom } from './test/test-app';
import { PERMISSIONS, type Permission } from './policies';
import { createTestDb } from './test/test-db';

/**
 * Privacy of members (13+): no answer a visitor, another member or a moderator receives
 * carries a member's email, age, last name or approval status, nor (to visitors) her id;
 * members see an author's id only as `authorId`, which blocking her takes, and moderators the
 * ids they suspend and decide by. This walks every public and member read on both APIs (tRPC
 * and REST), and every page the server renders (SSR), as a visitor and as another member, and
 * every read a moderator may call (the report and review queues, the audit log, watched words
 * included), after one member has written, commented, liked and RSVPed everywhere, was
 * reported and holds a profile change, a new member's post waits for review, and a young
 * applicant is waiting for approval.
 */
let database: DbHandle;
let app: FastifyInstance;
let clientDir: string;
let author: TestUser;
let applicant: TestUser;
let viewer: { user: TestUser; cookie: string };
let newcomer: TestUser;
let moderator: { user: TestUser; cookie: string };
/** The ids every `:id` and `{id}` is filled with: each piece of content the author touched. */
const contentIds = new Set<number>();
/** Her forum post as a mention list names its thread ('forum:12'). */
let forumThread = '';

const signIn = async (user: TestUser) =>
  sessionCookieFrom(await app.inject({ method: 'POST', url: '/api/login', payload: { email: user.email, password: user.password } }));

beforeAll(async () => {
  database = await createTestDb();
  clientDir = mkdtempSync(join(tmpdir(), 'bloom-privacy-'));
  mkdirSync(join(clientDir, 'assets'));
  writeFileSync(join(clientDir, 'index.html'), '<!doctype html><html><head><title>t</title></head><body><div id="root"></div></body></html>');
  app = await buildApp({
    db: database.db,
    env: readEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
    rateLimits: RELAXED_RATE_LIMITS,
    clientDir,
    renderPage,
    responseCache: false,
    logger: false,
  });
  await app.ready();

  author = await createUser(database.db, { firstName: 'Zeina', lastName: 'Farouqi', email: 'zeina.farouqi@example.com', age: 17 });
  applicant = await createUser(database.db, { status: 'pending', firstName: 'Salma', lastName: 'Qandeel', email: 'salma.qandeel@example.com', age: 14 });
  const viewerUser = await createUser(database.db, { firstName: 'Huda', lastName: 'Viewer', email: 'huda.viewer@example.com' });
  viewer = { user: viewerUser, cookie: await signIn(viewerUser) };
  newcomer = await createUser(database.db, { established: false, firstName: 'Rania', lastName: 'Qasimi', email: 'rania.qasimi@example.com', age: 15 });
  const moderatorUser = await createUser(database.db, { role: 'moderator', firstName: 'Nadia', lastName: 'Moderator', email: 'nadia.moderator@example.com' });
  moderator = { user: moderatorUser, cookie: await signIn(moderatorUser) };

  const podcast = await createPodcast(database.db);
  const blog = await createBlog(database.db);
  const event = await createEvent(database.db, { title: 'Picnic in the park', dateTime: new Date(Date.now() + 3 * DAY), maxAttendees: 20 });
  const listing = await createListing(database.db);
  const cookie = await signIn(author);
  const as = (method: 'POST' | 'GET' | 'PATCH', url: string, payload?: object) => app.inject({ method, url, payload, headers: { cookie } });
  const post = (await as('POST', '/api/forum/posts', { title: 'My first week here', content: 'Everyone has been so kind to me this week.', category: 'general' })).json() as { id: number };
  const writes = await Promise.all([
    as('POST', `/api/forum/posts/${post.id}/comments`, { content: 'Replying to myself' }),
    as('POST', `/api/forum/posts/${post.id}/like`),
    as('POST', `/api/podcasts/${podcast.id}/comments`, { content: 'Loved this one' }),
    as('POST', `/api/podcasts/${podcast.id}/like`),
    as('POST', `/api/blogs/${blog.id}/comments`, { content: 'So true' }),
    as('POST', `/api/blogs/${blog.id}/like`),
    as('POST', `/api/events/${event.id}/rsvp`),
    as('POST', `/api/directory/${listing.id}/like`),
    as('POST', '/api/places/suggestions', { name: 'Quiet library', description: 'A calm place to study after school.', category: 'cafe', address: '12 Nile St' }),
  ]);
  for (const write of writes) expect(write.statusCode, write.body).toBeLessThan(300);
  for (const id of [post.id, podcast.id, blog.id, event.id, listing.id]) contentIds.add(id);
  forumThread = `forum:${post.id}`;
  // The other member takes part in her thread, and she replies and mentions her: the viewer's
  // notifications and the thread's mention list name her (by display name only).
  const hello = await app.inject({ method: 'POST', url: `/api/forum/posts/${post.id}/comments`, payload: { content: 'Hello from Huda' }, headers: { cookie: viewer.cookie } });
  const answer = await as('POST', `/api/forum/posts/${post.id}/comments`, { content: 'Welcome @Huda V.!', parentId: (hello.json() as { id: number }).id });
  expect(answer.statusCode, answer.body).toBe(201);

  // What moderators work on: reports of her post, her comment and herself; a new member's post
  // waiting for review; a profile change of hers held by a watched word; the moderator's own
  // entries in the audit log.
  const asModerator = (method: 'POST' | 'DELETE', url: string, payload?: object) => app.inject({ method, url, payload, headers: { cookie: moderator.cookie } });
  const asViewer = (payload: object) => app.inject({ method: 'POST', url: '/api/reports', payload, headers: { cookie: viewer.cookie } });
  const comment = (writes[0]!.json() as { id: number }).id;
  const held = await app.inject({ method: 'POST', url: '/api/forum/posts', payload: { title: 'Hello from a new member', content: 'Happy to be here with you all.', category: 'general' }, headers: { cookie: await signIn(newcomer) } });
  const moderation = await Promise.all([
    asViewer({ targetType: 'forum_post', targetId: post.id, reason: 'spam' }),
    asViewer({ targetType: 'forum_comment', targetId: comment, reason: 'harassment' }),
    asViewer({ targetType: 'member', targetId: author.id, reason: 'other' }),
    asModerator('POST', '/api/admin/watched-words', { word: 'sparkleword', action: 'hold' }),
  ]);
  for (const write of [held, ...moderation]) expect(write.statusCode, write.body).toBeLessThan(300);
  const change = await as('PATCH', '/api/profile', { bio: 'I share a sparkleword now and then.' });
  expect(change.statusCode, change.body).toBe(200);
  expect((await asModerator('POST', '/api/admin/watched-words', { word: 'gloomword', action: 'block' })).statusCode).toBe(201);
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  rmSync(clientDir, { recursive: true, force: true });
});

type Viewer = 'visitor' | 'member' | 'moderator';

/**
 * Reads and pages that answer the signed-in viewer's own account (her profile, her data export): her own
 * age and email are hers to see. Another member's private data would still be found in them.
 */
const OWN_ACCOUNT_READS = new Set(['auth.account.profile', 'auth.account.export', '/api/profile', '/api/account/export', '/settings/profile']);

/** What in one answer would tell `who` about another member; empty when nothing. */
function privateDataIn(body: string, who: Viewer, ownAccount = false): string[] {
  const found: string[] = [];
  for (const person of [author, applicant, newcomer, ...(who === 'moderator' ? [viewer.user] : [])]) {
    if (body.toLowerCase().includes(person.email.toLowerCase())) found.push(`${person.firstName}'s email`);
    if (body.includes(person.lastName)) found.push(`${person.firstName}'s last name`);
  }
  if (body.includes(applicant.firstName)) found.push('a pending applicant');
  const visit = (value: unknown) => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (value === null || typeof value !== 'object') return;
    const record = value as Record<string, unknown>;
    for (const key of ['age', 'approvalStatus', 'isApproved']) if (key in record && !(ownAccount && key === 'age')) found.push(`a member's ${key}`);
    const isPerson = 'firstName' in record;
    for (const [key, item] of Object.entries(record)) {
      const isMemberId = typeof item === 'number' && (key === 'userId' || key === 'authorId' || (isPerson && key === 'id'));
      const othersId = item === author.id || item === applicant.id;
      // Members get an author's id as `authorId` (to block her), moderators the ids they decide by; visitors never get one.
      if (isMemberId && (who === 'visitor' || (who === 'member' && othersId && key !== 'authorId'))) found.push(`a member id (${key}: ${String(item)})`);
      visit(item);
    }
  };
  for (const json of jsonIn(body)) visit(json);
  return found;
}

/** The JSON of an API answer, or the JSON blocks a server-rendered page embeds. */
function jsonIn(body: string): unknown[] {
  const blocks = [...body.matchAll(/<script[^>]*type="application\/json"[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1]!);
  const texts = blocks.length > 0 ? blocks : [body];
  return texts.flatMap((text) => {
    try {
      return [JSON.parse(text) as unknown];
    } catch {
      return [];
    }
  });
}

const cookieOf = (who: Viewer) => (who === 'member' ? viewer.cookie : who === 'moderator' ? moderator.cookie : undefined);

/** The staff reads a moderator's role lets her make (the permission table's row). */
const moderatorMay = (permission: string | undefined) => permission !== undefined && PERMISSIONS.moderator.has(permission as Permission);
const readableBy = (who: Viewer, procedure: { access: string | undefined; permission?: string | undefined } | undefined) =>
  procedure?.access !== 'staff' || (who === 'moderator' && moderatorMay(procedure.permission));

describe('no answer tells a visitor, another member or a moderator what is private to a member', () => {
  it("gives a moderator the queues' members by display name, and admins in full", async () => {
    const get = (url: string, cookie: string) => app.inject({ method: 'GET', url, headers: { cookie } });
    const queue = (await get('/api/admin/reports', moderator.cookie)).json() as { item: { author: object | null } | null; reports: { reporter: object }[] }[];
    expect(queue.map((group) => group.item?.author)).toEqual([
      { id: author.id, firstName: 'Zeina', lastName: 'F.' },
      { id: author.id, firstName: 'Zeina', lastName: 'F.' },
      { id: author.id, firstName: 'Zeina', lastName: 'F.' },
    ]);
    expect(queue.flatMap((group) => group.reports.map((report) => report.reporter))).toContainEqual({ id: viewer.user.id, firstName: 'Huda', lastName: 'V.' });
    const review = (await get('/api/admin/moderation', moderator.cookie)).json() as { author: object }[];
    expect(review.map((item) => item.author)).toEqual([{ id: newcomer.id, firstName: 'Rania', lastName: 'Q.' }]);
    const changes = (await get('/api/admin/moderation/profiles', moderator.cookie)).json() as unknown[];
    expect(changes).toHaveLength(1);
    const audit = (await get('/api/admin/audit', moderator.cookie)).json() as { adminName: string; adminRole: string }[];
    expect(audit).toEqual([expect.objectContaining({ adminName: 'Nadia M.', adminRole: 'moderator' }), expect.objectContaining({ adminName: 'Nadia M.', adminRole: 'moderator' })]);

    const admin = await createUser(database.db, { role: 'admin' });
    const adminQueue = (await get('/api/admin/moderation', await signIn(admin))).json() as { author: object }[];
    expect(adminQueue.map((item) => item.author)).toEqual([{ id: newcomer.id, firstName: 'Rania', lastName: 'Qasimi', email: 'rania.qasimi@example.com' }]);
  });

  it('reads notifications and mention lists that name the member, by display name only', async () => {
    const get = (url: string, cookie: string) => app.inject({ method: 'GET', url, headers: { cookie } });
    const told = (await get('/api/notifications', viewer.cookie)).json() as { items: { kind: string; actor: object }[] };
    expect(told.items.map((item) => [item.kind, item.actor])).toEqual([['reply', { firstName: 'Zeina', lastName: 'F.' }]]);
    const staff = (await get('/api/notifications', moderator.cookie)).json() as { items: { kind: string; actor: object | null }[] };
    expect(staff.items.map((item) => item.kind).sort()).toEqual(['report_new', 'report_new', 'report_new', 'review_waiting', 'review_waiting']);
    const names = (await get(`/api/mentions?thread=${forumThread}`, viewer.cookie)).json() as unknown[];
    expect(names).toEqual([{ firstName: 'Zeina', lastName: 'F.', mention: '@Zeina F.' }]);
    expect((await app.inject({ method: 'GET', url: `/api/mentions?thread=${forumThread}` })).statusCode).toBe(401);
  });

  it.each(['visitor', 'member', 'moderator'] as const)('holds for every tRPC read a %s may call', async (who) => {
    const reads = listProcedures().filter((procedure) => procedure.type === 'query' && readableBy(who, procedure));
    expect(reads.length).toBeGreaterThan(15);
    const problems: string[] = [];
    let answered = 0;
    for (const procedure of reads) {
      for (const input of [undefined, {}, ...[...contentIds].map((id) => ({ id })), { q: 'first' }, { search: 'first' }, { thread: forumThread }]) {
        const response = await trpcRequest(app, { path: procedure.path, type: 'query', input, cookie: cookieOf(who) });
        if (response.statusCode === 200) answered++;
        for (const problem of privateDataIn(response.body, who, OWN_ACCOUNT_READS.has(procedure.path))) problems.push(`${procedure.path} ${JSON.stringify(input)}: ${problem}`);
      }
    }
    expect(answered).toBeGreaterThan(20);
    expect(problems).toEqual([]);
  });

  it.each(['visitor', 'member', 'moderator'] as const)('holds for every /api read a %s may call', async (who) => {
    const reads = (await listRestRoutes()).filter((row) => row.method === 'GET' && readableBy(who, row.procedure));
    expect(reads.length).toBeGreaterThan(15);
    const problems: string[] = [];
    for (const row of reads) {
      const urls = row.url.includes(':') ? [...contentIds].map((id) => row.url.replace(/:[A-Za-z]+/g, String(id))) : [row.url, `${row.url}?search=first&q=first`, `${row.url}?thread=${forumThread}`];
      for (const url of urls) {
        const response = await app.inject({ method: 'GET', url, headers: cookieOf(who) ? { cookie: cookieOf(who)! } : {} });
        for (const problem of privateDataIn(response.body, who, OWN_ACCOUNT_READS.has(row.url))) problems.push(`GET ${url}: ${problem}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it.each(['visitor', 'member', 'moderator'] as const)('holds for every page the server renders for a %s, its embedded answers included', async (who) => {
    const pages = [...readFileSync(join(import.meta.dirname, '../client/routeTree.gen.ts'), 'utf8').matchAll(/fullPath: '([^']+)'/g)]
      .map((match) => match[1]!)
      .filter((path, index, all) => all.indexOf(path) === index && !path.startsWith('/admin'));
    const urls = [...pages, ...[...contentIds].map((id) => `/blog?post=${id}`)];
    const problems: string[] = [];
    let renderedWithData = 0;
    for (const url of urls) {
      const response = await app.inject({ method: 'GET', url, headers: cookieOf(who) ? { cookie: cookieOf(who)! } : {} });
      expect(response.statusCode, url).toBe(200);
      if (/"queryKey":/.test(response.body)) renderedWithData++;
      for (const problem of privateDataIn(response.body, who, OWN_ACCOUNT_READS.has(url))) problems.push(`${url}: ${problem}`);
    }
    // The walk read pages rendered with their data, not empty shells.
    expect(renderedWithData).toBeGreaterThanOrEqual(3);
    expect(problems).toEqual([]);
  });
});
