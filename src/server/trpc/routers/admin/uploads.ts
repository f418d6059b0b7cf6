import { z } from 'zod';
import { messages } from '#shared/messages';
import { storeImage } from '#server/services/uploads';
import { adminProcedure, router } from '#server/trpc/init';

/**
 * Called in-process by the multipart route (POST /api/uploads), which reads the file;
 * the access rule and the content check live here like every other admin call.
 */
export const adminUploadsRouter = router({
  create: adminProcedure
    .input(z.object({ bytes: z.custom<Uint8Array>((value) => value instanceof Uint8Array, { error: () => messages.uploads.noFile }) }))
    .mutation(({ ctx, input }) => storeImage(ctx.db, input.bytes, ctx.user.id)),
});
