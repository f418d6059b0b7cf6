import { TRPCError } from '@trpc/server';
import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';
import { fileTypeFromBuffer } from 'file-type';
import type { OutputInfo, Sharp } from 'sharp';
import { and, desc, eq, lte } from 'drizzle-orm';
import type { Db } from '#db/client';
import { uploads, uploadVariants } from '#db/schema';
import { messages } from '#shared/messages';
import { COVER_IMAGE_MAX_BYTES, isDataUrl } from '#shared/schemas/admin';
import { IMAGE_FORMATS, IMAGE_LONG_SIDE_MAX, IMAGE_WIDTHS, type ImageFormat } from '#shared/images';

/** The image types we serve; anything else (SVG included: it can carry script) is refused. */
const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);

export const UPLOAD_MAX_BYTES = COVER_IMAGE_MAX_BYTES;
/** A few kilobytes of PNG can claim a huge canvas: decoding stops past this many pixels (a 48 MP photo passes). */
export const UPLOAD_MAX_PIXELS = 50_000_000;

export const tooLarge = () => new TRPCError({ code: 'PAYLOAD_TOO_LARGE', message: messages.uploads.tooLarge });
const tooManyPixels = () => new TRPCError({ code: 'PAYLOAD_TOO_LARGE', message: messages.uploads.tooManyPixels });
const notAnImage = (cause?: unknown) => new TRPCError({ code: 'UNSUPPORTED_MEDIA_TYPE', message: messages.uploads.notAnImage, cause });

/** An unguessable id for /uploads/{id}: 16 random bytes in base32. */
function newUploadId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

export const UPLOAD_ID_PATTERN = /^[a-z2-7]{20,40}$/;

/**
 * Loaded on the first image: libvips costs a process about 30 MB and 0.2 s at start. Its
 * operation cache (up to 50 MB) is off: an image is made once and never again.
 */
let sharpModule: Promise<typeof import('sharp').default> | undefined;
const loadSharp = () =>
  (sharpModule ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  }));

type VariantKind = (typeof uploadVariants.$inferInsert)['kind'];
type Variant = Omit<typeof uploadVariants.$inferInsert, 'uploadId'>;

/**
 * What visitors get of an image: turned upright by its EXIF orientation, at most
 * IMAGE_LONG_SIDE_MAX on its long side, in AVIF and WebP at each of IMAGE_WIDTHS below its
 * width and at its width, and once as JPEG (PNG if it has see-through pixels) at its width.
 * Nothing of the file's metadata is kept (EXIF, GPS, XMP, comments): encoders write only pixels
 * and sRGB. A GIF or an animated WebP gives its first frame (docs/decisions).
 */
export async function makeVariants(bytes: Uint8Array): Promise<Variant[]> {
  const sharp = await loadSharp();
  let pixels: { data: Buffer; info: OutputInfo };
  try {
    // Read as leniently as a browser shows it (a slightly damaged file); a broken header is refused.
    pixels = await sharp(bytes, { limitInputPixels: UPLOAD_MAX_PIXELS, failOn: 'none' })
      .autoOrient()
      .resize({ width: IMAGE_LONG_SIDE_MAX, height: IMAGE_LONG_SIDE_MAX, fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    throw /pixel limit/i.test(String((error as Error).message)) ? tooManyPixels() : notAnImage(error);
  }
  // Decoded once; every variant is made from these pixels.
  const { data, info } = pixels;
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels as 3 | 4 } };
  const opaque = info.channels === 3 || (await sharp(data, raw).stats()).isOpaque;
  const image = () => (opaque && info.channels === 4 ? sharp(data, raw).removeAlpha() : sharp(data, raw));
  const encode = async (kind: VariantKind, width: number, format: (image: Sharp) => Sharp, mimeType: string): Promise<Variant> => {
    const { data: out, info: size } = await format(image().resize({ width })).toBuffer({ resolveWithObject: true });
    return { kind, width: size.width, height: size.height, mimeType, bytes: out };
  };
  const widths = [...IMAGE_WIDTHS.filter((width) => width < info.width), info.width];
  const encoders: Record<ImageFormat, (image: Sharp) => Sharp> = {
    // Effort 2 of 9: a second or two for all widths of a large photo; effort 4 took 14 s on a grainy one.
    avif: (image) => image.avif({ quality: 50, effort: 2 }),
    webp: (image) => image.webp({ quality: 75 }),
  };
  const variants: Variant[] = [];
  for (const format of IMAGE_FORMATS) for (const width of widths) variants.push(await encode(format, width, encoders[format], `image/${format}`));
  variants.push(
    opaque
      ? await encode('fallback', info.width, (image) => image.jpeg({ quality: 82, mozjpeg: true }), 'image/jpeg')
      : await encode('fallback', info.width, (image) => image.png({ compressionLevel: 9 }), 'image/png'),
  );
  return variants;
}

