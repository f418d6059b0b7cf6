import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { DbHandle } from '#db/client';
import { buildApp } from './app';
import { compressBuiltAssets } from './asset-compression';
import { readEnv } from './env';
import { createTestDb } from './test/test-db';

let app: FastifyInstance;
let database: DbHandle;
let clientDir: string;
const script = `export const greeting = ${JSON.stringify('hello '.repeat(2000))};\n`;
const styles = `.greeting { color: teal; }\n${'.x { margin: 0; }\n'.repeat(200)}`;
/** A gzip copy the build could have made (level 1, unlike the server's level 9), to tell it from one compressed at start. */
const builtGzip = gzipSync(styles, { level: 1 });

beforeAll(async () => {
  clientDir = mkdtempSync(join(tmpdir(), 'bloom-assets-'));
  mkdirSync(join(clientDir, 'assets'));
  writeFileSync(join(clientDir, 'index.html'), '<!doctype html><script type="module" src="/assets/app-1.js"></script>');
  // The build's step compresses what the folder holds then: the stylesheet. The script comes
  // later, as an asset built without copies.
  writeFileSync(join(clientDir, 'assets', 'app-1.css'), styles);
  expect(await compressBuiltAssets(clientDir)).toBe(1);
  expect(gunzipSync(readFileSync(join(clientDir, 'assets', 'app-1.css.gz'))).toString()).toBe(styles);
  expect(brotliDecompressSync(readFileSync(join(clientDir, 'assets', 'app-1.css.br'))).toString()).toBe(styles);
  writeFileSync(join(clientDir, 'assets', 'app-1.css.gz'), builtGzip);
  writeFileSync(join(clientDir, 'assets', 'app-1.js'), script);
  database = await createTestDb();
  app = await buildApp({ db: database.db, env: readEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), clientDir, logger: false, responseCache: false });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  rmSync(clientDir, { recursive: true, force: true });
});

describe('compressed build assets', () => {
  it('compresses an asset built without copies at start: brotli or gzip as the browser accepts, with the same bytes inside and the usual headers', async () => {
    const br = await app.inject({ method: 'GET', url: '/assets/app-1.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(script.length / 10);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(br.headers['content-type']).toMatch(/^text\/javascript/);
    expect(br.headers['cache-control']).toContain('immutable');
    expect(br.headers['vary']).toContain('accept-encoding');
    expect(br.headers['x-content-type-options']).toBe('nosniff');
    expect(br.headers['content-security-policy']).toContain("script-src 'self'");

    const gz = await app.inject({ method: 'GET', url: '/assets/app-1.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await app.inject({ method: 'GET', url: '/assets/app-1.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it("sends the build's compressed copies as they are", async () => {
    const gz = await app.inject({ method: 'GET', url: '/assets/app-1.css', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['content-type']).toMatch(/^text\/css/);
    expect(gz.rawPayload.equals(builtGzip)).toBe(true);
    const br = await app.inject({ method: 'GET', url: '/assets/app-1.css', headers: { 'accept-encoding': 'br' } });
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(styles);
  });
});
