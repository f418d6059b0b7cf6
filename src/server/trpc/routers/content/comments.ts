import { CommentRefSchema, CommentThreadSchema } from '../../../../shared/schemas/content';
import { deleteComment, myCommentIds } from '../../../services/comments';
import { memberProcedure, router } from '../../init';

/** What a member does with comments of every kind (podcast, blog, forum). */
export const commentsRouter = router({
  /** DELETE /api/comments/{kind}/{id}: her own comment, or any for an admin. */
  delete: memberProcedure.input(CommentRefSchema).mutation(({ ctx, input }) => deleteComment(ctx.db, ctx.user, input.kind, input.id)),

  /**
   * The ids of her own comments in a thread, so the page can offer Delete on them while
   * the thread itself stays one answer shared by every reader.
   */
  mine: memberProcedure.input(CommentThreadSchema).query(({ ctx, input }) => myCommentIds(ctx.db, input.kind, input.parentId, ctx.user.id)),
});
