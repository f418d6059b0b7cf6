import type { FastifyInstance } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { messages } from '#shared/messages';
import { requirePermission } from '../auth/access';
import { findUpload, tooLarge, UPLOAD_MAX_BYTES } from '../services/uploads';
import { createContext, type ContextDeps } from '../trpc/context';
import { clientMessage, type ProcedureMeta } from '../trpc/init';
import { appRouter, createCaller } from '../trpc/root';

/**
 * POST /api/uploads (multipart, admin) and GET /uploads/{id}. Registered as its own plugin
 * so the multipart parser applies to these routes only.
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

  app.get<{ Params: { id: string } }>('/uploads/:id', async (request, reply) => {
    const upload = await findUpload(deps.db, request.params.id);
    if (!upload) return reply.code(404).header('cache-control', 'no-store').send({ message: messages.uploads.notFound });
    // Ids are random and an upload never changes: cache for a year.
    return reply
      .header('content-type', upload.mimeType)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .send(Buffer.from(upload.bytes));
  });
}

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
