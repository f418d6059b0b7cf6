import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads, uploadVariants } from '#db/schema';
import { IMAGE_WIDTHS } from '#shared/images';
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
    // A see-through PNG stays a PNG for browsers that take neither AVIF nor WebP.
    expect(image.headers['content-type']).toBe('image/png');
    expectServedHeaders(image);
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({ width: 1, height: 1, hasAlpha: true });
    // The file as sent is kept, for admins.
    const original = await t.request({ method: 'GET', url: `${url}/original`, cookie: adminCookie });
    expect(original.rawPayload.equals(PNG)).toBe(true);
  });

  it('judges the type by content: a GIF named .txt is a GIF, shown to visitors by its first frame', async () => {
    const { url } = (await upload(GIF, 'notes.txt', 'text/plain')).json();
    expect((await t.request({ method: 'GET', url: `${url}/original`, cookie: adminCookie })).headers['content-type']).toBe('image/gif');
    const still = await t.request({ method: 'GET', url });
    expect(still.headers['content-type']).toMatch(/^image\/(png|jpeg)$/);
    expect((await t.request({ method: 'GET', url: `${url}/400.webp` })).headers['content-type']).toBe('image/webp');
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
    for (const url of ['/uploads/aaaaaaaaaaaaaaaaaaaaaaaaaa', '/uploads/..%2Fetc', '/uploads/aaaaaaaaaaaaaaaaaaaaaaaaaa/800.avif', '/uploads/..%2Fetc/800.webp']) {
      const response = await t.request({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ message: messages.uploads.notFound });
    }
  });
});

