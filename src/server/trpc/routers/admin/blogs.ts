import { eq } from 'drizzle-orm';
import type { Db } from '#db/client';
import { blogs } from '#db/schema';
import { messages } from '#shared/messages';
import { AdminByIdSchema, AdminListSchema, BlogFormSchema, BlogUpdateSchema } from '#shared/schemas/admin';
import { notFound } from '#server/errors';
import { quoted } from '#server/moderation/audit';
import { selectAdminBlogs, toAdminBlog } from '#server/domains/blogs';
import { inPage, type ListOrder, orderBy, pageIds, pageOf } from '#server/domains/paging';
import { storeDataUrl } from '#server/services/uploads';
import { router, staffProcedure } from '#server/trpc/init';

/** Every call here needs 'manage:content' (src/server/policies.ts). */
const contentProcedure = staffProcedure('manage:content');

async function byId(db: Db, id: number) {
  const [row] = await selectAdminBlogs(db).where(eq(blogs.id, id)).limit(1);
  if (!row) throw notFound(messages.admin.blogNotFound);
  return toAdminBlog(row);
}

export const adminBlogsRouter = router({
  /** Drafts included, newest first. */
  list: contentProcedure.input(AdminListSchema.optional()).query(async ({ ctx, input }) => {
    const order: ListOrder = { column: blogs.createdAt, direction: 'desc' };
    const page = pageIds(ctx.db, blogs, blogs.id, undefined, order, pageOf(input));
    const rows = await selectAdminBlogs(ctx.db).innerJoin(page, inPage(page, blogs.id)).orderBy(...orderBy(order, blogs.id));
    return rows.map(toAdminBlog);
  }),

  /** An inline (data:) cover is checked and stored as an upload first, so lists never carry image bytes. */
  create: contentProcedure.meta({ cache: { changes: ['blogs'] }, idempotent: true }).input(BlogFormSchema).mutation(async ({ ctx, input }) => {
    const coverImageUrl = await storeDataUrl(ctx.db, input.coverImageUrl, ctx.user.id);
    const [row] = await ctx.db
      .insert(blogs)
      .values({ ...input, coverImageUrl, authorId: ctx.user.id })
      .returning({ id: blogs.id });
    ctx.audit.describe(row!.id, `Added blog post ${quoted(input.title)} (${input.isPublished ? 'published' : 'draft'})`);
    return byId(ctx.db, row!.id);
  }),

  update: contentProcedure.meta({ cache: { changes: ['blogs'], item: 'id' } }).input(BlogUpdateSchema).mutation(async ({ ctx, input }) => {
    const { id, ...fields } = input;
    const before = await byId(ctx.db, id);
    const coverImageUrl = await storeDataUrl(ctx.db, fields.coverImageUrl, ctx.user.id);
    await ctx.db.update(blogs).set({ ...fields, coverImageUrl }).where(eq(blogs.id, id));
    const outcome = before.isPublished === fields.isPublished ? '' : fields.isPublished ? ' (published)' : ' (back to draft)';
    ctx.audit.describe(id, `Updated blog post ${quoted(fields.title)}${outcome}`);
    return byId(ctx.db, id);
  }),

  /** No confirmation in the UI; likes and comments go with it. */
  delete: contentProcedure.meta({ cache: { changes: ['blogs'], item: 'id' } }).input(AdminByIdSchema).mutation(async ({ ctx, input }) => {
    const [row] = await ctx.db.delete(blogs).where(eq(blogs.id, input.id)).returning({ id: blogs.id, title: blogs.title });
    if (!row) throw notFound(messages.admin.blogNotFound);
    ctx.audit.describe(row.id, `Deleted blog post ${quoted(row.title)}`);
    return { success: true as const, message: messages.admin.blogDeleted };
  }),
});
