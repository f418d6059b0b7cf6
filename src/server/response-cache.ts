import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { acceptedEncoding, asksForStream, COMPRESSION_THRESHOLD, compressAnswer, type AnswerEncoding } from './answer-compression';
import { ALL_AREAS, areasOfPaths, type CacheArea } from './cache-areas';

/**
 * A micro-cache of shared reads (GET /api/... and /trpc/... answered 200). Only an answer
 * that every procedure behind the URL declares the same for every viewer (`sharedAnswer`
 * in the procedure's meta, reported through the request's AnswerScope) is stored, so a
 * stored answer can be replayed to anyone, signed in or not, without reading the cookie.
 * Only complete JSON answers are stored: a streamed (JSONL) answer varies by the request's
 * `trpc-accept`/`Accept` header and is never stored or replayed.
 *
 * Invalidation by what changed: each stored answer remembers the areas of the data its
 * procedures read (cache-areas.ts), and a successful write drops, at once, the answers that
 * read an area it changed; the rest stay (a like on a podcast leaves the events list stored).
 * With Redis the other processes drop the same; without it another process's write shows
 * after at most `ttlMs` (caches are invalidated across instances or short-lived). A read
 * that started before a write to one of its areas does not store its older answer.
 */
export interface ResponseCacheOptions {
  ttlMs?: number;
  maxEntries?: number;
  maxBytes?: number;
}

interface Entry {
  expires: number;
  areas: ReadonlySet<CacheArea>;
  headers: Record<string, string | string[] | number>;
  payload: Buffer;
  /** The payload compressed, made the first time a client asks for each encoding. */
  encoded: Partial<Record<AnswerEncoding, Buffer>>;
}

const CHANNEL = 'bloom:response-cache:invalidate';
const API_PATH = /^\/(api|trpc)\//;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The invalidation count when a cacheable read started. */
type CachedRequest = FastifyRequest & { responseCacheStartedAt?: number };

/** What the procedures that made an answer say about who may see it. */
export interface AnswerScope {
  /** True until a procedure without `sharedAnswer` runs for this request. */
  sameForEveryone: boolean;
  /** The procedures that ran for this request (a batch runs several): what it read or changed. */
  paths: string[];
}

const answerScopes = new WeakMap<FastifyRequest, AnswerScope>();

/** The request's scope, made on first use (by the procedures' context). */
export function answerScopeOf(request: FastifyRequest): AnswerScope {
  let scope = answerScopes.get(request);
  if (!scope) answerScopes.set(request, (scope = { sameForEveryone: true, paths: [] }));
  return scope;
}

/** The status an answer goes out with: tRPC's adapter sends a web Response, whose status reaches the reply only after onSend. */
const statusOf = (reply: FastifyReply, payload: unknown) => (payload instanceof Response ? payload.status : reply.statusCode);

/**
 * A GET answered 200 by procedures that all declared their answer the same for every viewer.
 * A plain route (no procedure ran) counts as personal.
 */
function isSharedAnswer(request: FastifyRequest, reply: FastifyReply, payload: unknown): boolean {
  return request.method === 'GET' && statusOf(reply, payload) === 200 && (answerScopes.get(request)?.sameForEveryone ?? false);
}

/**
 * Every /api and /trpc answer that is not shared (personal, admin, a write, an error) says
 * `Cache-Control: no-store`, so no browser or proxy keeps it. Registered whether or not the
 * read cache is on.
 */
export function registerNoStoreForPersonalAnswers(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (API_PATH.test(request.url) && !isSharedAnswer(request, reply, payload)) reply.header('cache-control', 'no-store');
    return payload;
  });
}

/**
 * A complete (not streamed) answer, ready to be stored byte for byte. tRPC's complete JSON
 * answers arrive as bytes (answer-compression.ts); a web Response still here is a stream.
 */
const isComplete = (payload: unknown): payload is string | Buffer => typeof payload === 'string' || Buffer.isBuffer(payload);

