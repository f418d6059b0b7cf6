import { and, eq } from 'drizzle-orm';
import { forumPosts } from '#db/schema';
import { messages } from '#shared/messages';
import { MentionQuerySchema, NotificationListSchema, NotificationPreferencesSchema, NotificationReadSchema, NotificationUnsubscribeSchema } from '#shared/schemas/notifications';
import { notFound } from '#server/errors';
import { requireVisibleBlog } from '#server/domains/blogs';
import { requirePodcast } from '#server/domains/podcasts';
import { visibleTo } from '#server/moderation/visibility';
import { listNotifications, markRead } from '#server/notifications/inbox';
import { signalNotified } from '#server/notifications/live';
import { mentionCandidates } from '#server/notifications/mentions';
import { preferencesOf, setPreferences } from '#server/notifications/preferences';
import { unsubscribeFromNotificationMail, unsubscribeLinkPage } from '#server/notifications/mail';
import { memberProcedure, publicProcedure, router } from '#server/trpc/init';

/**
 * Her notifications and the members she may mention. Every answer is hers alone: none
 * declares a shared cache rule, so the read cache never stores one (src/server/cache-areas.ts).
 */
export const notificationsRouter = router({
  /**
   * POST /api/notifications/unsubscribe?token=: a notification mail's one-click unsubscribe
   * (RFC 8058), no session needed: the token turns her mail off for its kinds, once.
   */
  unsubscribe: publicProcedure
    .meta({ cache: { changes: [] } })
    .input(NotificationUnsubscribeSchema)
    .mutation(({ ctx, input }) => unsubscribeFromNotificationMail(ctx.db, input.token)),

  /** GET /api/notifications/unsubscribe?token=: what the link would turn off, changing nothing (a link checker may open it). */
  unsubscribeLink: publicProcedure.input(NotificationUnsubscribeSchema).query(({ ctx, input }) => unsubscribeLinkPage(ctx.db, input.token)),

  /** GET /api/notifications: newest first, a page at a time, with her unread count. */
  list: memberProcedure.meta({ openWhileSuspended: true }).input(NotificationListSchema).query(async ({ ctx, input }) => listNotifications(ctx.db, ctx.user.id, input)),

  /**
   * POST /api/notifications/read: some of hers by id, or all; answers her unread count, which her
   * open streams (her other tabs and devices) receive too. Open while suspended: it is her own inbox.
   */
  read: memberProcedure
    .meta({ cache: { changes: [] }, openWhileSuspended: true })
    .input(NotificationReadSchema)
    .mutation(async ({ ctx, input }) => {
      const answer = await markRead(ctx.db, ctx.user.id, input.ids ? { ids: input.ids } : { all: true });
      await signalNotified(ctx.db, [ctx.user.id]);
      return answer;
    }),

  /** GET /api/notifications/preferences: per kind she may receive, `{site, mail}`. */
  preferences: memberProcedure.meta({ openWhileSuspended: true }).query(async ({ ctx }) => preferencesOf(ctx.db, ctx.user)),

  /** PUT /api/notifications/preferences: the kinds she sends change; answers them all. */
  setPreferences: memberProcedure
    .meta({ cache: { changes: [] }, openWhileSuspended: true })
    .input(NotificationPreferencesSchema)
    .mutation(async ({ ctx, input }) => setPreferences(ctx.db, ctx.user, input)),

  /**
   * GET /api/mentions?thread=forum:12&q=Ze: members who took part in a thread she can see
   * (a thread she can't is the same 404 as a missing one), by display name, never anyone else.
   */
  mentions: memberProcedure.input(MentionQuerySchema).query(async ({ ctx, input }) => {
    const { type, id } = input.thread;
    if (type === 'forum') {
      const [post] = await ctx.db.select({ id: forumPosts.id }).from(forumPosts).where(and(eq(forumPosts.id, id), visibleTo(ctx.user, forumPosts))).limit(1);
      if (!post) throw notFound(messages.forum.notFound);
    } else if (type === 'blog') await requireVisibleBlog(ctx.db, id, ctx.user);
    else await requirePodcast(ctx.db, id);
    return mentionCandidates(ctx.db, ctx.user, { type, id }, input.q, input.limit);
  }),
});
