import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
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

/** The built client's text assets worth compressing: hashed .js, .css, .svg and .json files of 1 KiB or more. */
function compressibleAssets(clientDir: string): { file: string; type: string }[] {
  const assetsDir = join(clientDir, 'assets');
  let names: string[];
  try {
    names = readdirSync(assetsDir, { recursive: true }).map(String);
  } catch {
    return []; // a client folder without assets: nothing to compress
  }
  const assets: { file: string; type: string }[] = [];
  for (const name of names) {
    const file = join(assetsDir, name);
    const type = TYPES[extname(name)];
    const stats = statSync(file);
    if (type && stats.isFile() && stats.size >= MIN_BYTES) assets.push({ file, type });
  }
  return assets;
}

/** Brotli at its best quality and gzip at its best level: done once per build, so the smallest files win. */
async function compress(bytes: Buffer): Promise<{ br: Buffer; gzip: Buffer }> {
  const [br, gz] = await Promise.all([
    brotli(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
    gzipAsync(bytes, { level: 9 }),
  ]);
  return { br, gzip: gz };
}

/**
 * The build's last client step (`npm run build`): writes each asset's compressed copies beside
 * it (app-1.js.br, app-1.js.gz), so a server start only reads them. Compressing them all takes
 * seconds of CPU, which every server process paid on every start when it was done there.
 */
export async function compressBuiltAssets(clientDir: string): Promise<number> {
  const assets = compressibleAssets(clientDir);
  await Promise.all(
    assets.map(async ({ file }) => {
      const { br, gzip } = await compress(readFileSync(file));
      writeFileSync(`${file}.br`, br);
      writeFileSync(`${file}.gz`, gzip);
    }),
  );
  return assets.length;
}

/**
 * Serves the built client's hashed text assets (/assets/*.js, .css, .svg) brotli- or
 * gzip-compressed from memory (a few hundred KiB). They never change: their compressed copies
 * come from the build (compressBuiltAssets); an asset built without them is compressed here,
 * off the main thread, when the server starts.
 */
export function registerAssetCompression(app: FastifyInstance, clientDir: string) {
  const files = new Map<string, Promise<Compressed>>();
  for (const { file, type } of compressibleAssets(clientDir)) {
    const built = existsSync(`${file}.br`) && existsSync(`${file}.gz`);
    const compressed = (built ? Promise.resolve({ br: readFileSync(`${file}.br`), gzip: readFileSync(`${file}.gz`) }) : compress(readFileSync(file))).then((copies) => ({ type, ...copies }));
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
