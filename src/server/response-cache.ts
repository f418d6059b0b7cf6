import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Db } from '#db/client';
import { listenTo, notify } from '#db/notifications';
import { acceptedEncoding, asksForStream, COMPRESSION_THRESHOLD, compressAnswer, type AnswerEncoding } from './answer-compression';
import { ALL_AREAS, areaOfItem, type CacheArea, type DataReferences, isAffectedBy, type ItemReference, type ProcedureCall, referencesOf } from './cache-areas';
import { type Clock, DropCache } from './drop-cache';
import { withinTimeLimit } from './time-limit';

/**
 * A micro-cache of shared reads (GET /api/... and /trpc/... answered 200). Only an answer
 * that every procedure behind the URL declares the same for every viewer (`cache.shared`
 * in the procedure's meta, reported through the request's AnswerScope) is stored, so a
 * stored answer can be replayed to anyone, signed in or not, without reading the cookie.
 * Only complete JSON answers are stored: a streamed (JSONL) answer varies by the request's
 * `trpc-accept`/`Accept` header and is never stored or replayed.
 *
 * Invalidation by what changed: each stored answer remembers what its procedures read
 * (its `cache` meta: areas as a whole, or single items such as one article), and a successful
 * write drops, at once, the answers that read what it changed; the rest stay (a like on a
 * podcast leaves the events list stored, a like on one article leaves the others stored).
 * The other processes sharing the database drop the same, told through PostgreSQL's
 * LISTEN/NOTIFY (on PGlite one process owns the data). A read that started before a write
 * to what it read does not store its older answer.
 *
 * Lifetimes: an answer that reads an area as a whole (a list) may also change with the clock
 * (upcoming events), so it lives `ttlMs`; an answer about single items changes only through
 * writes, so it lives `itemTtlMs`, a bound for a notification lost while a connection was down
 * (everything stored is dropped once the listening starts again after a reconnect).
 *
 * Stored answers live in a DropCache (drop-cache.ts, shared with the session cache): when
 * full, the least recently used go first.
 *
 * Concurrent misses of one URL are made once: the first request reads, the others wait for
 * its answer (single flight). A waiter takes the answer unless a write to what it read came
 * between the read's start and the waiter's arrival; a write after the waiter arrived is
 * concurrent with its request, which may be answered from either side of it. So a shared answer
 * is handed to its waiters even when a write overtook it and it can't be stored, and the
 * waiters a write did overtake make one read again together, not one each: under a stream of
 * likes, a busy list is still read about once per write, not once per request (otherwise its
 * reads slow, more writes overtake them, fewer are stored, and the server tips over). A personal
 * answer is never handed on; URLs whose answer turned out personal are not waited on. The
 * flight is kept here, not in a library that wraps a function: the read runs across the
 * request's hooks.
 */
export interface ResponseCacheOptions {
  ttlMs?: number;
  itemTtlMs?: number;
  maxEntries?: number;
  /** The largest answer stored. */
  maxBytes?: number;
  /** All stored answers together. */
  maxTotalBytes?: number;
  clock?: Clock;
}

interface Entry {
  read: DataReferences;
  headers: Record<string, string | string[] | number>;
  payload: Buffer;
  /** The payload compressed, made the first time a client asks for each encoding. */
  encoded: Partial<Record<AnswerEncoding, Buffer>>;
}

/** A read of a URL under way, which later requests for the same URL may wait for. */
interface Flight {
  /** The stored answers' version when the read started: the changes it may not show are from here on. */
  startedAt: number;
  /** Its answer if shared (stored or not), or null: personal, not storable, or it failed. */
  answer: Promise<Entry | null>;
  settle(entry: Entry | null): void;
  settled: boolean;
}

const CHANNEL = 'bloom_response_cache';
const API_PATH = /^\/(api|trpc)\//;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** How many URLs known to answer per viewer are remembered. */
const REMEMBERED_PERSONAL_URLS = 1_000;
/** A request waits this long at most for another's read of its URL, then reads for itself. */
const FLIGHT_WAIT_MS = 5_000;

/** What the procedures that made an answer say about who may see it. */
export interface AnswerScope {
  /** True until a procedure whose answer isn't shared (`cache.shared`) runs for this request. */
  sameForEveryone: boolean;
  /** The procedures that ran for this request (a batch runs several): what it read or changed. */
  calls: ProcedureCall[];
}

