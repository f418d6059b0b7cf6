import { z } from 'zod';
import { messages } from '#shared/messages';
import { storeImage } from '#server/services/uploads';
import { router, staffProcedure } from '#server/trpc/init';
import { ALL_AREAS } from '#server/cache-areas';

/** Every call here needs 'manage:content' (src/server/policies.ts). */
const contentProcedure = staffProcedure('manage:content');

/**
 * Called in-process by the multipart route (POST /api/uploads), which reads the file;
 * the access rule and the content check live here like every other admin call.
 */
export const adminUploadsRouter = router({
  // Uploads are rare: counted as a change to everything rather than traced to the items the image goes on.
  create: contentProcedure
    .meta({ cache: { changes: ALL_AREAS } })
    .input(z.object({ bytes: z.custom<Uint8Array>((value) => value instanceof Uint8Array, { error: () => messages.uploads.noFile }) }))
    .mutation(async ({ ctx, input }) => {
      const upload = await storeImage(ctx.db, input.bytes, ctx.user.id);
      // An upload's id is text, not a number: the entry names it by its address.
      ctx.audit.describe(null, `Uploaded an image of ${Math.max(1, Math.round(input.bytes.byteLength / 1024))} KB at ${upload.url}`);
      return upload;
    }),
});
