import { eq, ne } from 'drizzle-orm';
import { users } from '#db/schema';
import { messages } from '#shared/messages';
import { AdminByIdSchema, AdminCreateSchema, AdminListSchema, AdminPasswordChangeSchema, AdminUpdateSchema } from '#shared/schemas/admin';
import { hashPassword } from '#server/auth/password';
import { notFound } from '#server/errors';
import { memberName, possessive } from '#server/moderation/audit';
import { createAccount } from '#server/services/accounts';
import type { Db } from '#db/client';
import { router, staffProcedure } from '#server/trpc/init';
import { adminUserColumns, assertCanDelete, assertEmailFree, assertKeepsAnAdmin, endOtherSessions, findAccount, newestAccounts, roleChangeWords, toAccount, withActiveAdminsLocked, withEmailConflict } from './accounts';
import { isAdminRole, isStaff } from '#server/policies';
import { ALL_AREAS } from '#server/cache-areas';

/** Every call here needs 'manage:roles' (src/server/policies.ts). */
const rolesProcedure = staffProcedure('manage:roles');

/** Admin Management tab: the procedures act on staff accounts (admins and moderators) only. */
async function findStaff(db: Db, id: number) {
  const target = await findAccount(db, id);
  if (!isStaff(target)) throw notFound(messages.admin.notAnAdmin);
  return target;
}

export const adminAdminsRouter = router({
  /** Admins and moderators, newest first. */
  list: rolesProcedure.input(AdminListSchema.optional()).query(({ ctx, input }) => newestAccounts(ctx.db, ne(users.role, 'member'), input)),

  /** Add New Admin: an approved admin account with an argon2id password. */
  // A new admin counts as a member.
  create: rolesProcedure.meta({ cache: { changes: ['members'] }, idempotent: true }).input(AdminCreateSchema).mutation(async ({ ctx, input }) => {
    const { age, ...fields } = input;
    const { id } = await createAccount(ctx.db, { ...fields, age: age ?? null, role: 'admin', approvalStatus: 'approved' });
    const account = await findAccount(ctx.db, id);
    ctx.audit.describe(id, `Added ${memberName(account)} as an admin`);
    return toAccount(account);
  }),

  /** Edit Admin: a blank password keeps the current one; `role` promotes or demotes her (never the last admin). */
  // A new name is shown as an author everywhere.
  update: rolesProcedure.meta({ cache: { changes: ALL_AREAS } }).input(AdminUpdateSchema).mutation(async ({ ctx, input }) => {
    const { id, password, age, role: sentRole, ...fields } = input;
    const passwordHash = password ? await hashPassword(password) : undefined;
    return withActiveAdminsLocked(ctx.db, async (tx, activeAdminIds) => {
      const target = await findStaff(tx, id);
      const role = sentRole ?? target.role;
      assertKeepsAnAdmin(activeAdminIds, target, { isAdmin: isAdminRole(role), approved: true });
      await assertEmailFree(tx, input.email, target.id);
      const [row] = await withEmailConflict(() =>
        tx
          .update(users)
          .set({ ...fields, age: age ?? null, role, ...(passwordHash ? { passwordHash } : {}) })
          .where(eq(users.id, id))
          .returning(adminUserColumns),
      );
      if (passwordHash) await endOtherSessions({ db: tx, session: ctx.session }, id);
      ctx.audit.describe(id, `Updated ${possessive(row!)} staff account${passwordHash ? ' and password' : ''}${roleChangeWords(target.role, role)}`);
      return toAccount(row!);
    });
  }),

  setPassword: rolesProcedure.meta({ cache: { changes: [] } }).input(AdminPasswordChangeSchema).mutation(async ({ ctx, input }) => {
    const target = await findStaff(ctx.db, input.id);
    await ctx.db.update(users).set({ passwordHash: await hashPassword(input.password) }).where(eq(users.id, input.id));
    await endOtherSessions(ctx, input.id);
    ctx.audit.describe(target.id, `Set a new password for ${target.role} ${memberName(target)}`);
    return { success: true as const, message: messages.admin.passwordUpdated };
  }),

  /** No confirmation in the UI, but never herself and never the last admin. */
  // Her posts, comments, likes and RSVPs go with her account.
  delete: rolesProcedure.meta({ cache: { changes: ALL_AREAS } }).input(AdminByIdSchema).mutation(({ ctx, input }) =>
    withActiveAdminsLocked(ctx.db, async (tx, activeAdminIds) => {
      const target = await findStaff(tx, input.id);
      assertCanDelete(activeAdminIds, ctx.user.id, target);
      await tx.delete(users).where(eq(users.id, target.id));
      ctx.audit.describe(target.id, `Removed ${possessive(target)} ${target.role} account`);
      return { success: true as const, message: messages.admin.adminDeleted };
    }),
  ),
});