const answerScopes = new WeakMap<FastifyRequest, AnswerScope>();

/** The request's scope, made on first use (by the procedures' context). */
export function answerScopeOf(request: FastifyRequest): AnswerScope {
  let scope = answerScopes.get(request);
  if (!scope) answerScopes.set(request, (scope = { sameForEveryone: true, calls: [] }));
  return scope;
}

const referencesOfRequest = (request: FastifyRequest) => referencesOf(answerScopes.get(request)?.calls ?? []);

/** A cacheable read: the invalidation count when it started, and the flight it leads. */
type CachedRequest = FastifyRequest & { responseCacheStartedAt?: number; responseCacheFlight?: Flight };

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

/**
 * Register before the other plugins: a hit is answered from the first onRequest hook with
 * the stored status, headers (the security headers included) and bytes, skipping the rest.
 */
export function registerResponseCache(app: FastifyInstance, db: Db, options: ResponseCacheOptions = {}): void {
  const ttlMs = options.ttlMs ?? 1000;
  const itemTtlMs = options.itemTtlMs ?? 30_000;
  const maxEntries = options.maxEntries ?? 2000;
  const maxBytes = options.maxBytes ?? 256 * 1024;
  const maxTotalBytes = options.maxTotalBytes ?? 32 * 1024 * 1024;
  /** The stored answers by URL; a write's change drops those that read what it changed. */
  const entries = new DropCache<string, Entry, DataReferences>({
    maxEntries,
    ttlMs,
    sizeOf: (entry) => entry.payload.length,
    maxSize: maxTotalBytes,
    clock: options.clock,
    isStaleAfter: (change, entry) => isAffectedBy(entry.read, change),
  });
  const flights = new Map<string, Flight>();
  const personalUrls = new LRUCache<string, true>({ max: REMEMBERED_PERSONAL_URLS });
  const instanceId = `${process.pid}-${Math.random().toString(36).slice(2)}`;

  // The other processes' changes arrive as "instance|areas|items"; this one's own are already dropped.
  // When the listening starts again after a reconnect, the changes sent meanwhile are lost: all goes.
  let listened = false;
  const afterReconnect = () => {
    if (listened) entries.clear();
    listened = true;
  };
  const stopListening = listenTo(db, CHANNEL, (message) => {
    const [from, areas = '', items = ''] = message.split('|');
    if (from === instanceId) return;
    entries.drop({
      areas: new Set(areas.split(',').filter((area): area is CacheArea => (ALL_AREAS as readonly string[]).includes(area))),
      items: new Set(items.split(',').filter((item): item is ItemReference => /^[a-zA-Z]+#[0-9]+$/.test(item) && (ALL_AREAS as readonly string[]).includes(areaOfItem(item as ItemReference)))),
    });
  }, afterReconnect).catch((error: unknown) => {
    app.log.warn({ err: error }, 'response cache: not listening for other processes\' changes');
    return undefined;
  });
  /**
   * Notifications under way: a closing server sends them before its database closes. A write
   * still answering while the server stops may find the database closed; the other processes
   * then keep what it changed for at most a lifetime, and nothing is logged for it.
   */
  const sending = new Set<Promise<void>>();
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onClose', async () => {
    await Promise.all(sending);
    await (await stopListening)?.().catch(() => {});
  });

  const invalidate = (change: DataReferences) => {
    entries.drop(change);
    const message = `${instanceId}|${[...change.areas].join(',')}|${[...change.items].join(',')}`;
    const sent: Promise<void> = notify(db, CHANNEL, message)
      .catch((error: unknown) => {
        if (!closing) app.log.warn({ err: error }, 'response cache: notify failed');
      })
      .finally(() => sending.delete(sent));
    sending.add(sent);
  };

  /** The read of `url` that requests arriving while it runs wait for. */
  const startFlight = (url: string): Flight => {
    let done!: (entry: Entry | null) => void;
    const flight: Flight = {
      startedAt: entries.version,
      answer: new Promise<Entry | null>((resolve) => (done = resolve)),
      settled: false,
      settle(entry) {
        flight.settled = true;
        done(entry);
      },
    };
    flights.set(url, flight);
    return flight;
  };

  /** Ends the request's flight, if it leads one: its waiters take `entry`, or read for themselves. */
  const land = (request: FastifyRequest, entry: Entry | null) => {
    const flight = (request as CachedRequest).responseCacheFlight;
    if (!flight) return;
    (request as CachedRequest).responseCacheFlight = undefined;
    if (flights.get(request.url) === flight) flights.delete(request.url);
    flight.settle(entry);
  };

  const isCacheableRead = (request: FastifyRequest) => request.method === 'GET' && API_PATH.test(request.url) && !asksForStream(request);

  /**
   * The answer of the reads of `url` under way that a request arriving at version `arrivedAt`
   * may take, waiting for them; undefined when it must read for itself, and then it leads the
   * URL's next read if none is under way.
   */
  const waitForFlights = async (request: FastifyRequest, url: string, arrivedAt: number): Promise<Entry | undefined> => {
    const deadline = performance.now() + FLIGHT_WAIT_MS;
    // A flight found after the first one landed started after this request arrived: at most two rounds.
    for (;;) {
      const flight = flights.get(url);
      if (!flight) {
        if (!personalUrls.has(url)) (request as CachedRequest).responseCacheFlight = startFlight(url);
        return undefined;
      }
      const answer = await withinTimeLimit(flight.answer, Math.max(0, deadline - performance.now()), () => 'late' as const);
      if (answer === 'late') {
        // A read that never ended (its hooks never ran) must not hold the URL's later requests too.
        if (!flight.settled && flights.get(url) === flight) flights.delete(url);
        return undefined;
      }
      if (!answer) return undefined;
      if (!entries.overtaken(url, answer, flight.startedAt, arrivedAt)) return answer;
      // A write this request must see came after that read began: join or lead the next read.
    }
  };

  app.addHook('onRequest', async (request, reply) => {
    if (!isCacheableRead(request)) return;
    // Keyed by URL alone, not language: only 200 shared reads are stored, and they carry data, never worded text (refusals aren't stored).
    const url = request.url;
    const entry = entries.get(url) ?? (await waitForFlights(request, url, entries.version));
    if (entry) {
      const answer = storedAnswerFor(request, entry);
      reply.hijack();
      reply.raw.writeHead(200, { ...answer.headers, 'x-cache': 'hit' });
      reply.raw.end(answer.body);
      return reply;
    }
    (request as CachedRequest).responseCacheStartedAt = entries.version;
  });

  app.addHook('onSend', async (request, reply, payload) => {
    // A write that went through drops the stored reads of what it changed, before its answer leaves.
    if (!SAFE_METHODS.has(request.method)) {
      if (statusOf(reply, payload) < 400) invalidate(referencesOfRequest(request));
      return payload;
    }
    const startedAt = (request as CachedRequest).responseCacheStartedAt;
    if (startedAt === undefined) return payload;
    if (!isSharedAnswer(request, reply, payload)) {
      if (statusOf(reply, payload) === 200) personalUrls.set(request.url, true);
      land(request, null);
      return payload;
    }
    const storable = isComplete(payload) && !reply.getHeader('set-cookie') && !/no-store|private/.test(String(reply.getHeader('cache-control') ?? ''));
    const body = storable ? Buffer.from(payload) : undefined;
    if (!body || body.length > maxBytes) {
      land(request, null);
      return payload;
    }
    // Stored as it is before compression (the compressor runs after this hook).
    const read = referencesOfRequest(request);
    const headers = { ...reply.getHeaders(), 'content-length': body.length } as Entry['headers'];
    const entry: Entry = { read, headers, payload: body, encoded: {} };
    // Not stored when a write to what it read came while it ran: it may be older than the write.
    // Its waiters may still take it (waitForFlights decides).
    const stored = entries.set(request.url, entry, startedAt, read.areas.size === 0 ? itemTtlMs : ttlMs);
    if (stored) personalUrls.delete(request.url);
    land(request, entry);
    return payload;
  });

  // A read that ended without reaching onSend's decision (an error on the way, a client gone) frees its waiters.
  app.addHook('onResponse', async (request) => land(request, null));
  app.addHook('onRequestAbort', async (request) => land(request, null));
}
