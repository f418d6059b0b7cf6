import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '#db/schema';
import { messages } from '#shared/messages';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
let adminCookie: string;
beforeAll(async () => {
  t = await createTestApp();
  adminCookie = (await t.signInAs('admin')).cookie;
});
afterAll(() => t.close());

const PNG = Buffer.from(
  '89504E470D0A1A0A0000000D49484452000000010000000108060000001F15C4890000000D4944415478DA63F8FFFF3F0005FE02FEA7D605F20000000049454E44AE426082',
  'hex',
);
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** A multipart body with one file part, as a browser's FormData sends it. */
function multipart(bytes: Buffer, filename: string, type: string) {
  const boundary = '----bloomBoundary7MA4YWxkTrZu0gW';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
const upload = (bytes: Buffer, filename = 'cover.png', type = 'image/png', cookie = adminCookie) =>
  t.request({ method: 'POST', url: '/api/uploads', cookie, ...multipart(bytes, filename, type) });

describe('POST /api/uploads', () => {
  it('stores an image and serves it from /uploads/{id} with long caching and nosniff', async () => {
    const response = await upload(PNG);
    expect(response.statusCode).toBe(201);
    const { url } = response.json();
    expect(url).toMatch(/^\/uploads\/[a-z2-7]{20,40}$/);
    const image = await t.request({ method: 'GET', url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.rawPayload.equals(PNG)).toBe(true);
  });

  it('judges the type by content: a GIF named .txt is a GIF', async () => {
    const { url } = (await upload(GIF, 'notes.txt', 'text/plain')).json();
    expect((await t.request({ method: 'GET', url })).headers['content-type']).toBe('image/gif');
  });

  it('refuses a non-image named .png with 415, storing nothing', async () => {
    const before = (await t.db.select().from(uploads)).length;
    for (const bytes of [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), Buffer.from('%PDF-1.4 hello')]) {
      const response = await upload(bytes, 'cover.png', 'image/png');
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({ message: messages.uploads.notAnImage });
    }
    expect(await t.db.select().from(uploads)).toHaveLength(before);
  });

  it('refuses a file over 5 MB with 413', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const response = await upload(big);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: messages.uploads.tooLarge });
  });

  it('refuses a body without a file with 400', async () => {
    const response = await t.request({ method: 'POST', url: '/api/uploads', cookie: adminCookie, payload: { url: 'x' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: messages.uploads.noFile });
  });

  it('is for admins only: 401 signed out, 403 for a member', async () => {
    expect((await upload(PNG, 'a.png', 'image/png', '')).statusCode).toBe(401);
    const member = await t.signInAs('member');
    const response = await upload(PNG, 'a.png', 'image/png', member.cookie);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: messages.access.adminRequired });
  });
});

describe('GET /uploads/{id}', () => {
  it('answers 404 for an unknown or malformed id', async () => {
    expect((await t.request({ method: 'GET', url: '/uploads/aaaaaaaaaaaaaaaaaaaaaaaaaa' })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: '/uploads/..%2Fetc' })).statusCode).toBe(404);
  });
});
