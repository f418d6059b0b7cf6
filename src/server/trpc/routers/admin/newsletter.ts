import { desc, sql } from 'drizzle-orm';
import { newsletterSubscriptions } from '../../../../../db/schema';
import { NewsletterExportSchema } from '../../../../shared/schemas/admin';
import { adminProcedure, router } from '../../init';
import { pageOf } from './page';

/**
 * A cell a spreadsheet can't run: text starting with = + - @ (or a tab/CR) gets a leading
 * quote (OWASP 'CSV Injection'), and every cell is quoted.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

const columns = {
  id: newsletterSubscriptions.id,
  email: newsletterSubscriptions.email,
  frequency: newsletterSubscriptions.frequency,
  createdAt: newsletterSubscriptions.createdAt,
};

export const adminNewsletterRouter = router({
  /** Subscriber count and a page of subscribers; `format: 'csv'` answers the whole list as a file. */
  subscriptions: adminProcedure.input(NewsletterExportSchema.optional()).query(async ({ ctx, input }) => {
    const { limit, offset } = pageOf(input);
    const format = input?.format ?? 'json';
    if (format === 'csv') {
      const rows = await ctx.db.select(columns).from(newsletterSubscriptions).orderBy(desc(newsletterSubscriptions.createdAt));
      const lines = [['email', 'frequency', 'subscribed_at'], ...rows.map((row) => [row.email, row.frequency, row.createdAt.toISOString()])];
      return { format: 'csv' as const, filename: 'newsletter-subscribers.csv', csv: `${lines.map((line) => line.map(csvCell).join(',')).join('\r\n')}\r\n` };
    }
    const [{ total } = { total: 0 }] = await ctx.db.select({ total: sql<number>`count(*)::int` }).from(newsletterSubscriptions);
    const subscribers = await ctx.db
      .select(columns)
      .from(newsletterSubscriptions)
      .orderBy(desc(newsletterSubscriptions.createdAt), desc(newsletterSubscriptions.id))
      .limit(limit)
      .offset(offset);
    return { format: 'json' as const, total, subscribers };
  }),
});
