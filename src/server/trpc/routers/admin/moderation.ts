import { and, eq, inArray, sql } from 'drizzle-orm';
import { auditLog, mailOutbox, users, watchedWords } from '#db/schema';
import { may, PERMISSIONS, roleOf } from '#server/policies';
import { messages } from '#shared/messages';
import { AdminByIdSchema, AdminListSchema } from '#shared/schemas/admin';
import { AuditListSchema, ResolveReportSchema, ReviewItemSchema, ReviewListSchema, WatchedWordIdSchema, WatchedWordSchema } from '#shared/schemas/moderation';
import { reportQueue, resolveReport } from '#server/moderation/reports';
import { approveHeld, approveProfileChange, profileChangeQueue, rejectHeld, rejectProfileChange, reviewQueue } from '#server/moderation/review';
import { adminOverview, waitingWork } from '#server/admin-overview';
import { inPage, type ListOrder, orderBy, pageIds, pageOf } from '#server/domains/paging';
import { conflict, notFound } from '#server/errors';
import { forgetWatchedWords } from '#server/moderation/watched-words';
import { findMemberContent, memberContentWords, memberName, possessive, profileChangeOwner, quoted, reportedItemWords, withOlderEntriesWorded } from '#server/moderation/audit';
import type { ReportAction } from '#shared/moderation';
import { isUniqueViolation } from '#server/services/accounts';
import { router, staffProcedure } from '#server/trpc/init';
import { ALL_AREAS } from '#server/cache-areas';

const m = messages.moderation;

// Each area's permission (src/server/policies.ts): moderation is moderators' and admins', the outbox and overview admins' only.
const watchedWordsProcedure = staffProcedure('manage:watched_words');
const auditProcedure = staffProcedure('read:audit_log:own_permissions');
const reportsProcedure = staffProcedure('work:reports');
const reviewProcedure = staffProcedure('work:review_queue');
const mailProcedure = staffProcedure('read:mail_outbox');
const overviewProcedure = staffProcedure('read:overview');

const watchedWordColumns = { id: watchedWords.id, word: watchedWords.word, action: watchedWords.action, createdAt: watchedWords.createdAt };

/** Watched words: what members may not write (block) or what waits for a moderator (hold). */
export const adminWatchedWordsRouter = router({
  list: watchedWordsProcedure.query(({ ctx }) => ctx.db.select(watchedWordColumns).from(watchedWords).orderBy(sql`lower(${watchedWords.word})`)),

  create: watchedWordsProcedure.meta({ cache: { changes: [] }, idempotent: true }).input(WatchedWordSchema).mutation(async ({ ctx, input }) => {
    try {
      const [row] = await ctx.db
        .insert(watchedWords)
        .values({ ...input, createdBy: ctx.user.id })
        .returning(watchedWordColumns);
      forgetWatchedWords(ctx.db);
      ctx.audit.describe(row!.id, `Added watched word ${quoted(row!.word)} (${row!.action === 'block' ? 'refused' : 'held for review'})`);
      return row!;
    } catch (error) {
      // The same word in any letter case is one entry (a unique index on its lower case).
      if (isUniqueViolation(error)) throw conflict(m.wordTaken);
      throw error;
    }
  }),

  delete: watchedWordsProcedure.meta({ cache: { changes: [] } }).input(WatchedWordIdSchema).mutation(async ({ ctx, input }) => {
    const [row] = await ctx.db.delete(watchedWords).where(eq(watchedWords.id, input.id)).returning({ id: watchedWords.id, word: watchedWords.word });
    if (!row) throw notFound(m.wordNotFound);
    forgetWatchedWords(ctx.db);
    ctx.audit.describe(row.id, `Removed watched word ${quoted(row.word)}`);
    return { success: true as const, message: m.wordRemoved, id: row.id, word: row.word };
  }),
});

/**
 * The audit log, read-only: newest first, filtered by staff member or action, each entry with
 * the role its author had. Admins read all of it; a moderator the entries made under her own
 * permissions (the moderation part), with staff named as members are ("Maya H.").
 */