/** A stored answer's bytes in the encoding this request takes, compressed once per encoding. */
function storedAnswerFor(request: FastifyRequest, entry: Entry) {
  const encoding = entry.payload.length >= COMPRESSION_THRESHOLD ? acceptedEncoding(request) : null;
  if (!encoding) return { headers: entry.headers, body: entry.payload };
  const body = (entry.encoded[encoding] ??= compressAnswer(entry.payload, encoding));
  return { headers: { ...entry.headers, 'content-encoding': encoding, 'content-length': body.length, vary: varyWithEncoding(entry.headers.vary) }, body };
}

const varyWithEncoding = (vary: Entry['headers'][string] | undefined) => (vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');

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
  /** Counts invalidations; `changedAt` holds the count at each area's latest one. */
  let invalidations = 0;
  const changedAt = new Map<CacheArea, number>();
  let redis: Redis | undefined;
  const instanceId = `${process.pid}-${Math.random().toString(36).slice(2)}`;

  const drop = (areas: ReadonlySet<CacheArea>) => {
    invalidations++;
    for (const area of areas) changedAt.set(area, invalidations);
    for (const [url, entry] of entries) if ([...entry.areas].some((area) => areas.has(area))) entries.delete(url);
  };
  const invalidate = (areas: ReadonlySet<CacheArea>) => {
    drop(areas);
    const message = `${instanceId}|${[...areas].join(',')}`;
    redis?.publish(CHANNEL, message).catch((error: unknown) => app.log.warn({ err: error }, 'response cache: publish failed'));
  };
  const changedSince = (startedAt: number, areas: ReadonlySet<CacheArea>) => [...areas].some((area) => (changedAt.get(area) ?? 0) > startedAt);

  const isCacheableRead = (request: FastifyRequest) => request.method === 'GET' && API_PATH.test(request.url) && !asksForStream(request);

  app.addHook('onRequest', async (request, reply) => {
    if (!isCacheableRead(request)) return;
    // Keyed by URL alone, not language: only 200 shared reads are stored, and they carry data, never worded text (refusals aren't stored).
    const entry = entries.get(request.url);
    if (entry && entry.expires > Date.now()) {
      const answer = storedAnswerFor(request, entry);
      reply.hijack();
      reply.raw.writeHead(200, { ...answer.headers, 'x-cache': 'hit' });
      reply.raw.end(answer.body);
      return reply;
    }
    (request as CachedRequest).responseCacheStartedAt = invalidations;
  });

  app.addHook('onSend', async (request, reply, payload) => {
    // A write that went through drops the stored reads of what it changed, before its answer leaves.
    if (!SAFE_METHODS.has(request.method)) {
      if (statusOf(reply, payload) < 400) invalidate(areasOfPaths(answerScopes.get(request)?.paths ?? []));
      return payload;
    }
    const startedAt = (request as CachedRequest).responseCacheStartedAt;
    if (startedAt === undefined || !isSharedAnswer(request, reply, payload) || !isComplete(payload)) return payload;
    const areas = areasOfPaths(answerScopes.get(request)?.paths ?? []);
    if (changedSince(startedAt, areas)) return payload;
    if (reply.getHeader('set-cookie') || /no-store|private/.test(String(reply.getHeader('cache-control') ?? ''))) return payload;
    const body = Buffer.from(payload);
    if (body.length > maxBytes) return payload;
    if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
    // Stored as it is before compression (the compressor runs after this hook).
    const headers = { ...reply.getHeaders(), 'content-length': body.length } as Entry['headers'];
    entries.set(request.url, { expires: Date.now() + ttlMs, areas, headers, payload: body, encoded: {} });
    return payload;
  });

  return {
    useRedis(client) {
      redis = client;
      // The shared client refuses commands while connecting; the subscription may wait for it.
      const subscriber = client.duplicate({ enableOfflineQueue: true, maxRetriesPerRequest: null });
      subscriber.on('error', (error) => app.log.warn({ err: error }, 'response cache: redis unavailable'));
      subscriber.on('message', (_channel, message: string) => {
        const [from, areas = ''] = message.split('|');
        if (from !== instanceId) drop(new Set(areas.split(',').filter((area): area is CacheArea => (ALL_AREAS as readonly string[]).includes(area))));
      });
      void subscriber.subscribe(CHANNEL).catch((error: unknown) => app.log.warn({ err: error }, 'response cache: subscribe failed'));
      app.addHook('onClose', async () => {
        subscriber.disconnect();
      });
    },
  };
}
