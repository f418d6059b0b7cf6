import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { DbHandle } from '#db/client';
import { buildApp } from './app';
import { RELAXED_RATE_LIMITS } from './auth/rate-limit';
import { readEnv } from './env';
import { sessionCookieFrom } from './test/test-app';
import { createTestDb } from './test/test-db';
import { answerScopeOf, registerResponseCache } from './response-cache';
import { createUser } from './test/factories';
import { createBlog } from './test/content-factories';
import { listProcedures, trpcRequest } from './test/procedures';

const podcast = (title: string) => ({
  title,
  description: 'A calm conversation about study habits.',
  category: 'School Life',
  iframe: '<iframe src="https://www.youtube.com/embed/abc123"></iframe>',
});

let database: DbHandle;
const apps: FastifyInstance[] = [];

/** The read cache's clock: a lifetime passes when a test moves it on, not while the test waits. */
const clock = { movedMs: 0, now: () => Date.now() + clock.movedMs };

async function startApp(env: Record<string, string> = {}, responseCache = true) {
  const app = await buildApp({
    db: database.db,
    env: readEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env }),
    rateLimits: RELAXED_RATE_LIMITS,
    clientDir: null,
    logger: false,
    responseCache: responseCache && { clock },
  });
  await app.ready();
  apps.push(app);
  return app;
}

async function adminCookie(app: FastifyInstance) {
  const admin = await createUser(database.db, { isAdmin: true });
  return sessionCookieFrom(await app.inject({ method: 'POST', url: '/api/login', payload: { email: admin.email, password: admin.password } }));
}

beforeAll(async () => {
  database = await createTestDb();
});

// Each test's apps close when it ends, sending their last notifications first: a later test's
// apps, listening on the same database, never hear of an earlier test's writes.
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

afterAll(async () => {
  await database?.close();
});

