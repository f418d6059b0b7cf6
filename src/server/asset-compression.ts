import { readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
};
const MIN_BYTES = 1024;

interface Compressed {
  type: string;
  br: Buffer;
  gzip: Buffer;
}

/**
 * Serves the built client's hashed text assets (/assets/*.js, .css, .svg) brotli- or
 * gzip-compressed. They never change, so each is compressed once, off the main thread,
 * when the server starts, and kept in memory (a few hundred KiB).
 */
export function registerAssetCompression(app: FastifyInstance, clientDir: string) {
  const assetsDir = join(clientDir, 'assets');
  const files = new Map<string, Promise<Compressed>>();
  let names: string[];
  try {
    names = readdirSync(assetsDir, { recursive: true }).map(String);
  } catch {
    return; // a client folder without assets: nothing to compress
  }
  for (const name of names) {
    const file = join(assetsDir, name);
    const type = TYPES[extname(name)];
    if (!type || !statSync(file).isFile()) continue;
    const bytes = readFileSync(file);
    if (bytes.length < MIN_BYTES) continue;
    const compressed = Promise.all([
      brotli(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
      gzipAsync(bytes, { level: 9 }),
    ]).then(([br, gz]) => ({ type, br, gzip: gz }));
    compressed.catch((error: unknown) => app.log.warn({ err: error, file }, 'asset compression failed'));
    files.set(`/${relative(clientDir, file).split(sep).join('/')}`, compressed);
  }

  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const entry = files.get(request.url.split('?')[0]!);
    if (!entry) return;
    const accepted = String(request.headers['accept-encoding'] ?? '');
    const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
    reply.header('vary', 'accept-encoding');
    if (!encoding) return; // @fastify/static sends the file as it is
    const compressed = await entry.catch(() => null);
    if (!compressed) return;
    return reply
      .header('content-type', compressed.type)
      .header('content-encoding', encoding)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(compressed[encoding]);
  });
}
