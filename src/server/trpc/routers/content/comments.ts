import { CommentRefSchema } from '#shared/schemas/content';
import { deleteComment } from '#server/services/comments';
import { memberProcedure, router } from '#server/trpc/init';

/** What a member does with comments of every kind (podcast, blog, forum). */
export const commentsRouter = router({
  /** DELETE /api/comments/{kind}/{id}: her own comment, or any for an admin. */
  delete: memberProcedure.input(CommentRefSchema).mutation(({ ctx, input }) => deleteComment(ctx.db, ctx.user, input.kind, input.id)),
});
