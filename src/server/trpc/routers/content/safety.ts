import { BlockSchema, ReportSchema } from '#shared/schemas/moderation';
import { PageSchema } from '#shared/schemas/content';
import { pageOf } from '#server/domains/paging';
import { blockMember, myBlocks, unblockMember } from '#server/moderation/blocks';
import { createReport, myReports } from '#server/moderation/reports';
import { memberProcedure, router } from '#server/trpc/init';

/** A member tells the moderators about a post, comment, listing or member; reporting stays open while she is suspended. */
export const reportsRouter = router({
  /** POST /api/reports */
  create: memberProcedure
    .meta({ access: 'member', openWhileSuspended: true, cache: { changes: ['podcasts', 'blogs', 'forumPosts', 'listings'] }, idempotent: true })
    .input(ReportSchema)
    .mutation(({ ctx, input }) => createReport(ctx.db, ctx.user, input)),

  /** GET /api/reports/mine: her own reports, newest first, and whether a moderator has looked at each. */
  mine: memberProcedure.input(PageSchema.optional()).query(({ ctx, input }) => myReports(ctx.db, ctx.user.id, pageOf(input))),
});

/** Her blocks: silent, both ways, site-wide. */
export const blocksRouter = router({
  /** GET /api/blocks */
  list: memberProcedure.query(({ ctx }) => myBlocks(ctx.db, ctx.user.id)),
  /** POST /api/blocks */
  create: memberProcedure.meta({ cache: { changes: [] }, idempotent: true }).input(BlockSchema).mutation(({ ctx, input }) => blockMember(ctx.db, ctx.user.id, input.userId)),
  /** DELETE /api/blocks/{userId} */
  // Blocks change only what the two members see, and those answers are theirs alone.
  delete: memberProcedure.meta({ cache: { changes: [] } }).input(BlockSchema).mutation(({ ctx, input }) => unblockMember(ctx.db, ctx.user.id, input.userId)),
});
