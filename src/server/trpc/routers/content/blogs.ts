import { and, desc, eq } from 'drizzle-orm';
import { blogComments, blogs } from '../../../../../db/schema';
import { AddCommentSchema, BlogListSchema, ByIdSchema, CommentListSchema, pageOffset } from '../../../../shared/schemas/content';
import { notFound } from '../../../errors';
import { inPage, pageIds } from '../../../domains/paging';
import { BLOG_NOT_FOUND, blogVisibleTo, requireVisibleBlog, selectBlogs, toBlog } from '../../../domains/blogs';
import { addComment, listComments, type CommentTable } from '../../../services/comments';
import { categoryCondition, searchCondition } from '../../../services/content-query';
import { isLiked, setLiked } from '../../../services/likes';
import { answerDependsOnViewer, memberProcedure, router, sharedReadProcedure } from '../../init';

const commentTable: CommentTable<'blogId'> = {
  table: blogComments,
  id: blogComments.id,
  parentId: blogComments.blogId,
  parentKey: 'blogId',
  userId: blogComments.userId,
  content: blogComments.content,
  createdAt: blogComments.createdAt,
};

export const blogsRouter = router({
  /** The public list: published articles only, for everyone (admins see drafts in the admin list). */
  list: sharedReadProcedure.input(BlogListSchema).query(async ({ ctx, input }) => {
    const where = and(
      eq(blogs.isPublished, true),
      searchCondition(input.search, blogs.searchText),
      categoryCondition(input.category, blogs.category),
    );
    const order = [desc(blogs.createdAt), desc(blogs.id)];
    const page = pageIds(ctx.db, blogs, blogs.id, where, order, { limit: input.limit, offset: pageOffset(input) });
    const rows = await selectBlogs(ctx.db).innerJoin(page, inPage(page, blogs.id)).orderBy(...order);
    return rows.map(toBlog);
  }),

  /** The same for every viewer but admins, who also see drafts. */
  byId: sharedReadProcedure.input(ByIdSchema).query(async ({ ctx, input }) => {
    if (ctx.user?.isAdmin) answerDependsOnViewer(ctx);
    const [row] = await selectBlogs(ctx.db)
      .where(and(eq(blogs.id, input.id), blogVisibleTo(ctx.user)))
      .limit(1);
    if (!row) throw notFound(BLOG_NOT_FOUND);
    return toBlog(row);
  }),

  liked: memberProcedure.input(ByIdSchema).query(async ({ ctx, input }) => {
    await requireVisibleBlog(ctx.db, input.id, ctx.user);
    return { liked: await isLiked(ctx.db, 'blog', input.id, ctx.user.id) };
  }),

  /** POST like / DELETE like (SPEC.md §4): both idempotent. */
  like: memberProcedure.input(ByIdSchema).mutation(async ({ ctx, input }) => {
    await requireVisibleBlog(ctx.db, input.id, ctx.user);
    return { liked: await setLiked(ctx.db, 'blog', input.id, ctx.user.id, true) };
  }),

  unlike: memberProcedure.input(ByIdSchema).mutation(async ({ ctx, input }) => {
    await requireVisibleBlog(ctx.db, input.id, ctx.user);
    return { liked: await setLiked(ctx.db, 'blog', input.id, ctx.user.id, false) };
  }),

  comments: sharedReadProcedure.input(CommentListSchema).query(async ({ ctx, input }) => {
    if (ctx.user?.isAdmin) answerDependsOnViewer(ctx);
    await requireVisibleBlog(ctx.db, input.id, ctx.user);
    return listComments(ctx.db, commentTable, input.id, input);
  }),

  addComment: memberProcedure.input(AddCommentSchema).mutation(async ({ ctx, input }) => {
    await requireVisibleBlog(ctx.db, input.id, ctx.user);
    return addComment(ctx, commentTable, input.id, input.content);
  }),
});
