import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { RELAXED_RATE_LIMITS } from '../auth/rate-limit';
import { readEnv } from '../env';
import { createTestApp, type TestApp } from '../test/test-app';
import { STREAMS_PER_MEMBER } from './live';

/**
 * The live unread count: a notification written through one server process reaches a stream
 * open on another within a second (PostgreSQL's LISTEN/NOTIFY; PGlite delivers in its one
 * process), with heartbeats, and only to her.
 */
let t: TestApp;
let other: FastifyInstance;
let otherUrl: string;
type Someone = Awaited<ReturnType<TestApp['signInAs']>>;
let zeina: Someone;
let laila: Someone;
beforeAll(async () => {
  t = await createTestApp({ notificationStream: { heartbeatMs: 200 } });
  // A second server process on the same database: the stream is opened there.
  other = await buildApp({ db: t.db, env: readEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), rateLimits: RELAXED_RATE_LIMITS, clientDir: null, logger: false, responseCache: false, mailWorker: false, notificationStream: { heartbeatMs: 200 } });
  otherUrl = await other.listen({ port: 0, host: '127.0.0.1' });
  [zeina, laila] = await Promise.all([t.signInAs('member', { firstName: 'Zeina' }), t.signInAs('member', { firstName: 'Laila' })]);
});
afterAll(async () => {
  await other?.close();
  await t?.close();
});

/** Opens her stream on the other process; `events()` answers what it has received so far. */
async function openStream(who: Someone) {
  const controller = new AbortController();
  const response = await fetch(`${otherUrl}/api/notifications/stream`, { headers: { cookie: who.cookie }, signal: controller.signal });
  let text = '';
  const reading = (async () => {
    const decoder = new TextDecoder();
    try {
      for await (const chunk of response.body!) text += decoder.decode(chunk as Uint8Array, { stream: true });
    } catch {
      // Aborted at the end of the test.
    }
  })();
  return {
    response,
    text: () => text,
    counts: () => [...text.matchAll(/event: unread\ndata: (\{.*\})/g)].map((match) => (JSON.parse(match[1]!) as { unread: number }).unread),
    close: async () => {
      controller.abort();
      await reading;
    },
  };
}

const until = async (check: () => boolean, withinMs: number) => {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > withinMs) throw new Error(`not within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return Date.now() - started;
};

describe('the notification stream', () => {
  it('sends her unread count at once, then a reply written through another process within a second, heartbeats, and the count after she reads elsewhere; nothing to others', async () => {
    const hers = await openStream(zeina);
    const theirs = await openStream(laila);
    expect(hers.response.status).toBe(200);
    expect(hers.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(hers.response.headers.get('cache-control')).toBe('no-store');
    await until(() => hers.counts().length === 1 && theirs.counts().length === 1, 2_000);
    expect(hers.counts()).toEqual([0]);
    expect(hers.text()).toContain('retry: 5000');

    const post = (await t.request({ method: 'POST', url: '/api/forum/posts', payload: { title: 'Live question', content: 'Twenty characters of content here.', category: 'general' }, cookie: zeina.cookie })).json() as { id: number };
    const sent = await t.request({ method: 'POST', url: `/api/forum/posts/${post.id}/comments`, payload: { content: 'An answer' }, cookie: laila.cookie });
    expect(sent.statusCode).toBe(201);
    await until(() => hers.counts().at(-1) === 1, 1_000);
    await until(() => hers.text().includes(': heartbeat'), 2_000);
    // Laila acted: her own stream tells her nothing new.
    expect(theirs.counts()).toEqual([0]);

    // Read in another tab: this stream hears the new count too.
    await t.request({ method: 'POST', url: '/api/notifications/read', payload: { all: true }, cookie: zeina.cookie });
    await until(() => hers.counts().at(-1) === 0, 1_000);
    await hers.close();
    await theirs.close();
  });

  it('refuses a visitor with a message, ends at her sign-out, and keeps at most a few streams per member', async () => {
    const visitor = await fetch(`${otherUrl}/api/notifications/stream`);
    expect(visitor.status).toBe(401);
    expect(await visitor.json()).toEqual({ message: expect.any(String) });

    const someone = await t.signInAs('member');
    const streams: Awaited<ReturnType<typeof openStream>>[] = [];
    // Each stream has its first count before the next opens: a stream ended before its count
    // was sent would never show one.
    for (let i = 0; i <= STREAMS_PER_MEMBER; i++) {
      const stream = await openStream(someone);
      streams.push(stream);
      await until(() => stream.counts().length === 1, 2_000);
    }
    // The oldest was ended when one more opened.
    const ended = async (stream: Awaited<ReturnType<typeof openStream>>) => {
      const before = stream.text().length;
      await new Promise((resolve) => setTimeout(resolve, 600));
      return stream.text().length === before;
    };
    expect(await ended(streams[0]!)).toBe(true);

    // Her streams beat until she signs out, then end.
    const last = streams.at(-1)!;
    expect(await ended(last)).toBe(false);
    await t.request({ method: 'POST', url: '/api/logout', cookie: someone.cookie });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await ended(last)).toBe(true);
    for (const stream of streams) await stream.close();
  });
});