/**
 * Stores an image after checking its bytes (never its name or declared type), with its
 * variants, and answers its public path.
 */
export async function storeImage(db: Db, bytes: Uint8Array, uploadedBy: number | null): Promise<{ url: string }> {
  if (bytes.byteLength === 0) throw notAnImage();
  if (bytes.byteLength > UPLOAD_MAX_BYTES) throw tooLarge();
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !IMAGE_TYPES.has(type.mime)) throw notAnImage();
  const variants = await makeVariants(bytes);
  const id = newUploadId();
  await db.transaction(async (tx) => {
    await tx.insert(uploads).values({ id, mimeType: type.mime, size: bytes.byteLength, bytes, uploadedBy });
    await tx.insert(uploadVariants).values(variants.map((variant) => ({ uploadId: id, ...variant })));
  });
  return { url: `/uploads/${id}` };
}

/** A `data:` URL (any letter case) becomes an upload; any other value is returned as it is. */
export async function storeDataUrl(db: Db, value: string | null, uploadedBy: number): Promise<string | null> {
  if (value === null || !isDataUrl(value)) return value;
  const match = /^data:[^;,]*;base64,([A-Za-z0-9+/=\s]*)$/i.exec(value);
  if (!match) throw notAnImage();
  const base64 = match[1]!.replace(/\s/g, '');
  // Checked before decoding so an oversized string never becomes a buffer.
  if (Math.floor((base64.length * 3) / 4) > UPLOAD_MAX_BYTES + 2) throw tooLarge();
  const { url } = await storeImage(db, Buffer.from(base64, 'base64'), uploadedBy);
  return url;
}

/** The file as it was sent, metadata and all: for admins only. */
export async function findOriginal(db: Db, id: string) {
  if (!UPLOAD_ID_PATTERN.test(id)) return undefined;
  const [row] = await db.select({ mimeType: uploads.mimeType, bytes: uploads.bytes }).from(uploads).where(eq(uploads.id, id)).limit(1);
  return row;
}

const selectVariant = async (db: Db, id: string, kind: VariantKind, width: number) => {
  const [row] = await db
    .select({ mimeType: uploadVariants.mimeType, bytes: uploadVariants.bytes })
    .from(uploadVariants)
    .where(and(eq(uploadVariants.uploadId, id), eq(uploadVariants.kind, kind), lte(uploadVariants.width, width)))
    .orderBy(desc(uploadVariants.width))
    .limit(1);
  return row;
};

/** Uploads being given their variants by this process, so concurrent requests wait for one job. */
const making = new Map<string, Promise<boolean>>();

/**
 * Makes the variants of an upload stored before variants existed, once: the first request
 * waits for them; every later one, in any process, reads the stored bytes. False if there is no
 * such upload.
 */
function makeMissingVariants(db: Db, id: string): Promise<boolean> {
  let job = making.get(id);
  if (!job) {
    job = (async () => {
      const original = await findOriginal(db, id);
      if (!original) return false;
      const variants = await makeVariants(original.bytes);
      // Another process may have made them meanwhile: the first stored are the ones served.
      await db
        .insert(uploadVariants)
        .values(variants.map((variant) => ({ uploadId: id, ...variant })))
        .onConflictDoNothing();
      return true;
    })().finally(() => making.delete(id));
    making.set(id, job);
  }
  return job;
}

/**
 * The variant a visitor asked for: `format` at the given width, or the widest there is below it
 * (an image narrower than the width); 'fallback' is the JPEG or PNG at the image's width.
 */
export async function findVariant(db: Db, id: string, kind: VariantKind, width: number = IMAGE_LONG_SIDE_MAX) {
  if (!UPLOAD_ID_PATTERN.test(id)) return undefined;
  const row = await selectVariant(db, id, kind, width);
  if (row || !(await makeMissingVariants(db, id))) return row;
  return selectVariant(db, id, kind, width);
}
