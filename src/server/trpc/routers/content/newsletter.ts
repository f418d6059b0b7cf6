import { eq, sql } from 'drizzle-orm';
import { newsletterSubscriptions } from '../../../../../db/schema';
import { NewsletterSubscribeSchema } from '../../../../shared/schemas/community';
import { publicProcedure, router } from '../../init';

export const newsletterRouter = router({
  /**
   * POST /api/newsletter/subscriptions. Anyone may subscribe; the same email (any case)
   * again only changes the frequency. Counted per address against abuse.
   */
  subscribe: publicProcedure.input(NewsletterSubscribeSchema).mutation(async ({ ctx, input }) => {
    await ctx.rateLimiter.consume('subscribe', `ip:${ctx.ip}`);
    const answer = { email: newsletterSubscriptions.email, frequency: newsletterSubscriptions.frequency };
    // The unique index is on lower(email), which drizzle can't name as a conflict target:
    // insert if new, else update the existing row.
    const [inserted] = await ctx.db.insert(newsletterSubscriptions).values(input).onConflictDoNothing().returning(answer);
    if (inserted) return inserted;
    const [updated] = await ctx.db
      .update(newsletterSubscriptions)
      .set({ frequency: input.frequency })
      .where(eq(sql`lower(${newsletterSubscriptions.email})`, input.email))
      .returning(answer);
    return updated!;
  }),
});
