import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { messages } from '#shared/messages';
import { requirePermission } from '../auth/access';
import { IMAGE_FORMATS, IMAGE_WIDTHS, type ImageFormat } from '#shared/images';
import { findOriginal, findVariant, tooLarge, UPLOAD_MAX_BYTES } from '../services/uploads';
import { createContext, type ContextDeps } from '../trpc/context';
import { clientMessage, type ProcedureMeta } from '../trpc/init';
import { appRouter, createCaller } from '../trpc/root';

/**
 * POST /api/uploads (multipart, admin); GET /uploads/{id} (JPEG or PNG),
 * /uploads/{id}/{width}.{avif|webp} and, for admins, /uploads/{id}/original. Registered as its
 * own plugin so the multipart parser applies to these routes only.
 */
export async function uploadsPlugin(app: FastifyInstance, deps: ContextDeps) {
  await app.register(fastifyMultipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 5, parts: 6 } });

  app.post('/api/uploads', async (request, reply) => {
    const ctx = await createContext(deps, request, reply);
    const caller = createCaller(ctx);
    reply.header('cache-control', 'no-store');
    try {
      // Signed out or without the procedure's permission: refused before the body is read.
      requirePermission(ctx, (appRouter.admin.uploads.create._def.meta as ProcedureMeta | undefined)?.permission);
      const bytes = await readFile(request);
      return reply.code(201).send(await caller.admin.uploads.create({ bytes }));
    } catch (error) {
      if (!(error instanceof TRPCError)) throw error;
      if (error.code === 'INTERNAL_SERVER_ERROR') request.log.error({ err: error.cause ?? error }, 'upload failed');
      return reply.code(getHTTPStatusCodeFromError(error)).send({ message: clientMessage(error) });
    }
  });

  /** Who may upload may see what was uploaded, metadata included. */
  const uploadPermission = (appRouter.admin.uploads.create._def.meta as ProcedureMeta | undefined)?.permission;
  const notFound = (reply: FastifyReply) => reply.code(404).header('cache-control', 'no-store').send({ message: messages.uploads.notFound });
  const sendImage = (reply: FastifyReply, image: { mimeType: string; bytes: Uint8Array }, cacheControl: string) =>
    reply
      .header('content-type', image.mimeType)
      .header('cache-control', cacheControl)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .send(Buffer.from(image.bytes));
  // Ids are random and a variant never changes: cache for a year, in shared caches too.
  const PUBLIC_CACHING = 'public, max-age=31536000, immutable';

  app.get<{ Params: { id: string } }>('/uploads/:id', async (request, reply) => {
    const image = await findVariant(deps.db, request.params.id, 'fallback');
    return image ? sendImage(reply, image, PUBLIC_CACHING) : notFound(reply);
  });

  app.get<{ Params: { id: string; variant: string } }>('/uploads/:id/:variant', async (request, reply) => {
    const { id, variant } = request.params;
    if (variant === 'original') {
      try {
        requirePermission(await createContext(deps, request, reply), uploadPermission);
      } catch (error) {
        if (!(error instanceof TRPCError)) throw error;
        return reply.code(getHTTPStatusCodeFromError(error)).header('cache-control', 'no-store').send({ message: clientMessage(error) });
      }
      const original = await findOriginal(deps.db, id);
      // Never stored by a cache: a browser shared after an admin signs out must not keep it.
      return original ? sendImage(reply, original, 'private, no-store') : notFound(reply);
    }
    if (!VARIANT_NAMES.has(variant)) return notFound(reply);
    const [width, format] = variant.split('.') as [string, ImageFormat];
    const image = await findVariant(deps.db, id, format, Number(width));
    return image ? sendImage(reply, image, PUBLIC_CACHING) : notFound(reply);
  });
}

/** '400.avif', '400.webp', … : every width in every format, and nothing else. */
const VARIANT_NAMES = new Set(IMAGE_WIDTHS.flatMap((width) => IMAGE_FORMATS.map((format) => `${width}.${format}`)));

/** The one file of a multipart body; too large is a 413, anything but a file a 400. */
async function readFile(request: import('fastify').FastifyRequest): Promise<Uint8Array> {
  if (!request.isMultipart()) throw new TRPCError({ code: 'BAD_REQUEST', message: messages.uploads.noFile });
  try {
    const file = await request.file();
    if (!file) throw new TRPCError({ code: 'BAD_REQUEST', message: messages.uploads.noFile });
    return await file.toBuffer();
  } catch (error) {
    if (error instanceof TRPCError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw new TRPCError({ code: 'BAD_REQUEST', message: messages.uploads.noFile, cause: error });
  }
}
