import { eq, sql } from 'drizzle-orm';
import type { Db } from '#db/client';
import { newsletterIssues, newsletterSubscriptions } from '#db/schema';
import { AdminByIdSchema, AdminListSchema, NewsletterExportSchema } from '#shared/schemas/admin';
import { NewsletterIssueSchema } from '#shared/schemas/community';
import { inPage, type ListOrder, orderBy, pageIds, pageOf } from '#server/domains/paging';
import { listIssues, sendIssue, sendTestIssue, subscriberCounts } from '#server/newsletter';
import { quoted } from '#server/moderation/audit';
import { recipientKey } from '#server/auth/rate-limit';
import { router, staffProcedure } from '#server/trpc/init';

/** Every call here needs 'manage:newsletter' (src/server/policies.ts). */
const newsletterProcedure = staffProcedure('manage:newsletter');

/**
 * A cell a spreadsheet can't run: text starting with = + - @ (or a tab/CR) gets a leading
 * quote (OWASP 'CSV Injection'), and every cell is quoted.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** An issue's subject, for the audit log's words (the send already proved the issue is there). */
async function issueSubject(db: Db, id: number): Promise<string> {
  const [row] = await db.select({ subject: newsletterIssues.subject }).from(newsletterIssues).where(eq(newsletterIssues.id, id)).limit(1);
  return row?.subject ?? '';
}

const columns = {
  id: newsletterSubscriptions.id,
  email: newsletterSubscriptions.email,
  frequency: newsletterSubscriptions.frequency,
  /** Null until the address opened its confirmation link (double opt-in): such a subscriber gets no issue. */
  confirmedAt: newsletterSubscriptions.confirmedAt,
  createdAt: newsletterSubscriptions.createdAt,
};

export const adminNewsletterRouter = router({
  /** Subscriber count and a page of subscribers, newest first; `format: 'csv'` answers the whole list as a file. */
  subscriptions: newsletterProcedure.input(NewsletterExportSchema.optional()).query(async ({ ctx, input }) => {
    const order: ListOrder = { column: newsletterSubscriptions.createdAt, direction: 'desc' };
    const format = input?.format ?? 'json';
    if (format === 'csv') {
      const rows = await ctx.db.select(columns).from(newsletterSubscriptions).orderBy(...orderBy(order, newsletterSubscriptions.id));
      const lines = [['email', 'frequency', 'subscribed_at', 'confirmed_at'], ...rows.map((row) => [row.email, row.frequency, row.createdAt.toISOString(), row.confirmedAt?.toISOString() ?? ''])];
      return { format: 'csv' as const, filename: 'newsletter-subscribers.csv', csv: `${lines.map((line) => line.map(csvCell).join(',')).join('\r\n')}\r\n` };
    }
    const [{ total } = { total: 0 }] = await ctx.db.select({ total: sql<number>`count(*)::int` }).from(newsletterSubscriptions);
    const page = pageIds(ctx.db, newsletterSubscriptions, newsletterSubscriptions.id, undefined, order, pageOf(input));
    const subscribers = await ctx.db
      .select(columns)
      .from(newsletterSubscriptions)
      .innerJoin(page, inPage(page, newsletterSubscriptions.id))
      .orderBy(...orderBy(order, newsletterSubscriptions.id));
    return { format: 'json' as const, total, subscribers };
  }),

  /** Newsletter issues: written, tested on herself, then sent once to the confirmed subscribers of a frequency. */
  issues: router({
    /** GET /api/admin/newsletter/issues: newest first, each with its queued, sent and failed counts. */
    list: newsletterProcedure.input(AdminListSchema.optional()).query(({ ctx, input }) => listIssues(ctx.db, pageOf(input))),
    /** POST /api/admin/newsletter/issues */
    create: newsletterProcedure.meta({ cache: { changes: ['newsletter'] }, idempotent: true }).input(NewsletterIssueSchema).mutation(async ({ ctx, input }) => {
      const [row] = await ctx.db.insert(newsletterIssues).values({ ...input, createdBy: ctx.user.id }).returning();
      ctx.audit.describe(row!.id, `Wrote newsletter ${quoted(row!.subject)} (${row!.frequency})`);
      return row!;
    }),
    /** POST /api/admin/newsletter/issues/{id}/test: to the admin herself, counted like every mail a call asks for. */
    test: newsletterProcedure.meta({ cache: { changes: ['newsletter'] } }).input(AdminByIdSchema).mutation(async ({ ctx, input }) => {
      const answer = await sendTestIssue(ctx.db, ctx.mail.site, input.id, ctx.user.email, async () => {
        await ctx.rateLimiter.consume('mailSender', `user:${ctx.user.id}`);
        await ctx.rateLimiter.consume('mailRecipient', recipientKey(ctx.user.email));
      });
      ctx.mail.sendSoon();
      ctx.audit.describe(input.id, `Sent a test of newsletter ${quoted(await issueSubject(ctx.db, input.id))} to the admin's own address`);
      return answer;
    }),
    /** POST /api/admin/newsletter/issues/{id}/send */
    send: newsletterProcedure.meta({ cache: { changes: ['newsletter'] }, idempotent: true }).input(AdminByIdSchema).mutation(async ({ ctx, input }) => {
      const answer = await sendIssue(ctx.db, ctx.mail.site, input.id);
      ctx.mail.sendSoon();
      const subscribers = answer.queued === 1 ? '1 subscriber' : `${answer.queued} subscribers`;
      ctx.audit.describe(input.id, `Sent newsletter ${quoted(await issueSubject(ctx.db, input.id))} to ${subscribers}`);
      return answer;
    }),
    /** Who a send would reach, by frequency. */
    audience: newsletterProcedure.query(({ ctx }) => subscriberCounts(ctx.db)),
  }),
});
