import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { SESSION_COOKIE } from './auth/cookies';

/**
 * A micro-cache of public reads (GET /api/... and /trpc/... answered 200). A visitor's
 * answer depends only on the URL and the data, so it can be replayed byte for byte for a
 * short while. A signed-in request shares it only when every procedure behind the URL
 * answers the same to everyone (`sharedAnswer` in the procedure's meta, reported through
 * the request's AnswerScope): the member's Home batch, for one, then skips the database.
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
  /** Made only by procedures whose answer is the same for every viewer: signed-in requests may use it. */
  sameForEveryone: boolean;
  headers: Record<string, string | string[] | number>;
  payload: string | Buffer;
}

const CHANNEL = 'bloom:response-cache:invalidate';
const CACHEABLE_PATH = /^\/(api|trpc)\//;
const SESSION_IN_COOKIE = new RegExp(`(?:^|;\\s*)${SESSION_COOKIE}=[^;]`);
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

type CachedRequest = FastifyRequest & { responseCacheGeneration?: number };

/** What the procedures that made an answer say about who may see it. */
export interface AnswerScope {
  /** True until a procedure without `sharedAnswer` runs for this request. */
  sameForEveryone: boolean;
}

const answerScopes = new WeakMap<FastifyRequest, AnswerScope>();

/** The request's scope, made on first use (by the procedures' context). */
export function answerScopeOf(request: FastifyRequest): AnswerScope {
  let scope = answerScopes.get(request);
  if (!scope) answerScopes.set(request, (scope = { sameForEveryone: true }));
  return scope;
}

/**
 * Moves a complete web Response (tRPC's non-streamed JSON) onto the reply and returns its
 * bytes, so it can be stored; Fastify would do the same after onSend.
 */
async function takeWebResponse(reply: FastifyReply, response: Response): Promise<Buffer> {
  reply.code(response.status);
  for (const [name, value] of response.headers) reply.header(name, value);
  return Buffer.from(await response.arrayBuffer());
}

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

  const isCacheableRead = (request: FastifyRequest) => request.method === 'GET' && CACHEABLE_PATH.test(request.url);
  const isSignedIn = (request: FastifyRequest) => SESSION_IN_COOKIE.test(request.headers.cookie ?? '');

  app.addHook('onRequest', async (request, reply) => {
    if (!isCacheableRead(request)) return;
    const entry = entries.get(request.url);
    if (entry && entry.expires > Date.now() && (entry.sameForEveryone || !isSignedIn(request))) {
      reply.hijack();
      reply.raw.writeHead(200, { ...entry.headers, 'x-cache': 'hit' });
      reply.raw.end(entry.payload);
      return reply;
    }
    (request as CachedRequest).responseCacheGeneration = generation;
  });

  app.addHook('onSend', async (request, reply, payload) => {
    // tRPC's adapter sends a web Response: its status reaches the reply only after onSend.
    const status = payload instanceof Response ? payload.status : reply.statusCode;
    // A write that went through makes every stored read suspect: clear before its answer leaves.
    if (!SAFE_METHODS.has(request.method)) {
      if (status < 400) invalidate();
      return payload;
    }
    const started = (request as CachedRequest).responseCacheGeneration;
    if (started === undefined || started !== generation || status !== 200) return payload;
    // No procedure ran (a plain route): treat the answer as the visitor's own.
    const sameForEveryone = answerScopes.get(request)?.sameForEveryone ?? false;
    if (isSignedIn(request) && !sameForEveryone) return payload;
    const body = payload instanceof Response ? await takeWebResponse(reply, payload) : payload;
    if (reply.getHeader('set-cookie') || /no-store|private/.test(String(reply.getHeader('cache-control') ?? ''))) return body;
    if (!(typeof body === 'string' || Buffer.isBuffer(body)) || body.length > maxBytes) return body;
    if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
    const headers = { ...reply.getHeaders(), 'content-length': Buffer.byteLength(body) } as Entry['headers'];
    entries.set(request.url, { expires: Date.now() + ttlMs, sameForEveryone, headers, payload: body });
    return body;
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
