import fastifyCompress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * Answers (JSON from /api and /trpc, server-rendered pages, feeds) go out compressed with
 * brotli or gzip when the client accepts it: a page of blog cards is a few kilobytes on the wire
 * instead of tens. The built client's assets are compressed ahead of time (asset-compression.ts)
 * and are left alone here.
 */

/** Smaller answers go out as they are: compressing them saves less than it costs. */
export const COMPRESSION_THRESHOLD = 1024;

/**
 * Every answer a read cache doesn't hold is compressed as it goes out, so the levels are the
 * fast ones: brotli quality 2 and gzip level 4 take half the CPU of quality 4 and level 6 on
 * our JSON for answers within a few percent of the size (docs/benchmarks.md, "Measurements
 * behind code choices"). Brotli's default quality, 11, costs tens of times more.
 */
const brotliOptions = { params: { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_QUALITY]: 2 } };
const gzipOptions = { level: 4 };
/**
 * Answers up to this size are compressed in one synchronous call rather than through a zlib
 * stream on libuv's threadpool: a stream's setup and scheduling cost more CPU than compressing
 * a few tens of kilobytes, and on the small machines the site runs on the other cores are
 * PostgreSQL's, so the threadpool has nothing to overlap with. Larger answers still go through
 * a stream, so the event loop is never held long. (The library's default on two cores is 8 KB,
 * under an article with its comments.)
 */
const SYNC_COMPRESSION_LIMIT = 64 * 1024;

export type AnswerEncoding = 'br' | 'gzip';

/** tRPC streams its answer (JSONL) when asked to; a compressor would hold the stream's parts back until it ends. */
export const asksForStream = (request: FastifyRequest) =>
  request.headers['trpc-accept'] !== undefined || /application\/jsonl/i.test(String(request.headers.accept ?? ''));

/**
 * tRPC's adapter answers with a web Response. A complete (not streamed) JSON answer is moved
 * onto the reply as bytes here, so the read cache can store it and the compressor can see its
 * size (a body it can't measure it would compress however small).
 */
async function completeJsonAsBytes(_request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (!(payload instanceof Response) || payload.headers.has('transfer-encoding')) return payload;
  if (!(payload.headers.get('content-type') ?? '').startsWith('application/json')) return payload;
  reply.code(payload.status);
  for (const [name, value] of payload.headers) reply.header(name, value);
  return Buffer.from(await payload.arrayBuffer());
}

/** Register before the read cache (which stores the bytes this makes) and before any route. */
export function registerCompleteJsonAsBytes(app: FastifyInstance) {
  app.addHook('onSend', completeJsonAsBytes);
}

/** Register before any route: routes added later are compressed. */
export async function registerAnswerCompression(app: FastifyInstance) {
  // The compressor skips a request that says x-no-compression; a streamed answer is marked so.
  app.addHook('onRequest', async (request) => {
    if (asksForStream(request)) request.headers['x-no-compression'] = 'stream';
  });
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESSION_THRESHOLD,
    encodings: ['br', 'gzip'],
    brotliOptions,
    zlibOptions: gzipOptions,
    syncThreshold: SYNC_COMPRESSION_LIMIT,
  });
}

/** The encoding this request takes, by its Accept-Encoding (brotli first), or null for none. */
export function acceptedEncoding(request: FastifyRequest): AnswerEncoding | null {
  const accepted = new Map(
    String(request.headers['accept-encoding'] ?? '')
      .split(',')
      .map((part) => {
        const [name = '', ...parameters] = part.trim().toLowerCase().split(';');
        const q = parameters.map((parameter) => /^\s*q=([\d.]+)\s*$/.exec(parameter)?.[1]).find((value) => value !== undefined);
        return [name, q === undefined ? 1 : Number(q)] as const;
      }),
  );
  const takes = (encoding: string) => (accepted.get(encoding) ?? accepted.get('*') ?? 0) > 0;
  if (takes('br')) return 'br';
  if (takes('gzip')) return 'gzip';
  return null;
}

/** The same compression the compressor applies, for answers sent without it (the read cache's). */
export function compressAnswer(body: Buffer, encoding: AnswerEncoding): Buffer {
  return encoding === 'br' ? brotliCompressSync(body, brotliOptions) : gzipSync(body, gzipOptions);
}

/**
 * A page answered outside a route: the not-found handler serves every screen's HTML, and the
 * compressor's hook runs on routes only. Compressed here the same way, as the request accepts.
 */
export function sendCompressed(request: FastifyRequest, reply: FastifyReply, text: string) {
  const body = Buffer.from(text);
  const encoding = body.length >= COMPRESSION_THRESHOLD ? acceptedEncoding(request) : null;
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
  if (!encoding) return reply.send(body);
  return reply.header('content-encoding', encoding).send(compressAnswer(body, encoding));
}
