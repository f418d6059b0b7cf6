import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '#db/client';
import { blogs } from '#db/schema';
import { AddCommentSchema, type BlogListQuery, BlogListSchema, ByIdSchema, CommentListSchema, LikeSchema } from '#shared/schemas/content';
import { notFound } from '#server/errors';
import { inPage, type ListOrder, orderBy, pageIds } from '#server/domains/paging';
import { plainFirstPage, plainFirstPageSize, preparedRead } from '#server/domains/prepared';
import { markdownHtml } from '#server/markdown-html';
import { BLOG_NOT_FOUND, blogVisibleTo, requireVisibleBlog, selectBlogCards, selectBlogs, toArticlePage, toBlog, toBlogCard } from '#server/domains/blogs';
import { addComment, COMMENT_TABLES, listCommentsOfVisibleParent } from '#server/services/comments';
import { categoryCondition, searchCondition } from '#server/services/content-query';
import { preparedLikedAmong, setLike } from '#server/services/likes';
import { memberProcedure, publicProcedure, router } from '#server/trpc/init';

const commentTable = COMMENT_TABLES.blog;

/** One page of published articles, newest first, matching the list's search and category. */
function publishedPage(db: Db, input: BlogListQuery) {
  const where = and(eq(blogs.isPublished, true), searchCondition(input.search, blogs), categoryCondition(input.category, blogs.category));
  const order: ListOrder = { column: blogs.createdAt, direction: 'desc' };
  return { page: pageIds(db, blogs, blogs.id, where, order, { limit: input.limit, offset: input.offset, after: input.cursor }), order: orderBy(order, blogs.id) };
}

/** Whole articles, as `list` answers them. */
function articlesPage(db: Db, input: BlogListQuery) {
  const { page, order } = publishedPage(db, input);
  return selectBlogs(db).innerJoin(page, inPage(page, blogs.id)).orderBy(...order);
}
const preparedArticlesFirstPage = preparedRead('blogs.list', (db, limit: number) => articlesPage(db, plainFirstPage(limit)));

/** Cards, as `cards` answers them. */
function cardsPage(db: Db, input: BlogListQuery) {
  const { page, order } = publishedPage(db, input);
  return selectBlogCards(db).innerJoin(page, inPage(page, blogs.id)).orderBy(...order);
}
const preparedCardsFirstPage = preparedRead('blogs.cards', (db, limit: number) => cardsPage(db, plainFirstPage(limit)));

/** An article by id (a placeholder), as a reader or as an admin, who also sees drafts. */
const preparedArticle = preparedRead('blogs.byId', (db, isAdmin: boolean) =>
  selectBlogs(db)
    .where(and(eq(blogs.id, sql.placeholder('id')), blogVisibleTo({ isAdmin })))
    .limit(1),
);

/** The article `id` as this viewer may read it (drafts for admins only), or the same 404 whether it is missing or hidden. */
async function visibleArticle(db: Db, viewer: { isAdmin: boolean } | null, id: number) {
  const [row] = await preparedArticle(db, viewer?.isAdmin ?? false, { id });
  if (!row) throw notFound(BLOG_NOT_FOUND);
  return row;
}

const likedAmongPublishedBlogs = preparedLikedAmong('blog', blogVisibleTo(null));
const likedAmongAllBlogs = preparedLikedAmong('blog', blogVisibleTo({ isAdmin: true }));

export const blogsRouter = router({
  /** The public list in the API's documented shape: published articles only, whole, for everyone. */
  list: publicProcedure.meta({ cache: { shared: true, reads: ['blogs'] } }).input(BlogListSchema).query(async ({ ctx, input }) => {
    const size = plainFirstPageSize(input);
    const rows = await (size === null ? articlesPage(ctx.db, input) : preparedArticlesFirstPage(ctx.db, size));
    return rows.map(toBlog);
  }),

  /** The same articles as `list`, as the site's cards show them: a summary instead of the body. */
  cards: publicProcedure.meta({ cache: { shared: true, reads: ['blogs'] } }).input(BlogListSchema).query(async ({ ctx, input }) => {
    const size = plainFirstPageSize(input);
    const rows = await (size === null ? cardsPage(ctx.db, input) : preparedCardsFirstPage(ctx.db, size));
    return rows.map(toBlogCard);
  }),

  /**
   * An article in the API's documented shape, its markdown `content`, with the body also drawn
   * as HTML (`contentHtml`, markdown-html.ts). The same for every viewer but admins, who also
   * see drafts.
   */
  byId: publicProcedure.meta({ cache: { shared: 'exceptForAdmins', reads: ['blogs'], item: 'id' } }).input(ByIdSchema).query(async ({ ctx, input }) => {
    const row = await visibleArticle(ctx.db, ctx.user, input.id);
    return Object.assign(toBlog(row), { contentHtml: markdownHtml(row.content) });
  }),

  /**
   * The article as the site's page shows it: the body drawn as HTML only. No reader's screen
   * uses the markdown, which would otherwise go out in every answer and in the data of every
   * article page the server renders (SSR), beside the drawn body.
   */
  article: publicProcedure.meta({ cache: { shared: 'exceptForAdmins', reads: ['blogs'], item: 'id' } }).input(ByIdSchema).query(async ({ ctx, input }) => {
    return toArticlePage(await visibleArticle(ctx.db, ctx.user, input.id));
  }),

  liked: memberProcedure.input(ByIdSchema).query(async ({ ctx, input }) => {
    // An article page asks this on every member's visit: the like of a reader, or of an admin, who also sees drafts.
    const liked = await (ctx.user.isAdmin ? likedAmongAllBlogs : likedAmongPublishedBlogs).of(ctx.db, input.id, ctx.user.id);
    if (liked === null) throw notFound(BLOG_NOT_FOUND);
    return { liked };
  }),

  /**
   * Sets the member's like on or off on an article she may see (POST like / DELETE like); a
   * draft or a missing article is a 404 that changes nothing. Answers it with the article's likes.
   */
  like: memberProcedure.meta({ cache: { changes: ['blogs'], item: 'id' } }).input(LikeSchema).mutation(async ({ ctx, input }) => {
    const answer = await setLike(ctx.db, 'blog', input.id, ctx.user.id, input.liked, blogVisibleTo(ctx.user));
    if (!answer) throw notFound(BLOG_NOT_FOUND);
    return answer;
  }),

  /** Per viewer: her own comments waiting for review show, and blocked members' don't. */
  comments: publicProcedure.input(CommentListSchema).query(async ({ ctx, input }) => {
    return listCommentsOfVisibleParent(requireVisibleBlog(ctx.db, input.id, ctx.user), ctx.db, ctx.user, commentTable, input.id, input);
  }),

  addComment: memberProcedure.meta({ cache: { changes: ['blogs'], item: 'id' }, idempotent: true }).input(AddCommentSchema).mutation(async ({ ctx, input }) => {
    return addComment(ctx, commentTable, requireVisibleBlog(ctx.db, input.id, ctx.user), input);
  }),
});
