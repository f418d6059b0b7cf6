import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESSION_THRESHOLD } from './answer-compression';
import { createBlog } from './test/content-factories';
import { createTestApp, type TestApp } from './test/test-app';

/** JSON answers go out compressed when the client accepts it; small ones and streams as they are. */
let t: TestApp;
let cached: TestApp;
const LIST = '/api/blogs?limit=20';
const BATCH = `/trpc/content.blogs.list?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: { limit: 20 } }))}`;

beforeAll(async () => {
  [t, cached] = await Promise.all([createTestApp(), createTestApp({ responseCache: true })]);
  for (const app of [t, cached]) {
    for (let n = 0; n < 20; n++) await createBlog(app.db, { title: `Article number ${n}`, excerpt: `A summary of article ${n}, long enough to fill a card. `.repeat(3) });
  }
});
afterAll(async () => {
  await Promise.all([t.close(), cached.close()]);
});

const get = (app: FastifyInstance, url: string, acceptEncoding?: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers: { ...headers, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) } });

function decoded(response: Awaited<ReturnType<typeof get>>): string {
  const body = response.rawPayload;
  switch (response.headers['content-encoding']) {
    case 'br':
      return brotliDecompressSync(body).toString('utf8');
    case 'gzip':
      return gunzipSync(body).toString('utf8');
    default:
      return body.toString('utf8');
  }
}

describe('answer compression', () => {
  it('compresses a list over REST and tRPC with brotli or gzip, as the client accepts, to the same JSON', async () => {
    for (const url of [LIST, BATCH]) {
      const plain = await get(t.app, url);
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD);

      const brotli = await get(t.app, url, 'gzip, deflate, br');
      expect(brotli.headers['content-encoding'], url).toBe('br');
      expect(String(brotli.headers.vary)).toMatch(/accept-encoding/i);
      expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
      expect(JSON.parse(decoded(brotli))).toEqual(JSON.parse(plain.body));

      const gzip = await get(t.app, url, 'gzip');
      expect(gzip.headers['content-encoding'], url).toBe('gzip');
      expect(JSON.parse(decoded(gzip))).toEqual(JSON.parse(plain.body));
    }
  });

  it('leaves small answers as they are', async () => {
    const small = await get(t.app, '/api/health', 'br, gzip');
    expect(small.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ ok: true });
  });

  it('leaves a streamed (JSONL) tRPC answer uncompressed, so its parts arrive as they are ready', async () => {
    const streamed = await get(t.app, BATCH, 'br, gzip', { 'trpc-accept': 'application/jsonl' });
    expect(streamed.statusCode).toBe(200);
    expect(streamed.headers['content-encoding']).toBeUndefined();
    expect(streamed.body.split('\n').length).toBeGreaterThan(2);
  });

  it('sends a stored read compressed as each client asks, and stored as it was', async () => {
    const first = await get(cached.app, LIST, 'br');
    expect(first.headers['x-cache']).toBeUndefined();
    const json = JSON.parse(decoded(first)) as unknown;
    for (const [acceptEncoding, expected] of [['br', 'br'], ['gzip', 'gzip'], ['br;q=0, gzip', 'gzip'], [undefined, undefined]] as const) {
      const hit = await get(cached.app, LIST, acceptEncoding);
      expect(hit.headers['x-cache'], String(acceptEncoding)).toBe('hit');
      expect(hit.headers['content-encoding'], String(acceptEncoding)).toBe(expected);
      expect(Number(hit.headers['content-length'])).toBe(hit.rawPayload.length);
      expect(JSON.parse(decoded(hit))).toEqual(json);
    }
  });
});
