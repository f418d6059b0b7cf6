import { TRPCError } from '@trpc/server';
import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';
import { fileTypeFromBuffer } from 'file-type';
import { eq } from 'drizzle-orm';
import type { Db } from '#db/client';
import { uploads } from '#db/schema';
import { messages } from '#shared/messages';
import { COVER_IMAGE_MAX_BYTES, isDataUrl } from '#shared/schemas/admin';

/** The image types we serve; anything else (SVG included: it can carry script) is refused. */
const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);

export const UPLOAD_MAX_BYTES = COVER_IMAGE_MAX_BYTES;

export const tooLarge = () => new TRPCError({ code: 'PAYLOAD_TOO_LARGE', message: messages.uploads.tooLarge });
const notAnImage = () => new TRPCError({ code: 'UNSUPPORTED_MEDIA_TYPE', message: messages.uploads.notAnImage });

/** An unguessable id for /uploads/{id}: 16 random bytes in base32. */
function newUploadId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

export const UPLOAD_ID_PATTERN = /^[a-z2-7]{20,40}$/;

/**
 * Stores an image after checking its bytes (never its name or declared type) and
 * answers its public path.
 */
export async function storeImage(db: Db, bytes: Uint8Array, uploadedBy: number | null): Promise<{ url: string }> {
  if (bytes.byteLength === 0) throw notAnImage();
  if (bytes.byteLength > UPLOAD_MAX_BYTES) throw tooLarge();
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !IMAGE_TYPES.has(type.mime)) throw notAnImage();
  const id = newUploadId();
  await db.insert(uploads).values({ id, mimeType: type.mime, size: bytes.byteLength, bytes, uploadedBy });
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

export async function findUpload(db: Db, id: string) {
  if (!UPLOAD_ID_PATTERN.test(id)) return undefined;
  const [row] = await db.select({ mimeType: uploads.mimeType, bytes: uploads.bytes }).from(uploads).where(eq(uploads.id, id)).limit(1);
  return row;
}
