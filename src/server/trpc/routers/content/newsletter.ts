import { NewsletterArchiveSchema, NewsletterSubscribeSchema, NewsletterTokenSchema } from '#shared/schemas/community';
import { ByIdSchema } from '#shared/schemas/content';
import { confirmSubscription, listSentIssues, requestSubscription, sentIssue, unsubscribe } from '#server/newsletter';
import { markdownHtml } from '#server/markdown-html';
import { publicProcedure, router } from '#server/trpc/init';
import { recipientKey } from '#server/auth/rate-limit';

export const newsletterRouter = router({
  /**
   * POST /api/newsletter/subscriptions: double opt-in. A confirmation link goes to the address;
   * nothing counts or changes until it is opened. Counted per address against abuse, and with
   * every other mail to that address.
   */
  subscribe: publicProcedure.meta({ cache: { changes: ['newsletter'] }, idempotent: true }).input(NewsletterSubscribeSchema).mutation(async ({ ctx, input }) => {
    await ctx.rateLimiter.consume('subscribe', `ip:${ctx.ip}`, `email:${input.email}`);
    await ctx.rateLimiter.consume('mailRecipient', recipientKey(input.email));
    const answer = await requestSubscription(ctx.db, ctx.mail.site, input.email, input.frequency, ctx.locale);
    ctx.mail.sendSoon();
    return answer;
  }),

  /** POST /api/newsletter/confirm: the link from the confirmation mail. */
  confirm: publicProcedure.meta({ cache: { changes: ['newsletter'] } }).input(NewsletterTokenSchema).mutation(({ ctx, input }) => confirmSubscription(ctx.db, input.token)),

  /** POST /api/newsletter/unsubscribe: one click from any issue, signed in or not (RFC 8058). */
  unsubscribe: publicProcedure.meta({ cache: { changes: ['newsletter'] } }).input(NewsletterTokenSchema).mutation(({ ctx, input }) => unsubscribe(ctx.db, input.token)),

  /** GET /api/newsletter/issues: the archive of sent issues (id, subject, sentAt, excerpt), newest first. */
  issues: publicProcedure.meta({ cache: { shared: true, reads: ['newsletter'] } }).input(NewsletterArchiveSchema).query(({ ctx, input }) => listSentIssues(ctx.db, input)),

  /**
   * GET /api/newsletter/issues/{id}: one sent issue with its markdown, and drawn as HTML for the
   * page that shows it (`markdownHtml`, markdown-html.ts); an unsent one is a 404.
   */
  issue: publicProcedure.meta({ cache: { shared: true, reads: ['newsletter'], item: 'id' } }).input(ByIdSchema).query(async ({ ctx, input }) => {
    const issue = await sentIssue(ctx.db, input.id);
    return { ...issue, markdownHtml: markdownHtml(issue.markdown) };
  }),

  /** The issue as the site's page shows it: drawn as HTML only, its markdown left out (as `blogs.article`). */
  issuePage: publicProcedure.meta({ cache: { shared: true, reads: ['newsletter'], item: 'id' } }).input(ByIdSchema).query(async ({ ctx, input }) => {
    const { markdown, ...issue } = await sentIssue(ctx.db, input.id);
    return { ...issue, markdownHtml: markdownHtml(markdown) };
  }),
});
