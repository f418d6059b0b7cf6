import { CommentRefSchema } from '#shared/schemas/content';
import { findMemberContent, memberContentWords, quoted } from '#server/moderation/audit';
import { isStaff } from '#server/policies';
import { assertStaffSecondFactor } from '#server/auth/access';
import { deleteComment } from '#server/services/comments';
import { memberProcedure, router } from '#server/trpc/init';

/** What a member does with comments of every kind (podcast, blog, forum). */
export const commentsRouter = router({
  /**
   * DELETE /api/comments/{kind}/{id}: her own comment, or any for an admin. An admin removing
   * someone else's comment is a moderation action: the audit log names whose comment, where,
   * and what it said (read before it is gone).
   */
  // A comment of any kind: its thread and its parent's count.
  delete: memberProcedure.meta({ cache: { changes: ['podcasts', 'blogs', 'forumPosts'] } }).input(CommentRefSchema).mutation(async ({ ctx, input }) => {
    const item = isStaff(ctx.user) ? await findMemberContent(ctx.db, `${input.kind}_comment`, input.id) : undefined;
    const { authorId, permission, answer } = await deleteComment(ctx.db, ctx.user, input.kind, input.id, () => assertStaffSecondFactor(ctx.user, ctx));
    if (item && authorId !== ctx.user.id) ctx.audit.describe(input.id, `Deleted ${memberContentWords(item)}: ${quoted(item.text)}`, permission);
    return answer;
  }),
});