describe('response cache of public reads', () => {
  it('replays a visitor’s read and shows a write at once', async () => {
    const app = await startApp();
    const cookie = await adminCookie(app);
    const first = await app.inject({ method: 'GET', url: '/api/podcasts' });
    const second = await app.inject({ method: 'GET', url: '/api/podcasts' });
    expect(first.headers['x-cache']).toBeUndefined();
    expect(second.headers['x-cache']).toBe('hit');
    expect(second.body).toBe(first.body);
    expect(second.headers['content-type']).toBe(first.headers['content-type']);
    expect(second.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
    expect(second.headers['x-content-type-options']).toBe('nosniff');

    const created = await app.inject({ method: 'POST', url: '/api/podcasts', headers: { cookie }, payload: podcast('Fresh after a write') });
    expect(created.statusCode).toBeLessThan(300);
    const after = await app.inject({ method: 'GET', url: '/api/podcasts' });
    expect(after.headers['x-cache']).toBeUndefined();
    expect(after.body).toContain('Fresh after a write');
  });

  it('shares an answer every viewer gets alike between visitors and signed-in members', async () => {
    const app = await startApp();
    const cookie = await adminCookie(app);
    const homeBatch = `/trpc/content.stats.get,content.events.list?batch=1&input=${encodeURIComponent(JSON.stringify({ 1: { upcoming: true, limit: 2 } }))}`;
    const byMember = await app.inject({ method: 'GET', url: homeBatch, headers: { cookie } });
    expect(byMember.statusCode).toBe(200);
    const byVisitor = await app.inject({ method: 'GET', url: homeBatch });
    expect(byVisitor.headers['x-cache']).toBe('hit');
    expect(byVisitor.body).toBe(byMember.body);
    expect((await app.inject({ method: 'GET', url: homeBatch, headers: { cookie } })).headers['x-cache']).toBe('hit');

    const created = await app.inject({ method: 'POST', url: '/api/podcasts', headers: { cookie }, payload: podcast('Counted at once') });
    expect(created.statusCode).toBeLessThan(300);
    const after = await app.inject({ method: 'GET', url: homeBatch, headers: { cookie } });
    expect(after.headers['x-cache']).toBeUndefined();
    expect(JSON.parse(after.body)[0].result.data.podcastCount).toBe(JSON.parse(byMember.body)[0].result.data.podcastCount + 1);
  });

  it('never shares an answer that depends on who asks, alone or in a batch', async () => {
    const app = await startApp();
    const cookie = await adminCookie(app);
    const mixed = '/trpc/content.stats.get,auth.session?batch=1&input=%7B%7D';
    const admins = await app.inject({ method: 'GET', url: mixed, headers: { cookie } });
    expect(admins.body).toContain('"isAdmin":true');
    const visitors = await app.inject({ method: 'GET', url: mixed });
    expect(visitors.headers['x-cache']).toBeUndefined();
    expect(visitors.body).not.toContain('isAdmin');
    // An answer that depends on who asks is stored for nobody, not even for other visitors.
    expect((await app.inject({ method: 'GET', url: mixed })).headers['x-cache']).toBeUndefined();
    const adminsAgain = await app.inject({ method: 'GET', url: mixed, headers: { cookie } });
    expect(adminsAgain.headers['x-cache']).toBeUndefined();
    expect(adminsAgain.body).toContain('"isAdmin":true');

    await app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    expect((await app.inject({ method: 'GET', url: '/api/auth/user' })).statusCode).toBe(401);
  });

  it('drops only the answers that read what a write changed', async () => {
    const app = await startApp();
    const cookie = await adminCookie(app);
    const [first] = (await app.inject({ method: 'GET', url: '/api/podcasts?limit=3' })).json() as { id: number; likes: number }[];
    await app.inject({ method: 'GET', url: '/api/events?limit=3' });
    expect((await app.inject({ method: 'GET', url: '/api/podcasts?limit=3' })).headers['x-cache']).toBe('hit');
    expect((await app.inject({ method: 'GET', url: '/api/events?limit=3' })).headers['x-cache']).toBe('hit');

    const liked = await app.inject({ method: 'POST', url: `/api/podcasts/${first!.id}/like`, headers: { cookie } });
    expect(liked.json()).toEqual({ liked: true });
    // The like changed the podcasts: their list is read again and shows it at once.
    const podcasts = await app.inject({ method: 'GET', url: '/api/podcasts?limit=3' });
    expect(podcasts.headers['x-cache']).toBeUndefined();
    expect((podcasts.json() as { id: number; likes: number }[]).find((p) => p.id === first!.id)?.likes).toBe(first!.likes + 1);
    // The events list read nothing it changed, so it stays stored.
    expect((await app.inject({ method: 'GET', url: '/api/events?limit=3' })).headers['x-cache']).toBe('hit');

    // A write that no procedure answered (an upload) drops everything.
    const boundary = '----bloom';
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.gif"\r\nContent-Type: image/gif\r\n\r\n`),
      gif,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const upload = await app.inject({ method: 'POST', url: '/api/uploads', headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
    expect(upload.statusCode).toBeLessThan(300);
    expect((await app.inject({ method: 'GET', url: '/api/events?limit=3' })).headers['x-cache']).toBeUndefined();
  });

  it('keeps an article through a like on another article, and drops the liked one and the lists', async () => {
    const app = await startApp();
    const member = await createUser(database.db);
    const cookie = sessionCookieFrom(await app.inject({ method: 'POST', url: '/api/login', payload: { email: member.email, password: member.password } }));
    const [liked, other] = [await createBlog(database.db, { title: 'Liked while stored' }), await createBlog(database.db, { title: 'Left alone' })];
    const likes = async (id: number) => ((await app.inject({ method: 'GET', url: `/api/blogs/${id}` })).json() as { likesCount: number }).likesCount;
    const before = await likes(liked.id);
    await likes(other.id);
    await app.inject({ method: 'GET', url: '/api/blogs?limit=50' });
    for (const url of [`/api/blogs/${liked.id}`, `/api/blogs/${other.id}`, '/api/blogs?limit=50']) expect((await app.inject({ method: 'GET', url })).headers['x-cache'], url).toBe('hit');

    expect((await app.inject({ method: 'POST', url: `/api/blogs/${liked.id}/like`, headers: { cookie } })).json()).toEqual({ liked: true });
    const article = await app.inject({ method: 'GET', url: `/api/blogs/${liked.id}` });
    expect(article.headers['x-cache']).toBeUndefined();
    expect((article.json() as { likesCount: number }).likesCount).toBe(before + 1);
    const list = await app.inject({ method: 'GET', url: '/api/blogs?limit=50' });
    expect(list.headers['x-cache']).toBeUndefined();
    expect((list.json() as { id: number; likesCount: number }[]).find((blog) => blog.id === liked.id)?.likesCount).toBe(before + 1);
    expect((await app.inject({ method: 'GET', url: `/api/blogs/${other.id}` })).headers['x-cache']).toBe('hit');

    // An edit to the article as a whole, by its id, drops it too; a new article drops every article's answer.
    const admin = await adminCookie(app);
    await app.inject({ method: 'GET', url: `/api/blogs/${liked.id}` });
    const form = { title: 'Renamed while stored', content: 'Body', excerpt: 'Short', category: 'Productivity', authorName: 'Maya Haddad', tags: [], isPublished: true };
    expect((await app.inject({ method: 'PATCH', url: `/api/blogs/${liked.id}`, headers: { cookie: admin }, payload: form })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: `/api/blogs/${liked.id}` })).body).toContain('Renamed while stored');
    expect((await app.inject({ method: 'GET', url: `/api/blogs/${other.id}` })).headers['x-cache']).toBe('hit');
    expect((await app.inject({ method: 'POST', url: '/api/blogs', headers: { cookie: admin }, payload: { ...form, title: 'Another article' } })).statusCode).toBeLessThan(300);
    expect((await app.inject({ method: 'GET', url: `/api/blogs/${other.id}` })).headers['x-cache']).toBeUndefined();
  });

  it('keeps an article past a list’s one-second lifetime, and forgets the list, whose answer may change with the clock', async () => {
    const app = await startApp();
    const article = await createBlog(database.db, { title: 'Kept past a second' });
    await app.inject({ method: 'GET', url: `/api/blogs/${article.id}` });
    await app.inject({ method: 'GET', url: '/api/events?upcoming=true&limit=5' });
    clock.movedMs += 1100;
    expect((await app.inject({ method: 'GET', url: `/api/blogs/${article.id}` })).headers['x-cache']).toBe('hit');
    expect((await app.inject({ method: 'GET', url: '/api/events?upcoming=true&limit=5' })).headers['x-cache']).toBeUndefined();
  });

  it('reads a URL once for visitors who ask for it at the same moment, and never hands a later visitor an answer older than a write', async () => {
    const app = await startApp();
    const cookie = await adminCookie(app);
    const url = '/api/podcasts?limit=11';
    const together = await Promise.all(Array.from({ length: 8 }, () => app.inject({ method: 'GET', url })));
    expect(together.map((answer) => answer.statusCode)).toEqual(Array(8).fill(200));
    expect(new Set(together.map((answer) => answer.body)).size).toBe(1);
    // One read; the seven others waited for it and took its answer.
    expect(together.filter((answer) => answer.headers['x-cache'] === 'hit')).toHaveLength(7);

    // A read that began before a write is not handed to a request that arrives after it.
    clock.movedMs += 1100; // the stored list's second is over
    const early = app.inject({ method: 'GET', url });
    expect((await app.inject({ method: 'POST', url: '/api/podcasts', headers: { cookie }, payload: podcast('Written during a read') })).statusCode).toBeLessThan(300);
    expect((await app.inject({ method: 'GET', url })).body).toContain('Written during a read');
    expect((await early).statusCode).toBe(200);
  });

  it('never hands a member’s personal answer to another request for the same URL at the same moment', async () => {
    const app = await startApp();
    const cookie = await adminCookie(app);
    const url = '/api/auth/user';
    await app.inject({ method: 'GET', url, headers: { cookie } });
    const together = await Promise.all(Array.from({ length: 4 }, () => app.inject({ method: 'GET', url, headers: { cookie } })));
    expect(together.map((answer) => [answer.statusCode, answer.headers['x-cache']])).toEqual(Array(4).fill([200, undefined]));
    // A visitor at the same moment as a member is never handed the member's answer.
    const [mine, visitors] = await Promise.all([app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } }), app.inject({ method: 'GET', url: '/api/auth/user' })]);
    expect(mine.statusCode).toBe(200);
    expect(visitors.statusCode).toBe(401);
  });

  it('clears the other processes’ stored answers at once through the database (LISTEN/NOTIFY), only what the write changed', async () => {
    const [a, b] = [await startApp(), await startApp()];
    const cookie = await adminCookie(a);
    await new Promise((done) => setTimeout(done, 200)); // listening settles
    await b.inject({ method: 'GET', url: '/api/podcasts?limit=9' });
    await b.inject({ method: 'GET', url: '/api/events?limit=9' });
    expect((await b.inject({ method: 'GET', url: '/api/podcasts?limit=9' })).headers['x-cache']).toBe('hit');
    await a.inject({ method: 'POST', url: '/api/podcasts', headers: { cookie }, payload: podcast('Announced through the database') });
    let body = '';
    for (let attempt = 0; attempt < 20 && !body.includes('Announced through the database'); attempt++) {
      await new Promise((done) => setTimeout(done, 20));
      body = (await b.inject({ method: 'GET', url: '/api/podcasts?limit=9' })).body;
    }
    // Well within the one-second lifetime: the notification, not the expiry, cleared it.
    expect(body).toContain('Announced through the database');
    // Only what the write changed: b's events list stays stored.
    expect((await b.inject({ method: 'GET', url: '/api/events?limit=9' })).headers['x-cache']).toBe('hit');

    // An article lives longer than a list; another process's like on it drops it all the same.
    const article = await createBlog(database.db, { title: 'Liked on the other process' });
    const likesOnB = async () => ((await b.inject({ method: 'GET', url: `/api/blogs/${article.id}` })).json() as { likesCount: number }).likesCount;
    expect(await likesOnB()).toBe(0);
    expect((await a.inject({ method: 'POST', url: `/api/blogs/${article.id}/like`, headers: { cookie } })).statusCode).toBe(200);
    let seen = 0;
    for (let attempt = 0; attempt < 20 && seen === 0; attempt++) {
      await new Promise((done) => setTimeout(done, 20));
      seen = await likesOnB();
    }
    expect(seen).toBe(1);
  });

  it('answers a streamed (JSONL) request with valid HTTP framing, and never stores or replays it', async () => {
    const app = await startApp();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const batch = `http://127.0.0.1:${port}/trpc/content.stats.get,content.podcasts.list?batch=1&input=${encodeURIComponent(JSON.stringify({ 1: {} }))}`;
    for (const headers of [{ 'trpc-accept': 'application/jsonl' }, { accept: 'application/jsonl' }] as Record<string, string>[]) {
      // fetch refuses an answer that carries both content-length and chunked transfer-encoding.
      const streamed = await fetch(batch, { headers });
      expect(streamed.headers.get('transfer-encoding')).toBe('chunked');
      expect(streamed.headers.get('content-length')).toBeNull();
      expect(streamed.headers.get('x-cache')).toBeNull();
      expect((await streamed.text()).split('\n').length).toBeGreaterThan(2);
    }
    // The plain JSON answer a browser's batch link asks for is not the stream stored above.
    const plain = await fetch(batch);
    expect(plain.headers.get('x-cache')).toBeNull();
    const [stats, list] = (await plain.json()) as [{ result: { data: { podcastCount: number } } }, { result: { data: unknown[] } }];
    expect(typeof stats.result.data.podcastCount).toBe('number');
    expect(Array.isArray(list.result.data)).toBe(true);
    expect((await fetch(batch)).headers.get('x-cache')).toBe('hit');
    // And a stored JSON answer is not replayed to a request that asked for a stream.
    const streamedAgain = await fetch(batch, { headers: { 'trpc-accept': 'application/jsonl' } });
    expect(streamedAgain.headers.get('x-cache')).toBeNull();
    expect(streamedAgain.headers.get('transfer-encoding')).toBe('chunked');
    await streamedAgain.text();
  });

  it('never replays a signed-in answer to a visitor, however the session cookie is spelled', async () => {
    const app = await startApp();
    const cookie = await adminCookie(app);
    const draft = await createBlog(database.db, { title: 'Draft kept from visitors', isPublished: false });
    // The cookie parser reads `session =TOKEN` as the session too.
    const spaced = cookie.replace('session=', 'session =');
    const urls = ['/trpc/auth.session', `/trpc/admin.users.list?input=${encodeURIComponent('{}')}`, `/api/blogs/${draft.id}`, '/api/auth/user'];
    for (const url of urls) {
      const signedIn = await app.inject({ method: 'GET', url, headers: { cookie: spaced } });
      expect(signedIn.statusCode, url).toBe(200);
      expect(signedIn.headers['cache-control'], url).toBe('no-store');
      const visitor = await app.inject({ method: 'GET', url });
      expect(visitor.headers['x-cache'], url).toBeUndefined();
      expect(visitor.body, url).not.toMatch(/@example\.com|Draft kept from visitors/);
    }
  });

  it('holds every procedure that declares a shared answer to it: whenever one viewer’s answer may be stored, every viewer gets the same bytes', async () => {
    const app = await startApp({}, false);
    const cookie = await adminCookie(app);
    const member = await createUser(database.db);
    const memberCookie = sessionCookieFrom(await app.inject({ method: 'POST', url: '/api/login', payload: { email: member.email, password: member.password } }));
    const shared = listProcedures().filter((procedure) => procedure.sharedAnswer);
    expect(shared.length).toBeGreaterThan(5);
    // Data an admin or a member could be shown differently: a draft, a comment, an RSVP.
    const draft = await createBlog(database.db, { title: 'A draft only admins see', isPublished: false });
    const published = await createBlog(database.db, { title: 'Published for all' });
    const [first] = (await app.inject({ method: 'GET', url: '/api/podcasts' })).json() as { id: number }[];
    await app.inject({ method: 'POST', url: `/api/podcasts/${first!.id}/comments`, headers: { cookie: memberCookie }, payload: { content: 'Lovely episode' } });
    await app.inject({ method: 'POST', url: `/api/blogs/${published.id}/comments`, headers: { cookie: memberCookie }, payload: { content: 'Lovely article' } });
    let storable = 0;
    for (const procedure of shared) {
      for (const input of [{}, { id: first!.id }, { id: draft.id }, { id: published.id }, { q: 'a' }]) {
        const answers = await Promise.all(
          [undefined, memberCookie, cookie].map((who) => trpcRequest(app, { path: procedure.path, type: procedure.type, input, cookie: who })),
        );
        // An admin's draft is marked personal (no-store), so no one else is ever served it.
        if (!answers.some((answer) => answer.statusCode === 200 && answer.headers['cache-control'] !== 'no-store')) continue;
        storable++;
        expect(new Set(answers.map((answer) => `${answer.statusCode} ${answer.body}`)).size, `${procedure.path} ${JSON.stringify(input)}`).toBe(1);
      }
    }
    expect(storable).toBeGreaterThan(20);
  });
});

