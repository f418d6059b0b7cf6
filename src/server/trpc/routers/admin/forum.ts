import { desc, eq, sql } from 'drizzle-orm';
import { forumComments, forumPostLikes, forumPosts, users } from '../../../../../db/schema';
import { messages } from '../../../../shared/messages';
import { AdminByIdSchema, AdminListSchema } from '../../../../shared/schemas/admin';
import { notFound } from '../../../errors';
import { adminProcedure, router } from '../../init';
import { pageOf } from './page';

/** Forum moderation (DECISIONS.md): admins see every post and can delete any. */
export const adminForumRouter = router({
  list: adminProcedure.input(AdminListSchema.optional()).query(async ({ ctx, input }) => {
    const { limit, offset } = pageOf(input);
    const rows = await ctx.db
      .select({
        id: forumPosts.id,
        title: forumPosts.title,
        content: forumPosts.content,
        category: forumPosts.category,
        createdAt: forumPosts.createdAt,
        authorFirstName: users.firstName,
        authorLastName: users.lastName,
        authorEmail: users.email,
        likes: sql<number>`(select count(*)::int from ${forumPostLikes} where ${forumPostLikes.postId} = ${forumPosts.id})`,
        comments: sql<number>`(select count(*)::int from ${forumComments} where ${forumComments.postId} = ${forumPosts.id})`,
      })
      .from(forumPosts)
      .innerJoin(users, eq(forumPosts.userId, users.id))
      .orderBy(desc(forumPosts.createdAt), desc(forumPosts.id))
      .limit(limit)
      .offset(offset);
    return rows.map(({ authorFirstName, authorLastName, authorEmail, ...post }) => ({
      ...post,
      author: { firstName: authorFirstName, lastName: authorLastName, email: authorEmail },
    }));
  }),

  /** Likes and comments go with the post (foreign keys cascade). */
  delete: adminProcedure.input(AdminByIdSchema).mutation(async ({ ctx, input }) => {
    const [row] = await ctx.db.delete(forumPosts).where(eq(forumPosts.id, input.id)).returning({ id: forumPosts.id });
    if (!row) throw notFound(messages.admin.postNotFound);
    return { success: true as const, message: messages.admin.postDeleted };
  }),
});