export const adminAuditRouter = router({
  list: auditProcedure.input(AuditListSchema.optional()).query(async ({ ctx, input }) => {
    const order: ListOrder = { column: auditLog.createdAt, direction: 'desc' };
    const readsAll = may(ctx.user, 'read:audit_log:all');
    const ownPermissions = readsAll ? undefined : inArray(auditLog.permission, [...PERMISSIONS[roleOf(ctx.user)]]);
    const where = and(ownPermissions, input?.adminId ? eq(auditLog.adminId, input.adminId) : undefined, input?.action ? eq(auditLog.action, input.action) : undefined);
    const page = pageIds(ctx.db, auditLog, auditLog.id, where, order, pageOf(input));
    const entries = await ctx.db
      .select({
        id: auditLog.id,
        adminId: auditLog.adminId,
        adminName: auditLog.adminName,
        adminRole: auditLog.adminRole,
        adminFirstName: users.firstName,
        adminLastName: users.lastName,
        action: auditLog.action,
        targetId: auditLog.targetId,
        summary: auditLog.summary,
        details: auditLog.details,
        createdAt: auditLog.createdAt,
      })
      .from(auditLog)
      .innerJoin(page, inPage(page, auditLog.id))
      .leftJoin(users, eq(users.id, auditLog.adminId))
      .orderBy(...orderBy(order, auditLog.id));
    const named = entries.map(({ adminFirstName, adminLastName, ...entry }) => ({
      ...entry,
      // A moderator reads staff by display name; an account since deleted by the first word the log kept.
      adminName: readsAll ? entry.adminName : adminFirstName !== null ? memberName({ firstName: adminFirstName, lastName: adminLastName ?? '' }) : (entry.adminName.split(' ')[0] ?? ''),
    }));
    return withOlderEntriesWorded(ctx.db, named);
  }),
});

/** A report decision's outcome in the audit log's words. */
const REPORT_OUTCOMES: Record<ReportAction, (days: number | undefined) => string> = {
  dismiss: () => 'dismissed, the item stays',
  hide: () => 'hidden',
  delete: () => 'deleted',
  suspend: (days) => `author suspended for ${days === 1 ? '1 day' : `${days} days`}, item hidden`,
};