describe('concurrent reads of one URL (single flight)', () => {
  /**
   * A bare server whose one shared read waits for the test to let it finish: which requests
   * wait for which read is then decided by the test, not by timing.
   */
  async function gatedApp() {
    const app = Fastify({ logger: false });
    const state = { arrived: 0, readsStarted: 0, openReads: [] as Array<() => void> };
    app.addHook('onRequest', async () => {
      state.arrived++;
    });
    registerResponseCache(app, database.db, { clock });
    app.get('/api/gated', async (request) => {
      answerScopeOf(request).calls.push({ areas: ['podcasts'] });
      const read = ++state.readsStarted;
      await new Promise<void>((finish) => state.openReads.push(finish));
      return { read };
    });
    app.post('/api/gated', async (request) => {
      answerScopeOf(request).calls.push({ areas: ['podcasts'] });
      return { changed: true };
    });
    await app.ready();
    apps.push(app);
    return { app, state };
  }

  const turns = async (condition: () => boolean) => {
    for (let turn = 0; turn < 200 && !condition(); turn++) await new Promise((next) => setImmediate(next));
    expect(condition()).toBe(true);
    await new Promise((next) => setImmediate(next));
  };

  it('hands a read a write overtook to the requests that came before the write, and reads once more for all that came after', async () => {
    const { app, state } = await gatedApp();
    const get = () => app.inject({ method: 'GET', url: '/api/gated' });
    const first = get();
    await turns(() => state.readsStarted === 1);
    const beforeWrite = get();
    await turns(() => state.arrived === 2);
    expect((await app.inject({ method: 'POST', url: '/api/gated' })).statusCode).toBe(200);
    const afterWrite = [get(), get(), get()];
    await turns(() => state.arrived === 6);

    state.openReads.shift()!();
    // The three that came after the write wait for one new read between them.
    await turns(() => state.readsStarted === 2);
    state.openReads.shift()!();

    const [firstAnswer, beforeAnswer, ...afterAnswers] = await Promise.all([first, beforeWrite, ...afterWrite]);
    expect(firstAnswer.json()).toEqual({ read: 1 });
    expect([beforeAnswer.json(), beforeAnswer.headers['x-cache']]).toEqual([{ read: 1 }, 'hit']);
    expect(afterAnswers.map((answer) => answer.json())).toEqual([{ read: 2 }, { read: 2 }, { read: 2 }]);
    expect(afterAnswers.filter((answer) => answer.headers['x-cache'] === 'hit')).toHaveLength(2);
    expect(state.readsStarted).toBe(2);
    // The first read was overtaken and never stored; the second was.
    expect((await get()).json()).toEqual({ read: 2 });
    expect(state.readsStarted).toBe(2);
  });
});

// Only PostgreSQL's listening connection can drop; PGlite delivers within its own process.
describe.skipIf(process.env.TEST_DB !== 'postgres')('after the listening connection was lost', () => {
  it('drops every stored answer once listening again, since the changes sent meanwhile are lost', async () => {
    const app = await startApp();
    const article = await createBlog(database.db);
    await app.inject({ method: 'GET', url: `/api/blogs/${article.id}` });
    expect((await app.inject({ method: 'GET', url: `/api/blogs/${article.id}` })).headers['x-cache']).toBe('hit');

    // The database ends the listening connection, as a restart or a network cut would.
    await database.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'listen%'`);
    let dropped = false;
    for (let attempt = 0; attempt < 100 && !dropped; attempt++) {
      await new Promise((done) => setTimeout(done, 20));
      dropped = (await app.inject({ method: 'GET', url: `/api/blogs/${article.id}` })).headers['x-cache'] !== 'hit';
    }
    // An article lives 30 seconds: only the reconnect can have dropped it this soon.
    expect(dropped).toBe(true);
  });
});
