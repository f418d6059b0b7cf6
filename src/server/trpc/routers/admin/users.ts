import { and, eq, sql, type SQL } from 'drizzle-orm';
import { users } from '#db/schema';
import { messages } from '#shared/messages';
import { AdminByIdSchema, AdminListSchema, AdminUserCountSchema, AdminUserListSchema, ApprovalSchema, UserPasswordSchema, UserUpdateSchema } from '#shared/schemas/admin';
import { hashPassword } from '#server/auth/password';
import { afterPosition, type ListOrder, type Page, pageOf } from '#server/domains/paging';
import { qualified, searchCondition, searchKind } from '#server/services/content-query';
import { memberName, possessive } from '#server/moderation/audit';
import { liftSuspension, suspendMember } from '#server/moderation/suspension';
import { SuspendSchema } from '#shared/schemas/moderation';
import { invalidateAllSessions } from '#server/auth/session';
import { queueMail } from '#server/mail/outbox';
import { confirmedName, mails, type MailSite } from '#server/mail/templates';
import type { Db } from '#db/client';
import { router, staffProcedure } from '#server/trpc/init';
import { ALL_AREAS } from '#server/cache-areas';
import {
  adminUserColumns, assertCanDelete, assertEmailFree, assertKeepsAnAdmin, assertMayChangeRole, endOtherSessions, findAccount, newestAccounts, nextRole, roleChangeWords, toAccount, withActiveAdminsLocked, withEmailConflict,
} from './accounts';
import { isAdminRole } from '#server/policies';

/** Applications (Pending Users) and accounts in full are admins'; suspensions are moderators' too. */
const applicationsProcedure = staffProcedure('manage:applications');
const accountsProcedure = staffProcedure('manage:accounts');
const suspensionsProcedure = staffProcedure('suspend:member');

/**
 * First name, last name or email holding the search, by the search rule of every list, through
 * the index of their words: for the '{n} Users' badge, which counts every one.
 */
export const memberSearchFilter = (search: string | undefined) => searchCondition(search, users);

/**
 * Above this many members holding a search, a page walks the list's order and keeps those who
 * hold it; at or below it, the members the word index finds are collected and sorted. A walk
 * reads about limit × members / hits entries of the newest-first index, which holds the words
 * (0039), so it never reads the table; a sort reads every hit from the table, about twenty
 * times the cost of an index entry. The two cost alike near √(limit × members / 20) hits, about
 * 700 for a page of 100 among 100k members; the line is drawn at 50 √limit (500 for a page of
 * 100, 50 for a page of one).
 */
export const commonSearchHits = (limit: number) => Math.ceil(50 * Math.sqrt(limit));

/**
 * One page of the accounts a search finds, newest first, at a cost that follows the page rather
 * than the hits. The planner can't tell a common word from a rare one here (every address is a
 * word of its own, and a word's start has no statistics), so the query looks first. For a search
 * of one word it reads how many members hold a word starting with it (member_search_words, kept
 * by triggers; an upper bound, since a member holding two such words counts twice). Anything
 * else (several words, punctuation) may be in far fewer members than each of its words, so the
 * members it finds are counted through the word index, up to `common` + 1. At or under
 * `common`, the members the word index finds are sorted and the page taken (a rare word: at most
 * `common` rows read). Above it the word is common (for a page of 100, one member in 200 or
 * more), and the page walks the newest-first index, checking each member's words, until it is
 * full (a page of 100 for a name in 2.5% of members reads about 4,000 index entries). Each half
 * runs only when its one-time filter allows.
 */
export function memberSearchPage(search: string, page: Page, common = commonSearchHits(page.limit)): SQL | undefined {
  const found = searchCondition(search, users);
  if (!found) return undefined;
  const order: ListOrder = { column: users.createdAt, direction: 'desc' };
  const keys = (table: SQL) => [sql`${table}.${sql.identifier(users.createdAt.name)}`, sql`${table}.${sql.identifier(users.id.name)}`];
  const hits = sql`${sql.identifier('member_hits')}`;
  const after = (table: SQL) =>
    page.after == null
      ? sql`true`
      : afterPosition(keys(table), sql`(select ${qualified(users.createdAt)}, ${qualified(users.id)} from ${users} where ${qualified(users.id)} = ${page.after} and ${found})`, order.direction);
  // With a cursor the page starts after it; else at the offset.
  const window = page.after == null ? sql`limit ${page.limit} offset ${page.offset}` : sql`limit ${page.limit}`;
  const atMost = sql`${sql.identifier('member_hits_at_most')}`;
  const howMany = searchKind(search) === 'one word'
    ? sql`coalesce(bloom_member_search_hits_at_most(${search}, ${common}), ${common + 1})`
    : sql`(select count(*) from (select 1 from ${hits} limit ${common + 1}) as some_hits)`;
  const counted = sql`(select n from ${atMost})`;
  const inOrder = (table: SQL) => sql.join(keys(table).map((key) => sql`${key} desc`), sql`, `);
  const rare = sql`select ${hits}.id from ${hits} where ${counted} <= ${common} and ${after(hits)} order by ${inOrder(hits)} ${window}`;
  // "is true" keeps the planner off the word index: this half walks the order.
  const walk = sql`select ${qualified(users.id)} from ${users} where (${found}) is true and ${counted} > ${common} and ${after(sql`${users}`)} order by ${inOrder(sql`${users}`)} ${window}`;
  return sql`with ${hits} as materialized (select ${qualified(users.id)}, ${qualified(users.createdAt)} from ${users} where ${found}),
    ${atMost} as materialized (select ${howMany} as n)
    (${rare}) union all (${walk})`;
}