/** A photo as a phone takes it: large, with the place it was taken in its EXIF. */
const photo = (width: number, height: number, orientation?: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .composite([{ input: { create: { width: Math.round(width / 2), height: Math.round(height / 3), channels: 3, background: '#205080' } }, top: 0, left: 0 }])
    .jpeg({ quality: 90 })
    .withMetadata(orientation ? { orientation } : {})
    .withExifMerge({ IFD0: { Make: 'PhoneMaker' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '30/1 2/1 44/1', GPSLongitudeRef: 'E', GPSLongitude: '31/1 14/1 9/1' } })
    .toBuffer();

/** Nothing but pixels: no EXIF (GPS), XMP, IPTC or comment in what visitors get. */
async function expectNoMetadata(bytes: Buffer) {
  const meta = await sharp(bytes).metadata();
  expect(meta.exif).toBeUndefined();
  expect(meta.xmp).toBeUndefined();
  expect(meta.iptc).toBeUndefined();
  expect(bytes.includes('PhoneMaker')).toBe(false);
  expect(bytes.includes(Buffer.from('Exif\0\0'))).toBe(false);
}

function expectServedHeaders(response: { headers: Record<string, unknown> }) {
  expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
}

describe('variants for phones', () => {
  let url: string;
  let source: Buffer;
  beforeAll(async () => {
    source = await photo(3000, 2000);
    expect((await sharp(source).metadata()).exif).toBeDefined();
    expect(source.includes('PhoneMaker')).toBe(true);
    const response = await upload(source, 'beach.jpg', 'image/jpeg');
    expect(response.statusCode).toBe(201);
    url = response.json().url;
  });

  it('serves a large photo at most 1600 px wide, as JPEG, without its EXIF (GPS)', async () => {
    const image = await t.request({ method: 'GET', url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expectServedHeaders(image);
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 1600, height: 1067 });
    await expectNoMetadata(image.rawPayload);
  });

  it('serves each width as AVIF and WebP with its type, size and no metadata', async () => {
    for (const width of IMAGE_WIDTHS) {
      for (const format of ['avif', 'webp'] as const) {
        const image = await t.request({ method: 'GET', url: `${url}/${width}.${format}` });
        expect(image.statusCode, `${width}.${format}`).toBe(200);
        expect(image.headers['content-type']).toBe(`image/${format}`);
        expectServedHeaders(image);
        const meta = await sharp(image.rawPayload).metadata();
        expect(meta.format).toBe(format === 'avif' ? 'heif' : 'webp');
        expect(meta.width).toBe(width);
        expect(Math.abs(meta.height! - (width * 2) / 3)).toBeLessThanOrEqual(1);
        await expectNoMetadata(image.rawPayload);
      }
    }
  });

  it('stores the variants once, so every server process serves the same bytes', async () => {
    const id = url.split('/').pop()!;
    const rows = await t.db.select({ kind: uploadVariants.kind, width: uploadVariants.width }).from(uploadVariants).where(eq(uploadVariants.uploadId, id));
    expect(rows).toHaveLength(2 * IMAGE_WIDTHS.length + 1);
    const first = await t.request({ method: 'GET', url: `${url}/800.avif` });
    const again = await t.request({ method: 'GET', url: `${url}/800.avif` });
    expect(first.rawPayload.equals(again.rawPayload)).toBe(true);
  });

  it('keeps the original, EXIF and all, for admins only', async () => {
    const original = await t.request({ method: 'GET', url: `${url}/original`, cookie: adminCookie });
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/jpeg');
    expect(original.headers['cache-control']).toBe('private, no-store');
    expect(original.headers['x-content-type-options']).toBe('nosniff');
    expect(original.rawPayload.equals(source)).toBe(true);

    const visitor = await t.request({ method: 'GET', url: `${url}/original` });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toEqual({ message: messages.access.authRequired });
    const member = await t.request({ method: 'GET', url: `${url}/original`, cookie: (await t.signInAs('member')).cookie });
    expect(member.statusCode).toBe(403);
    expect(member.json()).toEqual({ message: messages.access.adminRequired });
    expect(member.rawPayload.includes('PhoneMaker')).toBe(false);
  });

  it('answers 404 with a message for a width or format it does not make', async () => {
    for (const variant of ['500.webp', '800.png', '800.jpeg', '3200.avif', '0800.avif', '800', 'avif', '800.avif.gz', 'ORIGINAL']) {
      const response = await t.request({ method: 'GET', url: `${url}/${variant}` });
      expect(response.statusCode, variant).toBe(404);
      expect(response.json()).toEqual({ message: messages.uploads.notFound });
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  it('fits a tall image into 1600 px on its long side and never makes a variant wider than the image', async () => {
    const { url: tall } = (await upload(await sharp({ create: { width: 1000, height: 2400, channels: 3, background: '#336699' } }).png().toBuffer())).json();
    const size = async (path: string) => {
      const meta = await sharp((await t.request({ method: 'GET', url: path })).rawPayload).metadata();
      return [meta.width, meta.height];
    };
    // An opaque PNG is served as JPEG: a photo saved as PNG is several times the bytes.
    expect((await t.request({ method: 'GET', url: tall })).headers['content-type']).toBe('image/jpeg');
    expect(await size(tall)).toEqual([667, 1600]);
    expect(await size(`${tall}/400.webp`)).toEqual([400, 960]);
    expect(await size(`${tall}/800.webp`)).toEqual([667, 1600]);
    expect(await size(`${tall}/1600.avif`)).toEqual([667, 1600]);
  });

  it('turns a photo upright by its EXIF orientation before dropping the EXIF', async () => {
    const { url: turned } = (await upload(await photo(600, 300, 6), 'turned.jpg', 'image/jpeg')).json();
    const image = await t.request({ method: 'GET', url: `${turned}/400.webp` });
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({ width: 300, height: 600 });
  });

  it('makes the variants of an upload stored before variants existed on its first request, once', async () => {
    const id = 'olduploadaaaaaaaaaaaaaaaaa';
    const bytes = await photo(900, 600);
    await t.db.insert(uploads).values({ id, mimeType: 'image/jpeg', size: bytes.byteLength, bytes, uploadedBy: null });
    const answers = await Promise.all([t.request({ method: 'GET', url: `/uploads/${id}/800.webp` }), t.request({ method: 'GET', url: `/uploads/${id}/1600.avif` })]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect((await sharp(answers[1]!.rawPayload).metadata()).width).toBe(900);
    await expectNoMetadata(answers[0]!.rawPayload);
    expect(await t.db.select({ width: uploadVariants.width }).from(uploadVariants).where(eq(uploadVariants.uploadId, id))).toHaveLength(2 * 3 + 1);
  });

  it('refuses an image claiming more than 50 megapixels (413) and bytes that only look like an image (415), storing nothing', async () => {
    const before = (await t.db.select({ id: uploads.id }).from(uploads)).length;
    // The 1x1 PNG's header made to claim 10,000 x 10,000 pixels: decoding stops at the header.
    const huge = Buffer.from(PNG);
    huge.writeUInt32BE(10_000, 16);
    huge.writeUInt32BE(10_000, 20);
    huge.writeUInt32BE(crc32(huge.subarray(12, 29)), 29);
    const tooMany = await upload(huge);
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json()).toEqual({ message: messages.uploads.tooManyPixels });
    const broken = await upload(Buffer.concat([Buffer.from('FFD8FFE000104A464946', 'hex'), Buffer.alloc(2000, 7)]), 'broken.jpg', 'image/jpeg');
    expect(broken.statusCode).toBe(415);
    expect(broken.json()).toEqual({ message: messages.uploads.notAnImage });
    expect(await t.db.select({ id: uploads.id }).from(uploads)).toHaveLength(before);
  });
});
