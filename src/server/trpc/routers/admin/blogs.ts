import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../../../db/client';
import { blogComments, blogLikes, blogs, users } from '../../../../../db/schema';
import { messages } from '../../../../shared/messages';
import { AdminByIdSchema, AdminListSchema, BlogFormSchema, BlogUpdateSchema } from '../../../../shared/schemas/admin';
import { notFound } from '../../../errors';
import { storeDataUrl } from '../../../services/uploads';
import { adminProcedure, router } from '../../init';
import { pageOf } from './page';

const columns = {
  id: blogs.id,
  title: blogs.title,
  content: blogs.content,
  excerpt: blogs.excerpt,
  category: blogs.category,
  authorName: blogs.authorName,
  coverImageUrl: blogs.coverImageUrl,
  tags: blogs.tags,
  isPublished: blogs.isPublished,
  createdAt: blogs.createdAt,
  updatedAt: blogs.updatedAt,
  authorFirstName: users.firstName,
  authorLastName: users.lastName,
  likesCount: sql<number>`(select count(*)::int from ${blogLikes} where ${blogLikes.blogId} = ${blogs.id})`,
  commentsCount: sql<number>`(select count(*)::int from ${blogComments} where ${blogComments.blogId} = ${blogs.id})`,
};

/** SPEC.md §3 'Blog': author{firstName, lastName} when the writing admin still exists. */
function toBlog<T extends { authorFirstName: string | null; authorLastName: string | null }>({ authorFirstName, authorLastName, ...row }: T) {
  return { ...row, author: authorFirstName !== null ? { firstName: authorFirstName, lastName: authorLastName ?? '' } : null };
}

const select = (db: Db) => db.select(columns).from(blogs).leftJoin(users, eq(blogs.authorId, users.id));

async function byId(db: Db, id: number) {
  const [row] = await select(db).where(eq(blogs.id, id)).limit(1);
  if (!row) throw notFound(messages.admin.blogNotFound);
  return toBlog(row);
}

export const adminBlogsRouter = router({
  /** Drafts included, newest first. */
  list: adminProcedure.input(AdminListSchema.optional()).query(async ({ ctx, input }) => {
    const { limit, offset } = pageOf(input);
    const rows = await select(ctx.db).orderBy(desc(blogs.createdAt), desc(blogs.id)).limit(limit).offset(offset);
    return rows.map(toBlog);
  }),

  /** An inline (data:) cover is checked and stored as an upload first, so lists never carry image bytes. */
  create: adminProcedure.input(BlogFormSchema).mutation(async ({ ctx, input }) => {
    const coverImageUrl = await storeDataUrl(ctx.db, input.coverImageUrl, ctx.user.id);
    const [row] = await ctx.db
      .insert(blogs)
      .values({ ...input, coverImageUrl, authorId: ctx.user.id })
      .returning({ id: blogs.id });
    return byId(ctx.db, row!.id);
  }),

  update: adminProcedure.input(BlogUpdateSchema).mutation(async ({ ctx, input }) => {
    const { id, ...fields } = input;
    await byId(ctx.db, id);
    const coverImageUrl = await storeDataUrl(ctx.db, fields.coverImageUrl, ctx.user.id);
    await ctx.db.update(blogs).set({ ...fields, coverImageUrl }).where(eq(blogs.id, id));
    return byId(ctx.db, id);
  }),

  /** No confirmation in the UI (SPEC.md §8); likes and comments go with it. */
  delete: adminProcedure.input(AdminByIdSchema).mutation(async ({ ctx, input }) => {
    const [row] = await ctx.db.delete(blogs).where(eq(blogs.id, input.id)).returning({ id: blogs.id });
    if (!row) throw notFound(messages.admin.blogNotFound);
    return { success: true as const, message: messages.admin.blogDeleted };
  }),
});