/** Reported items, grouped, open first; a decision closes all of an item's open reports. */
export const adminReportsRouter = router({
  /** GET /api/admin/reports: `cursor` is the `reportId` of the last item shown. */
  list: reportsProcedure.input(AdminListSchema.optional()).query(({ ctx, input }) => reportQueue(ctx.db, ctx.user, pageOf(input))),
  /** POST /api/admin/reports/{id}/resolve */
  // A decision publishes, hides or deletes a post, comment or listing.
  resolve: reportsProcedure.meta({ cache: { changes: ['podcasts', 'blogs', 'forumPosts', 'listings'] } }).input(ResolveReportSchema).mutation(async ({ ctx, input }) => {
    // Named before the decision, which may delete the item.
    const item = await reportedItemWords(ctx.db, input.id);
    const answer = await resolveReport(ctx.db, ctx.user, input);
    const reportsWord = answer.resolvedReports === 1 ? '1 report' : `${answer.resolvedReports} reports`;
    ctx.audit.describe(input.id, `Resolved ${reportsWord} on ${item ?? `${answer.targetType} #${answer.targetId}`}: ${REPORT_OUTCOMES[input.action](input.days)}`);
    return answer;
  }),
});

/** Posts and comments waiting for review (new members' first ones, and `hold` words), and profile changes with `hold` words. */
export const adminReviewRouter = router({
  /** GET /api/admin/moderation: oldest first; `cursor` names the last item shown as `kind:id`. */
  list: reviewProcedure.input(ReviewListSchema.optional()).query(({ ctx, input }) => reviewQueue(ctx.db, ctx.user, pageOf(input))),
  /** POST /api/admin/moderation/{kind}/{id}/approve */
  approve: reviewProcedure.meta({ cache: { changes: ['podcasts', 'blogs', 'forumPosts'] } }).input(ReviewItemSchema).mutation(async ({ ctx, input }) => {
    const item = await findMemberContent(ctx.db, input.kind, input.id);
    const answer = await approveHeld(ctx.db, input.kind, input.id);
    if (item) ctx.audit.describe(input.id, `Approved ${memberContentWords(item)}: published`);
    return answer;
  }),
  /** POST /api/admin/moderation/{kind}/{id}/reject: deletes it. */
  reject: reviewProcedure.meta({ cache: { changes: ['podcasts', 'blogs', 'forumPosts'] } }).input(ReviewItemSchema).mutation(async ({ ctx, input }) => {
    const item = await findMemberContent(ctx.db, input.kind, input.id);
    const answer = await rejectHeld(ctx.db, input.kind, input.id);
    if (item) ctx.audit.describe(input.id, `Rejected ${memberContentWords(item)}: deleted`);
    return answer;
  }),
  /**
   * GET /api/admin/moderation/profiles: profile changes with a `hold` word, oldest first, each
   * with the member as others see her (first name, last initial) and the waiting text;
   * `cursor` is the id of the last change shown.
   */
  profileChanges: reviewProcedure.input(AdminListSchema.optional()).query(({ ctx, input }) => profileChangeQueue(ctx.db, pageOf(input))),
  /** POST /api/admin/moderation/profiles/{id}/approve: applies it to her profile. */
  // A new name is shown as an author everywhere; a rejected change changes nothing.
  approveProfileChange: reviewProcedure.meta({ cache: { changes: ALL_AREAS } }).input(AdminByIdSchema).mutation(async ({ ctx, input }) => {
    const owner = await profileChangeOwner(ctx.db, input.id);
    const answer = await approveProfileChange(ctx.db, input.id);
    if (owner) ctx.audit.describe(input.id, `Approved ${possessive(owner)} profile change: applied`);
    return answer;
  }),
  /** POST /api/admin/moderation/profiles/{id}/reject: drops it; her profile stays as it was. */
  rejectProfileChange: reviewProcedure.meta({ cache: { changes: [] } }).input(AdminByIdSchema).mutation(async ({ ctx, input }) => {
    const owner = await profileChangeOwner(ctx.db, input.id);
    const answer = await rejectProfileChange(ctx.db, input.id);
    if (owner) ctx.audit.describe(input.id, `Rejected ${possessive(owner)} profile change: dropped`);
    return answer;
  }),
  /** The admin panel's badges: where staff's work waits (applications only for those who decide them). */
  waiting: reviewProcedure.query(async ({ ctx }) => {
    const work = await waitingWork(ctx.db);
    return may(ctx.user, 'manage:applications') ? work : { ...work, applications: 0 };
  }),
});

/**
 * The outbox as admins see it: recipient, subject, status and times, newest first. Never a
 * body: a reset or confirmation mail holds a secret link.
 */
export const adminMailRouter = router({
  /** GET /api/admin/mail */
  list: mailProcedure.input(AdminListSchema.optional()).query(({ ctx, input }) => {
    const order: ListOrder = { column: mailOutbox.createdAt, direction: 'desc' };
    const page = pageIds(ctx.db, mailOutbox, mailOutbox.id, undefined, order, pageOf(input));
    return ctx.db
      .select({
        id: mailOutbox.id,
        kind: mailOutbox.kind,
        recipient: mailOutbox.recipient,
        subject: mailOutbox.subject,
        status: mailOutbox.status,
        attempts: mailOutbox.attempts,
        lastError: mailOutbox.lastError,
        createdAt: mailOutbox.createdAt,
        sentAt: mailOutbox.sentAt,
      })
      .from(mailOutbox)
      .innerJoin(page, inPage(page, mailOutbox.id))
      .orderBy(...orderBy(order, mailOutbox.id));
  }),
});

/** The panel's first tab: what waits, and how the community grows and lives, week by week. */
export const adminOverviewRouter = router({
  /** GET /api/admin/overview */
  get: overviewProcedure.query(({ ctx }) => adminOverview(ctx.db)),
});
