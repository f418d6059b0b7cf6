import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { SESSION_COOKIE } from './auth/cookies';

/**
 * A micro-cache of visitors' public reads (GET /api/... and /trpc/... answered 200 to a
 * request without a session cookie). Such an answer depends only on the URL and the data,
 * so it can be replayed byte for byte for a short while.
 *
 * Invalidation: any successful write in this process clears the cache at once and, with
 * Redis, tells the other processes to clear theirs. Without Redis another process's write
 * shows after at most `ttlMs` (DECISIONS.md: caches invalidated across instances or
 * short-lived). A generation number keeps a read that started before a write from storing
 * its older answer after the write.
 */
export interface ResponseCacheOptions {
  ttlMs?: number;
  maxEntries?: number;
  maxBytes?: number;
}

interface Entry {
  expires: number;
  headers: Record<string, string | string[] | number>;
  payload: string | Buffer;
}

const CHANNEL = 'bloom:response-cache:invalidate';
const CACHEABLE_PATH = /^\/(api|trpc)\//;
const SESSION_IN_COOKIE = new RegExp(`(?:^|;\\s*)${SESSION_COOKIE}=[^;]`);
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

type CachedRequest = FastifyRequest & { responseCacheGeneration?: number };

export interface ResponseCache {
  /** Shares invalidations with the other processes through Redis pub/sub. */
  useRedis(redis: Redis): void;
}

/**
 * Register before the other plugins: a hit is answered from the first onRequest hook with
 * the stored status, headers (the security headers included) and bytes, skipping the rest.
 */
export function registerResponseCache(app: FastifyInstance, options: ResponseCacheOptions = {}): ResponseCache {
  const ttlMs = options.ttlMs ?? 1000;
  const maxEntries = options.maxEntries ?? 500;
  const maxBytes = options.maxBytes ?? 256 * 1024;
  const entries = new Map<string, Entry>();
  let generation = 0;
  let redis: Redis | undefined;
  const instanceId = `${process.pid}-${Math.random().toString(36).slice(2)}`;

  const clear = () => {
    generation++;
    entries.clear();
  };
  const invalidate = () => {
    clear();
    redis?.publish(CHANNEL, instanceId).catch((error: unknown) => app.log.warn({ err: error }, 'response cache: publish failed'));
  };

  const isVisitorRead = (request: FastifyRequest) =>
    request.method === 'GET' && CACHEABLE_PATH.test(request.url) && !SESSION_IN_COOKIE.test(request.headers.cookie ?? '');

  app.addHook('onRequest', async (request, reply) => {
    if (!isVisitorRead(request)) return;
    const entry = entries.get(request.url);
    if (entry && entry.expires > Date.now()) {
      reply.hijack();
      reply.raw.writeHead(200, { ...entry.headers, 'x-cache': 'hit' });
      reply.raw.end(entry.payload);
      return reply;
    }
    (request as CachedRequest).responseCacheGeneration = generation;
  });

  app.addHook('onSend', async (request, reply, payload) => {
    // A write that went through makes every stored read suspect: clear before its answer leaves.
    if (!SAFE_METHODS.has(request.method)) {
      if (reply.statusCode < 400) invalidate();
      return payload;
    }
    const started = (request as CachedRequest).responseCacheGeneration;
    if (started === undefined || started !== generation || reply.statusCode !== 200) return payload;
    if (reply.getHeader('set-cookie') || /no-store|private/.test(String(reply.getHeader('cache-control') ?? ''))) return payload;
    if (!(typeof payload === 'string' || Buffer.isBuffer(payload)) || payload.length > maxBytes) return payload;
    if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
    const headers = { ...reply.getHeaders(), 'content-length': Buffer.byteLength(payload) } as Entry['headers'];
    entries.set(request.url, { expires: Date.now() + ttlMs, headers, payload });
    return payload;
  });

  return {
    useRedis(client) {
      redis = client;
      // The shared client refuses commands while connecting; the subscription may wait for it.
      const subscriber = client.duplicate({ enableOfflineQueue: true, maxRetriesPerRequest: null });
      subscriber.on('error', (error) => app.log.warn({ err: error }, 'response cache: redis unavailable'));
      subscriber.on('message', (_channel, from) => {
        if (from !== instanceId) clear();
      });
      void subscriber.subscribe(CHANNEL).catch((error: unknown) => app.log.warn({ err: error }, 'response cache: subscribe failed'));
      app.addHook('onClose', async () => {
        subscriber.disconnect();
      });
    },
  };
}
