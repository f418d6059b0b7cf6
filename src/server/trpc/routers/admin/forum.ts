import { eq } from 'drizzle-orm';
import { forumPosts, users } from '#db/schema';
import { messages } from '#shared/messages';
import { AdminByIdSchema, AdminListSchema } from '#shared/schemas/admin';
import { notFound } from '#server/errors';
import { findMemberContent, memberContentWords } from '#server/moderation/audit';
import { adminForumPostColumns } from '#server/domains/forum-posts';
import { inPage, type ListOrder, orderBy, pageIds, pageOf } from '#server/domains/paging';
import { router, staffProcedure } from '#server/trpc/init';

/** Every call here needs 'manage:content' (src/server/policies.ts). */
const contentProcedure = staffProcedure('manage:content');

/** Forum moderation: admins see every post and can delete any. */
export const adminForumRouter = router({
  list: contentProcedure.input(AdminListSchema.optional()).query(async ({ ctx, input }) => {
    const order: ListOrder = { column: forumPosts.createdAt, direction: 'desc' };
    const page = pageIds(ctx.db, forumPosts, forumPosts.id, undefined, order, pageOf(input));
    const rows = await ctx.db
      .select(adminForumPostColumns)
      .from(forumPosts)
      .innerJoin(page, inPage(page, forumPosts.id))
      .innerJoin(users, eq(forumPosts.userId, users.id))
      .orderBy(...orderBy(order, forumPosts.id));
    return rows.map(({ authorFirstName, authorLastName, authorEmail, ...post }) => ({
      ...post,
      author: { firstName: authorFirstName, lastName: authorLastName, email: authorEmail },
    }));
  }),

  /** Likes and comments go with the post (foreign keys cascade). */
  delete: contentProcedure.meta({ cache: { changes: ['forumPosts'] } }).input(AdminByIdSchema).mutation(async ({ ctx, input }) => {
    const post = await findMemberContent(ctx.db, 'forum_post', input.id);
    if (!post) throw notFound(messages.admin.postNotFound);
    const [row] = await ctx.db.delete(forumPosts).where(eq(forumPosts.id, input.id)).returning({ id: forumPosts.id });
    if (!row) throw notFound(messages.admin.postNotFound);
    ctx.audit.describe(row.id, `Deleted ${memberContentWords(post)}`);
    return { success: true as const, message: messages.admin.postDeleted };
  }),
});
