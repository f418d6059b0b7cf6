import { and, eq, ilike, sql } from 'drizzle-orm';
import { blogComments, forumComments, forumPosts, podcastComments, users } from '#db/schema';
import { AdminUserListSchema } from '#shared/schemas/admin';
import { inPage, type ListOrder, orderBy, pageIds, pageOf } from '#server/domains/paging';
import { displayName } from '#server/policies';
import { router, staffProcedure } from '#server/trpc/init';

/** 'read:members' (src/server/policies.ts): moderators and admins. */
const membersProcedure = staffProcedure('read:members');

/** How many of the rows of `table` she wrote. */
const countBy = (table: typeof forumPosts | typeof forumComments | typeof podcastComments | typeof blogComments) =>
  sql<number>`(select count(*)::int from ${table} where ${table.userId} = ${users.id})`;

/** Her first name's letters (never her last name or email, which a moderator may not learn), case-insensitively. */
const firstNameLike = (search: string | undefined) => (search ? ilike(users.firstName, `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined);

export const adminMembersRouter = router({
  /**
   * GET /api/admin/members: approved members (not staff) as moderators may see them, newest
   * first: her display name ("Zeina F."), join date, how many posts and comments she wrote, and
   * a running suspension; searchable by first name. No email, age, last name or approval status.
   */
  list: membersProcedure.input(AdminUserListSchema.optional()).query(async ({ ctx, input }) => {
    const order: ListOrder = { column: users.createdAt, direction: 'desc' };
    const where = and(eq(users.role, 'member'), eq(users.approvalStatus, 'approved'), firstNameLike(input?.search));
    const page = pageIds(ctx.db, users, users.id, where, order, pageOf(input));
    const rows = await ctx.db
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        createdAt: users.createdAt,
        posts: countBy(forumPosts),
        comments: sql<number>`${countBy(forumComments)} + ${countBy(podcastComments)} + ${countBy(blogComments)}`,
        suspendedUntil: users.suspendedUntil,
      })
      .from(users)
      .innerJoin(page, inPage(page, users.id))
      .orderBy(...orderBy(order, users.id));
    return rows.map(({ firstName, lastName, ...row }) => ({ ...row, ...displayName({ firstName, lastName }), posts: Number(row.posts), comments: Number(row.comments) }));
  }),
});
