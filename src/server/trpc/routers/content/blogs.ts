import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../../../../db/client';
import { blogComments, blogLikes, blogs, users } from '../../../../../db/schema';
import { AddCommentSchema, BlogListSchema, ByIdSchema, CommentListSchema, pageOffset } from '../../../../shared/schemas/content';
import { notFound } from '../../../errors';
import { addComment, listComments, type CommentTable } from '../../../services/comments';
import { categoryCondition, countOf, searchCondition } from '../../../services/content-query';
import { publicMemberName } from '../../../services/public-member';
import { memberProcedure, publicProcedure, router, sharedReadProcedure } from '../../init';

const commentTable: CommentTable<'blogId'> = {
  table: blogComments,
  id: blogComments.id,
  parentId: blogComments.blogId,
  parentKey: 'blogId',
  userId: blogComments.userId,
  content: blogComments.content,
  createdAt: blogComments.createdAt,
};

const NOT_FOUND = 'Blog not found';

/** SPEC.md §3 Blog. The author as others see her: never the rest of her account. */
function selectBlogs(db: Db) {
  return db
    .select({
      id: blogs.id,
      title: blogs.title,
      content: blogs.content,
      excerpt: blogs.excerpt,
      category: blogs.category,
      authorName: blogs.authorName,
      authorFirstName: users.firstName,
      authorLastName: users.lastName,
      coverImageUrl: blogs.coverImageUrl,
      tags: blogs.tags,
      isPublished: blogs.isPublished,
      likesCount: countOf(blogLikes, blogLikes.blogId, blogs.id),
      commentsCount: countOf(blogComments, blogComments.blogId, blogs.id),
      createdAt: blogs.createdAt,
    })
    .from(blogs)
    .leftJoin(users, eq(users.id, blogs.authorId));
}

type BlogRow = Awaited<ReturnType<ReturnType<typeof selectBlogs>['execute']>>[number];

function toBlog({ authorFirstName, authorLastName, ...row }: BlogRow) {
  return { ...row, author: authorFirstName !== null && authorLastName !== null ? publicMemberName({ firstName: authorFirstName, lastName: authorLastName }) : null };
}

/** Drafts are never served to non-admins (DECISIONS.md), by list or by id. */
function visibleTo(user: { isAdmin: boolean } | null): SQL | undefined {
  return user?.isAdmin ? undefined : eq(blogs.isPublished, true);
}

async function assertBlogVisible(db: Db, id: number, user: { isAdmin: boolean } | null) {
  const [row] = await db
    .select({ id: blogs.id })
    .from(blogs)
    .where(and(eq(blogs.id, id), visibleTo(user)))
    .limit(1);
  if (!row) throw notFound(NOT_FOUND);
}

export const blogsRouter = router({
  /** The public list: published articles only, for everyone (admins see drafts in the admin list). */
  list: sharedReadProcedure.input(BlogListSchema).query(async ({ ctx, input }) => {
    const rows = await selectBlogs(ctx.db)
      .where(
        and(
          eq(blogs.isPublished, true),
          searchCondition(input.search, [blogs.title, blogs.excerpt, blogs.content], blogs.tags),
          categoryCondition(input.category, blogs.category),
        ),
      )
      .orderBy(desc(blogs.createdAt), desc(blogs.id))
      .limit(input.limit)
      .offset(pageOffset(input));
    return rows.map(toBlog);
  }),

  byId: publicProcedure.input(ByIdSchema).query(async ({ ctx, input }) => {
    const [row] = await selectBlogs(ctx.db)
      .where(and(eq(blogs.id, input.id), visibleTo(ctx.user)))
      .limit(1);
    if (!row) throw notFound(NOT_FOUND);
    return toBlog(row);
  }),

  liked: memberProcedure.input(ByIdSchema).query(async ({ ctx, input }) => {
    await assertBlogVisible(ctx.db, input.id, ctx.user);
    const [row] = await ctx.db
      .select({ blogId: blogLikes.blogId })
      .from(blogLikes)
      .where(and(eq(blogLikes.blogId, input.id), eq(blogLikes.userId, ctx.user.id)))
      .limit(1);
    return { liked: Boolean(row) };
  }),

  /** POST like / DELETE like (SPEC.md §4): both idempotent. */
  like: memberProcedure.input(ByIdSchema).mutation(async ({ ctx, input }) => {
    await assertBlogVisible(ctx.db, input.id, ctx.user);
    await ctx.db.insert(blogLikes).values({ blogId: input.id, userId: ctx.user.id }).onConflictDoNothing();
    return { liked: true };
  }),

  unlike: memberProcedure.input(ByIdSchema).mutation(async ({ ctx, input }) => {
    await assertBlogVisible(ctx.db, input.id, ctx.user);
    await ctx.db.delete(blogLikes).where(and(eq(blogLikes.blogId, input.id), eq(blogLikes.userId, ctx.user.id)));
    return { liked: false };
  }),

  comments: publicProcedure.input(CommentListSchema).query(async ({ ctx, input }) => {
    await assertBlogVisible(ctx.db, input.id, ctx.user);
    return listComments(ctx.db, commentTable, input.id, input);
  }),

  addComment: memberProcedure.input(AddCommentSchema).mutation(async ({ ctx, input }) => {
    await assertBlogVisible(ctx.db, input.id, ctx.user);
    return addComment(ctx, commentTable, input.id, input.content);
  }),
});
