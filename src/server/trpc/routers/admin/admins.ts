import { eq } from 'drizzle-orm';
import { users } from '#db/schema';
import { messages } from '#shared/messages';
import { AdminByIdSchema, AdminCreateSchema, AdminListSchema, AdminPasswordChangeSchema, AdminUpdateSchema } from '#shared/schemas/admin';
import { hashPassword } from '#server/auth/password';
import { notFound } from '#server/errors';
import { memberName, possessive } from '#server/moderation/audit';
import { inPage, type ListOrder, orderBy, pageIds, pageOf } from '#server/domains/paging';
import { createAccount } from '#server/services/accounts';
import type { Db } from '#db/client';
import { adminProcedure, router } from '#server/trpc/init';
import { adminUserColumns, assertCanDelete, assertEmailFree, endOtherSessions, findAccount, toAccount, withActiveAdminsLocked, withEmailConflict } from './accounts';
import { ALL_AREAS } from '#server/cache-areas';

/** Admin Management tab: the procedures act on admin accounts only. */
async function findAdmin(db: Db, id: number) {
  const target = await findAccount(db, id);
  if (!target.isAdmin) throw notFound(messages.admin.notAnAdmin);
  return target;
}

export const adminAdminsRouter = router({
  /** Newest first. */
  list: adminProcedure.input(AdminListSchema.optional()).query(async ({ ctx, input }) => {
    const order: ListOrder = { column: users.createdAt, direction: 'desc' };
    const page = pageIds(ctx.db, users, users.id, eq(users.isAdmin, true), order, pageOf(input));
    const rows = await ctx.db
      .select(adminUserColumns)
      .from(users)
      .innerJoin(page, inPage(page, users.id))
      .orderBy(...orderBy(order, users.id));
    return rows.map(toAccount);
  }),

  /** Add New Admin: an approved admin account with an argon2id password. */
  // A new admin counts as a member.
  create: adminProcedure.meta({ cache: { changes: ['members'] } }).input(AdminCreateSchema).mutation(async ({ ctx, input }) => {
    const { age, ...fields } = input;
    const { id } = await createAccount(ctx.db, { ...fields, age: age ?? null, isAdmin: true, approvalStatus: 'approved' });
    const account = await findAccount(ctx.db, id);
    ctx.audit.describe(id, `Added ${memberName(account)} as an admin`);
    return toAccount(account);
  }),

  /** Edit Admin: a blank password keeps the current one. */
  // A new name is shown as an author everywhere.
  update: adminProcedure.meta({ cache: { changes: ALL_AREAS } }).input(AdminUpdateSchema).mutation(async ({ ctx, input }) => {
    const target = await findAdmin(ctx.db, input.id);
    await assertEmailFree(ctx.db, input.email, target.id);
    const { id, password, age, ...fields } = input;
    const passwordHash = password ? await hashPassword(password) : undefined;
    const [row] = await withEmailConflict(() =>
      ctx.db
        .update(users)
        .set({ ...fields, age: age ?? null, ...(passwordHash ? { passwordHash } : {}) })
        .where(eq(users.id, id))
        .returning(adminUserColumns),
    );
    if (passwordHash) await endOtherSessions(ctx, id);
    ctx.audit.describe(id, `Updated ${possessive(row!)} admin account${passwordHash ? ' and password' : ''}`);
    return toAccount(row!);
  }),

  setPassword: adminProcedure.meta({ cache: { changes: [] } }).input(AdminPasswordChangeSchema).mutation(async ({ ctx, input }) => {
    const target = await findAdmin(ctx.db, input.id);
    await ctx.db.update(users).set({ passwordHash: await hashPassword(input.password) }).where(eq(users.id, input.id));
    await endOtherSessions(ctx, input.id);
    ctx.audit.describe(target.id, `Set a new password for admin ${memberName(target)}`);
    return { success: true as const, message: messages.admin.passwordUpdated };
  }),

  /** No confirmation in the UI, but never herself and never the last admin. */
  // Her posts, comments, likes and RSVPs go with her account.
  delete: adminProcedure.meta({ cache: { changes: ALL_AREAS } }).input(AdminByIdSchema).mutation(({ ctx, input }) =>
    withActiveAdminsLocked(ctx.db, async (tx, activeAdminIds) => {
      const target = await findAdmin(tx, input.id);
      assertCanDelete(activeAdminIds, ctx.user.id, target);
      await tx.delete(users).where(eq(users.id, target.id));
      ctx.audit.describe(target.id, `Removed ${possessive(target)} admin account`);
      return { success: true as const, message: messages.admin.adminDeleted };
    }),
  ),
});
