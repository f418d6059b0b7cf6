import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '#db/client';
import { blogs, users } from '#db/schema';
import { blogSummary } from '#shared/blog-summary';
import { notFound } from '../errors';
import { displayName } from '../policies';
import { preparedRead } from './prepared';
import { markdownHtml } from '../markdown-html';

/**
 * The blog read model: one select list with its author's names and its like and comment
 * counts, for the public list, an article, the admin panel and the hub. Drafts are shown to
 * admins only (blogVisibleTo), by list or by id.
 */
const blogColumns = {
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
  likesCount: blogs.likeCount,
  // Comments everyone sees: held and hidden ones are not counted.
  commentsCount: blogs.commentCount,
  createdAt: blogs.createdAt,
};

const adminBlogColumns = { ...blogColumns, updatedAt: blogs.updatedAt };

export const selectBlogs = (db: Db) => db.select(blogColumns).from(blogs).leftJoin(users, eq(users.id, blogs.authorId));
export const selectAdminBlogs = (db: Db) => db.select(adminBlogColumns).from(blogs).leftJoin(users, eq(users.id, blogs.authorId));

/**
 * What a card in the blog list shows: everything but the article's body, which a card needs
 * only for a summary when there is no excerpt. The summary is made here from the body's start,
 * so a page of cards carries a few hundred bytes per article instead of whole articles.
 */
const { content: _content, ...cardColumns } = blogColumns;
const blogCardColumns = { ...cardColumns, contentStart: sql<string>`left(${blogs.content}, 1000)` };

export const selectBlogCards = (db: Db) => db.select(blogCardColumns).from(blogs).leftJoin(users, eq(users.id, blogs.authorId));

type BlogRow = Awaited<ReturnType<typeof selectBlogs>>[number];
type BlogCardRow = Awaited<ReturnType<typeof selectBlogCards>>[number];
type AuthorNames = { authorFirstName: string | null; authorLastName: string | null };

/** The writing admin as readers see her (first name and last initial); null once her account is gone. */
const readerAuthor = (row: AuthorNames) =>
  row.authorFirstName !== null ? displayName({ firstName: row.authorFirstName, lastName: row.authorLastName ?? '' }) : null;

/**
 * What readers get of a blog row, card or article. Copied field by field, never by rest and
 * spread (`({ a, ...row }) => ({ ...row })`), which costs far more per row on every list
 * (docs/benchmarks.md, "Measurements behind code choices").
 */
function readerBlogFields(row: BlogRow | BlogCardRow) {
  return {
    id: row.id,
    title: row.title,
    excerpt: row.excerpt,
    category: row.category,
    authorName: row.authorName,
    author: readerAuthor(row),
    coverImageUrl: row.coverImageUrl,
    tags: row.tags,
    isPublished: row.isPublished,
    likesCount: row.likesCount,
    commentsCount: row.commentsCount,
    createdAt: row.createdAt,
  };
}

/** An article as readers see it. */
export const toBlog = (row: BlogRow) => Object.assign(readerBlogFields(row), { content: row.content });

/** An article as the site's page shows it: its body drawn as HTML (markdown-html.ts), without the markdown. */
export const toArticlePage = (row: BlogRow) => Object.assign(readerBlogFields(row), { contentHtml: markdownHtml(row.content) });

/** A card of the blog list: a summary instead of the body. */
export const toBlogCard = (row: BlogCardRow) =>
  Object.assign(readerBlogFields(row), { summary: blogSummary({ excerpt: row.excerpt, content: row.contentStart }) });

/** In the admin panel the author keeps her full name. */
export function toAdminBlog<T extends AuthorNames>({ authorFirstName, authorLastName, ...row }: T) {
  return { ...row, author: authorFirstName !== null ? { firstName: authorFirstName, lastName: authorLastName ?? '' } : null };
}

/** Drafts are never served to non-admins, by list or by id. */
export function blogVisibleTo(viewer: { isAdmin: boolean } | null): SQL | undefined {
  return viewer?.isAdmin ? undefined : eq(blogs.isPublished, true);
}

export const BLOG_NOT_FOUND = 'Blog not found';

/** Whether an article (the placeholder `id`) is there for a reader, or for an admin, who also sees drafts. */
const preparedVisibleBlog = preparedRead('blogs.visible', (db, isAdmin: boolean) =>
  db
    .select({ id: blogs.id })
    .from(blogs)
    .where(and(eq(blogs.id, sql.placeholder('id')), blogVisibleTo({ isAdmin })))
    .limit(1),
);

/** The article if this viewer may see it, else 404 (a draft is "not found" to members). */
export async function requireVisibleBlog(db: Db, id: number, viewer: { isAdmin: boolean } | null, message = BLOG_NOT_FOUND) {
  const [row] = await preparedVisibleBlog(db, viewer?.isAdmin ?? false, { id });
  if (!row) throw notFound(message);
  return row;
}