export const adminUsersRouter = router({
  /**
   * Pending Users tab: join requests whose address was confirmed first, then the unconfirmed
   * ones (marked `emailConfirmed: false`), each oldest first; `reason` is her bio; `heldWords`
   * marks an application whose names, bio or interests hold a `hold` watched word.
   */
  pending: applicationsProcedure.input(AdminListSchema.optional()).query(async ({ ctx, input }) => {
    const page = pageOf(input);
    const keys = [sql`(${qualified(users.emailConfirmedAt)} is null)`, qualified(users.createdAt), qualified(users.id)];
    // The keyset rule over the three keys: after the last one shown (a gone one matches nothing).
    const after = page.after != null ? afterPosition(keys, sql`(select shown.email_confirmed_at is null, shown.created_at, shown.id from ${users} as shown where shown.id = ${page.after})`, 'asc') : undefined;
    const ids = ctx.db
      .select({ pageId: users.id })
      .from(users)
      .where(and(eq(users.approvalStatus, 'pending'), after))
      .orderBy(...keys)
      .limit(page.limit);
    const pageRows = (after ? ids : ids.offset(page.offset)).as('page');
    return ctx.db
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        age: users.age,
        interests: users.interests,
        reason: users.bio,
        heldWords: users.applicationHeldWords,
        emailConfirmed: sql<boolean>`${users.emailConfirmedAt} is not null`,
        createdAt: users.createdAt,
      })
      .from(users)
      .innerJoin(pageRows, eq(users.id, pageRows.pageId))
      .orderBy(...keys);
  }),

  /** Community Users tab: every account, newest first, searchable by name or email. */
  list: accountsProcedure.input(AdminUserListSchema.optional()).query(({ ctx, input }) => {
    const page = pageOf(input);
    const searched = input?.search ? memberSearchPage(input.search, page) : undefined;
    // The search gives the page's ids, in order; the accounts are read for those alone.
    if (searched) return newestAccounts(ctx.db, sql`${qualified(users.id)} = any(array(${searched}))`, { limit: page.limit, offset: 0 });
    return newestAccounts(ctx.db, undefined, input);
  }),

  /** The '{n} Users' badge: how many accounts match the search, whatever page is loaded. */
  count: accountsProcedure.input(AdminUserCountSchema.optional()).query(async ({ ctx, input }) => {
    const [row] = await ctx.db.select({ total: sql<number>`count(*)::int` }).from(users).where(memberSearchFilter(input?.search));
    return { total: row?.total ?? 0 };
  }),

  /** Approve or reject an application; a rejected account loses its sessions at once. */
  // An approval changes the members' count.
  setApproval: applicationsProcedure.meta({ cache: { changes: ['members'] } }).input(ApprovalSchema).mutation(async ({ ctx, input }) => {
    const account = await withActiveAdminsLocked(ctx.db, async (tx, activeAdminIds) => {
      const target = await findAccount(tx, input.userId);
      assertKeepsAnAdmin(activeAdminIds, target, { isAdmin: isAdminRole(target.role), approved: input.isApproved });
      const approvalStatus = input.isApproved ? 'approved' : 'rejected';
      await tx.update(users).set({ approvalStatus }).where(eq(users.id, target.id));
      if (!input.isApproved) await invalidateAllSessions(tx, target.id);
      await mailDecision(tx, ctx.mail.site, target, approvalStatus, input.reason || null);
      const what = target.approvalStatus === 'pending' ? 'application' : 'account';
      ctx.audit.describe(target.id, `${input.isApproved ? 'Approved' : 'Rejected'} ${possessive(target)} ${what}`);
      return toAccount({ ...target, approvalStatus });
    });
    ctx.mail.sendSoon();
    return account;
  }),

  /** Edit User: every field of the dialog; isApproved, isAdmin and role included (see nextRole). */
  // A new name is shown as an author everywhere.
  update: accountsProcedure.meta({ cache: { changes: ALL_AREAS } }).input(UserUpdateSchema).mutation(async ({ ctx, input }) => {
    const account = await withActiveAdminsLocked(ctx.db, async (tx, activeAdminIds) => {
      const target = await findAccount(tx, input.id);
      const role = nextRole(target.role, input);
      assertMayChangeRole(ctx.user, target.role, role);
      assertKeepsAnAdmin(activeAdminIds, target, { isAdmin: isAdminRole(role), approved: input.isApproved });
      await assertEmailFree(tx, input.email, target.id);
      const { id, isApproved, age, isAdmin: _isAdmin, role: _role, ...fields } = input;
      // Un-approving keeps a pending applicant pending; otherwise it is a rejection.
      const approvalStatus = isApproved ? 'approved' : target.approvalStatus === 'pending' ? 'pending' : 'rejected';
      const [row] = await withEmailConflict(() =>
        tx
          .update(users)
          .set({ ...fields, age: age ?? null, approvalStatus, role })
          .where(eq(users.id, id))
          .returning(adminUserColumns),
      );
      if (approvalStatus !== 'approved') await invalidateAllSessions(tx, id);
      await mailDecision(tx, ctx.mail.site, { ...target, email: row!.email, firstName: row!.firstName }, approvalStatus, null);
      const outcome = approvalStatus === target.approvalStatus ? '' : ` (${approvalStatus})`;
      ctx.audit.describe(id, `Updated ${possessive(row!)} account${outcome}${roleChangeWords(target.role, role)}`);
      return toAccount(row!);
    });
    ctx.mail.sendSoon();
    return account;
  }),

  /** Change Password; her other sessions end, so an old password holder is signed out. */
  setPassword: accountsProcedure.meta({ cache: { changes: [] } }).input(UserPasswordSchema).mutation(async ({ ctx, input }) => {
    const target = await findAccount(ctx.db, input.id);
    await ctx.db.update(users).set({ passwordHash: await hashPassword(input.password) }).where(eq(users.id, input.id));
    await endOtherSessions(ctx, input.id);
    ctx.audit.describe(target.id, `Set a new password for ${memberName(target)}`);
    return { success: true as const, message: messages.admin.passwordUpdated };
  }),

  /** Suspends a member for some days: she can still sign in and read, but not write. */
  // A suspension changes what she may do, not what anyone reads.
  suspend: suspensionsProcedure.meta({ cache: { changes: [] } }).input(SuspendSchema).mutation(async ({ ctx, input }) => {
    const answer = await suspendMember(ctx.db, ctx.user, input);
    const target = await findAccount(ctx.db, input.id);
    ctx.audit.describe(target.id, `Suspended ${memberName(target)} for ${input.days === 1 ? '1 day' : `${input.days} days`}`);
    return answer;
  }),

  unsuspend: suspensionsProcedure.meta({ cache: { changes: [] } }).input(AdminByIdSchema).mutation(async ({ ctx, input }) => {
    const target = await findAccount(ctx.db, input.id);
    const answer = await liftSuspension(ctx.db, input.id);
    ctx.audit.describe(target.id, `Lifted ${possessive(target)} suspension`);
    return answer;
  }),

  /** Deletes the account and, by cascade, her sessions, likes, comments, RSVPs and posts. */
  // Her posts, comments, likes and RSVPs go with her account.
  delete: accountsProcedure.meta({ cache: { changes: ALL_AREAS } }).input(AdminByIdSchema).mutation(({ ctx, input }) =>
    withActiveAdminsLocked(ctx.db, async (tx, activeAdminIds) => {
      const target = await findAccount(tx, input.id);
      assertCanDelete(activeAdminIds, ctx.user.id, target);
      await tx.delete(users).where(eq(users.id, target.id));
      ctx.audit.describe(target.id, `Deleted ${possessive(target)} account`);
      return { success: true as const, message: messages.admin.userDeleted };
    }),
  ),
});

/**
 * She hears of a decision on her application when it changes her standing (pending or
 * rejected to approved, or to rejected), in the same transaction as the change.
 */
async function mailDecision(
  tx: Db,
  site: MailSite,
  before: { id: number; email: string; firstName: string; approvalStatus: 'pending' | 'approved' | 'rejected' },
  approvalStatus: 'pending' | 'approved' | 'rejected',
  reason: string | null,
) {
  if (approvalStatus === before.approvalStatus || approvalStatus === 'pending') return;
  // In her language: the one she applied in, or chose since.
  const [saved] = await tx.select({ locale: users.locale, emailConfirmedAt: users.emailConfirmedAt }).from(users).where(eq(users.id, before.id));
  const to = { email: before.email, locale: saved?.locale };
  // Her name only to an address shown to be hers (it was typed with the address).
  const name = confirmedName({ firstName: before.firstName, emailConfirmedAt: saved?.emailConfirmedAt ?? null });
  const mail = approvalStatus === 'approved' ? mails.applicationApproved(site, to, name) : mails.applicationRejected(site, to, name, reason);
  await queueMail(tx, mail);
}
