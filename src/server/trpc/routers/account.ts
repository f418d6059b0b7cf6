import { m } from '#i18n/messages';
import { and, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  blocks,
  blogComments,
  blogLikes,
  blogs,
  listingLikes,
  listings,
  listingReviews,
  eventRsvps,
  events,
  forumComments,
  forumPostLikes,
  forumPosts,
  memberWeeks,
  newsletterSubscriptions,
  placeSuggestions,
  podcastComments,
  passkeys,
  profileChanges,
  podcastLikes,
  podcasts,
  reports,
  sessions,
  users,
} from '#db/schema';
import { messages } from '#shared/messages';
import { isStaff } from '#server/policies';
import { PROFILE_TEXT_FIELDS, type ProfileChange } from '#shared/moderation';
import {
  AccountDeleteSchema,
  EmailChangeSchema,
  EmailConfirmSchema,
  NewsletterSettingsSchema,
  PasswordChangeSchema,
  PasswordResetCheckSchema,
  PasswordResetConfirmSchema,
  PasswordResetRequestSchema,
  ProfileUpdateSchema,
  SessionIdSchema,
} from '#shared/schemas/account';
import { accountTokenState, consumeAccountToken } from '#server/account/tokens';
import { hashPassword, verifyPassword } from '#server/auth/password';
import { recipientKey } from '#server/auth/rate-limit';
import { invalidateAllSessions } from '#server/auth/session';
import { secondFactorsOf } from '#server/auth/two-factor';
import { badRequest, conflict, notFound } from '#server/errors';
import { queueMail } from '#server/mail/outbox';
import { queueMailJob } from '#server/mail/jobs';
import { confirmedName, mails } from '#server/mail/templates';
import { holdProfileChange, waitingProfileChangeOf } from '#server/moderation/review';
import { screenMemberText } from '#server/moderation/watched-words';
import { memberName } from '#server/moderation/audit';
import { qualified } from '#server/services/content-query';
import { isUniqueViolation } from '#server/services/accounts';
import type { Context } from '../context';
import { memberProcedure, publicProcedure, router } from '../init';
import { isLastActiveAdmin, withActiveAdminsLocked } from './admin/accounts';
import { ALL_AREAS } from '#server/cache-areas';
import { notificationsForExport } from '#server/notifications/inbox';

const a = messages.account;

/** Account care stays open while she is suspended: a suspension stops writing to others, not looking after herself. */
const ownAccountProcedure = memberProcedure.meta({ access: 'member', openWhileSuspended: true });

/** 400 unless the password is hers (every change that could take over the account asks for it). */
export async function assertOwnPassword(ctx: Context & { user: { id: number } }, password: string, message: string) {
  const [row] = await ctx.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, ctx.user.id)).limit(1);
  if (!row || !(await verifyPassword(row.passwordHash, password))) throw badRequest(message);
}

const profileColumns = {
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  bio: users.bio,
  interests: users.interests,
  age: users.age,
  createdAt: users.createdAt,
};

/** Which browser a session was opened from, in a few words ("Firefox on Android"), in the request's language. */
export function describeBrowser(userAgent: string | null): string {
  if (!userAgent) return m.account_browser_unknown();
  // iOS browsers name themselves apart (CriOS, FxiOS, EdgiOS) beside Safari's own token.
  const browser = /Edg\/|EdgiOS\//.test(userAgent)
    ? 'Edge'
    : /OPR\//.test(userAgent)
      ? 'Opera'
      : /Firefox\/|FxiOS\//.test(userAgent)
        ? 'Firefox'
        : /Chrome\/|Chromium\/|CriOS\//.test(userAgent)
          ? 'Chrome'
          : /Safari\//.test(userAgent)
            ? 'Safari'
            : m.account_browser_generic();
  const system = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad|iPod/.test(userAgent)
      ? 'iOS'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : null;
  return system ? m.account_browser_on_system({ browser, system }) : browser;
}

const q = qualified;

/** What a report of hers was about, by its title: a post's, a comment's thread's, a listing's name (members are named apart). */
const reportedTitle = sql<string | null>`case ${q(reports.targetType)}
  when 'forum_post' then (select ${q(forumPosts.title)} from ${forumPosts} where ${q(forumPosts.id)} = ${q(reports.targetId)})
  when 'forum_comment' then (select ${q(forumPosts.title)} from ${forumComments} join ${forumPosts} on ${q(forumPosts.id)} = ${q(forumComments.postId)} where ${q(forumComments.id)} = ${q(reports.targetId)})
  when 'blog_comment' then (select ${q(blogs.title)} from ${blogComments} join ${blogs} on ${q(blogs.id)} = ${q(blogComments.blogId)} where ${q(blogComments.id)} = ${q(reports.targetId)})
  when 'podcast_comment' then (select ${q(podcasts.title)} from ${podcastComments} join ${podcasts} on ${q(podcasts.id)} = ${q(podcastComments.podcastId)} where ${q(podcastComments.id)} = ${q(reports.targetId)})
  when 'listing' then (select ${q(listings.name)} from ${listings} where ${q(listings.id)} = ${q(reports.targetId)})
end`;

/** Her reports of members carry the member's display name ("Zeina F."), nothing more of her. */
async function withReportedMembers<T extends { targetType: string; targetId: number; reportedTitle: string | null }>(db: Context['db'], rows: T[]) {
  const ids = [...new Set(rows.filter((row) => row.targetType === 'member').map((row) => row.targetId))];
  const names = ids.length ? await db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(users).where(inArray(users.id, ids)) : [];
  const nameOf = new Map(names.map((person) => [person.id, memberName(person)]));
  return rows.map(({ reportedTitle: title, ...row }) => ({ ...row, reported: row.targetType === 'member' ? (nameOf.get(row.targetId) ?? null) : title }));
}

/** Her own account: password reset, profile, password, email, devices, newsletter and her data. */
export const accountRouter = router({
  /**
   * POST /api/password-reset: the same answer whether or not the email has an account (our
   * members are 13+: nobody learns who is a member). The same work too: the request only
   * queues a job holding the address, and the mail worker looks the account up and mails an
   * account a link (nothing to an address without one).
   */
  requestPasswordReset: publicProcedure.meta({ cache: { changes: [] } }).input(PasswordResetRequestSchema).mutation(async ({ ctx, input }) => {
    await ctx.rateLimiter.consume('passwordReset', `ip:${ctx.ip}`, `email:${input.email}`);
    await ctx.rateLimiter.consume('mailRecipient', recipientKey(input.email));
    await queueMailJob(ctx.db, 'password_reset_request', input.email, { type: 'password_reset', email: input.email });
    ctx.mail.sendSoon();
    return { success: true as const, message: a.resetRequested };
  }),

  /**
   * The reset page checks its link when it opens, without using it: `usable`, or `used` /
   * `expired` / `unknown` with what to tell her, so she never types a password for a dead link.
   * Counted like the reset itself.
   */
  checkPasswordReset: publicProcedure.input(PasswordResetCheckSchema).query(async ({ ctx, input }) => {
    await ctx.rateLimiter.consume('passwordReset', `ip:${ctx.ip}`);
    const state = await accountTokenState(ctx.db, input.token, 'password_reset');
    const message = { usable: undefined, used: a.linkUsed, expired: a.linkExpired, unknown: a.resetInvalid }[state];
    return { state, message };
  }),

  /** POST /api/password-reset/confirm: sets the new password and ends every session of the account. */
  confirmPasswordReset: publicProcedure.meta({ cache: { changes: [] } }).input(PasswordResetConfirmSchema).mutation(async ({ ctx, input }) => {
    await ctx.rateLimiter.consume('passwordReset', `ip:${ctx.ip}`);
    const passwordHash = await hashPassword(input.password);
    await ctx.db.transaction(async (tx) => {
      const used = await consumeAccountToken(tx, input.token, 'password_reset');
      if (!used) throw badRequest(a.resetInvalid);
      // Opening the mailed link also shows the address is hers.
      await tx.update(users).set({ passwordHash, emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())` }).where(eq(users.id, used.userId));
      await invalidateAllSessions(tx, used.userId);
    });
    return { success: true as const, message: a.passwordChanged };
  }),

  /**
   * GET /api/profile: her own profile, in full (she is the one person who may see all of it),
   * with `waitingChange`: a change of hers that waits for review, or null.
   */
  profile: memberProcedure.query(async ({ ctx }) => {
    const [row] = await ctx.db.select(profileColumns).from(users).where(eq(users.id, ctx.user.id)).limit(1);
    if (!row) throw notFound(messages.admin.userNotFound);
    return { ...row, waitingChange: await waitingProfileChangeOf(ctx.db, ctx.user.id) };
  }),

  /**
   * PATCH /api/profile: the names, bio and interests sent change, the others stay. What she
   * changes passes the watched words like a post (a text she leaves as it was is not judged
   * again): a `block` word refuses the change (400, nothing changes); a `hold` word keeps it
   * for a moderator while her profile shows the old values everywhere. Any new change replaces
   * one that waits. Admins' changes apply at once, as their posts do.
   */
  // A new name is shown as an author everywhere.
  updateProfile: memberProcedure.meta({ cache: { changes: ALL_AREAS } }).input(ProfileUpdateSchema).mutation(async ({ ctx, input }) => {
    const [current] = await ctx.db.select(profileColumns).from(users).where(eq(users.id, ctx.user.id)).limit(1);
    if (!current) throw notFound(messages.admin.userNotFound);
    const changed: ProfileChange = {};
    for (const field of PROFILE_TEXT_FIELDS) {
      const value = input[field];
      if (value !== undefined && value !== current[field]) changed[field] = value;
    }
    const verdict = await screenMemberText(ctx.db, ...Object.values(changed));
    if (verdict === 'hold' && !isStaff(ctx.user)) {
      await holdProfileChange(ctx.db, ctx.user.id, changed);
      return { ...current, waitingChange: changed, message: a.profileWaitsForReview };
    }
    const row = await ctx.db.transaction(async (tx) => {
      // Her row first, as every write to her profile or waiting change locks it (lockMember).
      const [saved] = await tx.update(users).set(input).where(eq(users.id, ctx.user.id)).returning(profileColumns);
      await tx.delete(profileChanges).where(eq(profileChanges.userId, ctx.user.id));
      return saved!;
    });
    return { ...row, waitingChange: null, message: a.profileSaved };
  }),

  /** POST /api/profile/password: her current password first; her other devices are signed out. */
  changePassword: ownAccountProcedure.meta({ cache: { changes: [] } }).input(PasswordChangeSchema).mutation(async ({ ctx, input }) => {
    await assertOwnPassword(ctx, input.currentPassword, a.currentPasswordWrong);
    await ctx.db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash: await hashPassword(input.newPassword) }).where(eq(users.id, ctx.user.id));
      await invalidateAllSessions(tx, ctx.user.id, ctx.session.id);
    });
    return { success: true as const, message: a.passwordUpdated };
  }),

  /**
   * POST /api/profile/email: a link goes to the new address; the email changes once it is opened.
   * An address that belongs to another account gets the same answer, so no member learns who
   * has an account here; its owner is mailed instead, and nothing changes. The request only
   * queues a job (the mail worker looks the address up), so both cost the same.
   */
  requestEmailChange: ownAccountProcedure.meta({ cache: { changes: [] } }).input(EmailChangeSchema).mutation(async ({ ctx, input }) => {
    await assertOwnPassword(ctx, input.password, a.currentPasswordWrong);
    if (input.email === ctx.user.email.toLowerCase()) throw badRequest(a.emailSame);
    await ctx.rateLimiter.consume('mailSender', `user:${ctx.user.id}`);
    await ctx.rateLimiter.consume('mailRecipient', recipientKey(input.email));
    await queueMailJob(ctx.db, 'email_change_request', input.email, { type: 'email_change', userId: ctx.user.id, newEmail: input.email, locale: ctx.locale });
    ctx.mail.sendSoon();
    return { success: true as const, message: a.emailLinkSent(input.email) };
  }),

  /** POST /api/profile/email/confirm: the link from the mail; works signed in or not. Opened again it says so (`already`). */
  confirmEmailChange: publicProcedure.meta({ cache: { changes: [] } }).input(EmailConfirmSchema).mutation(async ({ ctx, input }) => {
    await ctx.rateLimiter.consume('passwordReset', `ip:${ctx.ip}`);
    let changed: boolean;
    try {
      changed = await ctx.db.transaction(async (tx) => {
        const used = await consumeAccountToken(tx, input.token, 'email_change');
        if (!used?.newEmail) {
          if (!used && (await accountTokenState(tx, input.token, 'email_change')) === 'used') return false;
          throw badRequest(a.emailConfirmInvalid);
        }
        const [before] = await tx.select({ email: users.email, firstName: users.firstName, locale: users.locale, emailConfirmedAt: users.emailConfirmedAt }).from(users).where(eq(users.id, used.userId));
        // The link was opened from the new address: it is confirmed hers.
        await tx.update(users).set({ email: used.newEmail, emailConfirmedAt: sql`now()` }).where(eq(users.id, used.userId));
        // Her newsletter follows her to the new address (unless that address has one already).
        await tx
          .update(newsletterSubscriptions)
          .set({ email: used.newEmail })
          .where(
            and(
              eq(sql`lower(${newsletterSubscriptions.email})`, before!.email.toLowerCase()),
              sql`not exists (select 1 from ${newsletterSubscriptions} n where lower(n.email) = ${used.newEmail})`,
            ),
          );
        // The old address hears of it, so a change she didn't make doesn't go unnoticed.
        await queueMail(tx, mails.emailChanged(ctx.mail.site, before!, confirmedName(before!), used.newEmail));
        return true;
      });
      ctx.mail.sendSoon();
    } catch (error) {
      // Someone took the address between the request and the confirmation.
      if (isUniqueViolation(error)) throw conflict(messages.signup.emailTaken);
      throw error;
    }
    if (!changed) return { success: true as const, already: true as const, message: a.linkUsed };
    return { success: true as const, message: a.emailChanged };
  }),

  /** GET /api/sessions: her signed-in devices, this one marked. */
  sessions: memberProcedure.query(async ({ ctx }) => {
    const rows = await ctx.db
      .select({ id: sessions.id, userAgent: sessions.userAgent, createdAt: sessions.createdAt, lastUsedAt: sessions.lastUsedAt })
      .from(sessions)
      .where(eq(sessions.userId, ctx.user.id))
      .orderBy(desc(sessions.lastUsedAt), desc(sessions.createdAt));
    return rows.map(({ userAgent, ...row }) => ({ ...row, browser: describeBrowser(userAgent), current: row.id === ctx.session.id }));
  }),

  /** DELETE /api/sessions/{id}: signs one of her devices out (this one too, if she asks). */
  endSession: ownAccountProcedure.meta({ cache: { changes: [] } }).input(SessionIdSchema).mutation(async ({ ctx, input }) => {
    const [row] = await ctx.db
      .delete(sessions)
      .where(and(eq(sessions.id, input.id), eq(sessions.userId, ctx.user.id)))
      .returning({ id: sessions.id });
    if (!row) throw notFound(a.sessionNotFound);
    if (row.id === ctx.session.id) ctx.cookies.clearSession();
    return { success: true as const, message: a.signedOutDevice };
  }),

  /** DELETE /api/sessions: every other device. */
  endOtherSessions: ownAccountProcedure.meta({ cache: { changes: [] } }).mutation(async ({ ctx }) => {
    await invalidateAllSessions(ctx.db, ctx.user.id, ctx.session.id);
    return { success: true as const, message: a.signedOutOthers };
  }),

  /** GET /api/newsletter/subscription: for her own email only. */
  newsletter: memberProcedure.query(async ({ ctx }) => {
    const [row] = await ctx.db
      .select({ frequency: newsletterSubscriptions.frequency, confirmedAt: newsletterSubscriptions.confirmedAt })
      .from(newsletterSubscriptions)
      .where(eq(sql`lower(${newsletterSubscriptions.email})`, ctx.user.email.toLowerCase()))
      .limit(1);
    return { email: ctx.user.email, subscribed: Boolean(row?.confirmedAt), frequency: row?.frequency ?? 'weekly' };
  }),

  /** PUT /api/newsletter/subscription: subscribe, change the frequency, or unsubscribe her own email. */
  setNewsletter: ownAccountProcedure.meta({ cache: { changes: [] } }).input(NewsletterSettingsSchema).mutation(async ({ ctx, input }) => {
    const email = ctx.user.email.toLowerCase();
    const mine = eq(sql`lower(${newsletterSubscriptions.email})`, email);
    if (!input.subscribed) {
      await ctx.db.delete(newsletterSubscriptions).where(mine);
    } else {
      // Her session confirms her, not the address: one nobody confirmed may be someone else's.
      const [me] = await ctx.db.select({ emailConfirmedAt: users.emailConfirmedAt }).from(users).where(eq(users.id, ctx.user.id));
      if (!me?.emailConfirmedAt) throw conflict(a.newsletterNeedsConfirmedEmail);
      // Her own confirmed address, signed in: no mailed link needed.
      // Issues reach her framed in the language she is using the site in.
      const settings = { frequency: input.frequency, confirmedAt: new Date(), confirmTokenHash: null, pendingFrequency: null, locale: ctx.locale };
      const [inserted] = await ctx.db.insert(newsletterSubscriptions).values({ email, ...settings }).onConflictDoNothing().returning({ id: newsletterSubscriptions.id });
      if (!inserted) await ctx.db.update(newsletterSubscriptions).set(settings).where(mine);
    }
    return { email: ctx.user.email, subscribed: input.subscribed, frequency: input.frequency, message: a.newsletterSaved };
  }),

  /** GET /api/account/export: everything she gave or made, as one JSON document (sessions without their secrets). */
  export: ownAccountProcedure.query(async ({ ctx }) => {
    const id = ctx.user.id;
    const mine = (column: PgColumn) => eq(column, id);
    const [profile] = await ctx.db
      .select({ ...profileColumns, guidelinesVersion: users.guidelinesVersion, guidelinesAcceptedAt: users.guidelinesAcceptedAt })
      .from(users)
      .where(eq(users.id, id));
    // Each item she touched comes with what she would recognise it by: its title or name, an
    // event's date, a blocked or reported member's display name (never her email or last name).
    const [posts, podcastCommentRows, blogCommentRows, forumCommentRows, likes, rsvps, reviews, suggestions, reportRows, blockRows, subscription, sessionRows, weekRows] = await Promise.all([
      ctx.db.select({ id: forumPosts.id, title: forumPosts.title, content: forumPosts.content, category: forumPosts.category, state: forumPosts.state, createdAt: forumPosts.createdAt }).from(forumPosts).where(mine(forumPosts.userId)),
      ctx.db
        .select({ id: podcastComments.id, podcastId: podcastComments.podcastId, podcastTitle: podcasts.title, content: podcastComments.content, createdAt: podcastComments.createdAt })
        .from(podcastComments)
        .leftJoin(podcasts, eq(podcasts.id, podcastComments.podcastId))
        .where(mine(podcastComments.userId)),
      ctx.db
        .select({ id: blogComments.id, blogId: blogComments.blogId, blogTitle: blogs.title, content: blogComments.content, createdAt: blogComments.createdAt })
        .from(blogComments)
        .leftJoin(blogs, eq(blogs.id, blogComments.blogId))
        .where(mine(blogComments.userId)),
      ctx.db
        .select({ id: forumComments.id, postId: forumComments.postId, postTitle: forumPosts.title, content: forumComments.content, createdAt: forumComments.createdAt })
        .from(forumComments)
        .leftJoin(forumPosts, eq(forumPosts.id, forumComments.postId))
        .where(mine(forumComments.userId)),
      Promise.all([
        ctx.db.select({ podcastId: podcastLikes.podcastId, title: podcasts.title, createdAt: podcastLikes.createdAt }).from(podcastLikes).leftJoin(podcasts, eq(podcasts.id, podcastLikes.podcastId)).where(mine(podcastLikes.userId)),
        ctx.db.select({ blogId: blogLikes.blogId, title: blogs.title, createdAt: blogLikes.createdAt }).from(blogLikes).leftJoin(blogs, eq(blogs.id, blogLikes.blogId)).where(mine(blogLikes.userId)),
        ctx.db.select({ postId: forumPostLikes.postId, title: forumPosts.title, createdAt: forumPostLikes.createdAt }).from(forumPostLikes).leftJoin(forumPosts, eq(forumPosts.id, forumPostLikes.postId)).where(mine(forumPostLikes.userId)),
        ctx.db
          .select({ listingId: listingLikes.listingId, name: listings.name, createdAt: listingLikes.createdAt })
          .from(listingLikes)
          .leftJoin(listings, eq(listings.id, listingLikes.listingId))
          .where(mine(listingLikes.userId)),
      ]).then(([podcasts, blogs, forumPostsLiked, listingsLiked]) => ({ podcasts, blogs, forumPosts: forumPostsLiked, listings: listingsLiked })),
      ctx.db
        .select({ eventId: eventRsvps.eventId, eventTitle: events.title, eventDateTime: events.dateTime, status: eventRsvps.status, createdAt: eventRsvps.createdAt })
        .from(eventRsvps)
        .leftJoin(events, eq(events.id, eventRsvps.eventId))
        .where(mine(eventRsvps.userId)),
      ctx.db
        .select({ ...getTableColumns(listingReviews), listingName: listings.name })
        .from(listingReviews)
        .leftJoin(listings, eq(listings.id, listingReviews.listingId))
        .where(mine(listingReviews.userId)),
      ctx.db.select().from(placeSuggestions).where(mine(placeSuggestions.userId)),
      ctx.db
        .select({ targetType: reports.targetType, targetId: reports.targetId, reportedTitle: reportedTitle, reason: reports.reason, details: reports.details, status: reports.status, createdAt: reports.createdAt })
        .from(reports)
        .where(mine(reports.reporterId)),
      ctx.db.select({ userId: blocks.blockedId, firstName: users.firstName, lastName: users.lastName, createdAt: blocks.createdAt }).from(blocks).leftJoin(users, eq(users.id, blocks.blockedId)).where(mine(blocks.blockerId)),
      ctx.db.select({ email: newsletterSubscriptions.email, frequency: newsletterSubscriptions.frequency, createdAt: newsletterSubscriptions.createdAt }).from(newsletterSubscriptions).where(eq(sql`lower(${newsletterSubscriptions.email})`, ctx.user.email.toLowerCase())),
      ctx.db.select({ userAgent: sessions.userAgent, createdAt: sessions.createdAt, lastUsedAt: sessions.lastUsedAt, expiresAt: sessions.expiresAt }).from(sessions).where(mine(sessions.userId)),
      ctx.db.select({ week: memberWeeks.week }).from(memberWeeks).where(mine(memberWeeks.userId)).orderBy(memberWeeks.week),
    ]);
    return {
      exportedAt: new Date(),
      site: ctx.env.SITE_NAME,
      profile: profile!,
      forumPosts: posts,
      comments: { podcasts: podcastCommentRows, blogs: blogCommentRows, forum: forumCommentRows },
      likes,
      rsvps,
      reviews: reviews.map(({ userId: _user, ...review }) => review),
      placeSuggestions: suggestions.map(({ userId: _user, ...suggestion }) => suggestion),
      reports: await withReportedMembers(ctx.db, reportRows),
      blocks: blockRows.map(({ firstName, lastName, ...block }) => ({ ...block, displayName: firstName === null ? null : memberName({ firstName, lastName: lastName ?? '' }) })),
      newsletter: subscription[0] ?? null,
      // A profile change of hers that waits for review, as she wrote it.
      waitingProfileChange: await waitingProfileChangeOf(ctx.db, id),
      sessions: sessionRows,
      // The weeks (their Mondays) she did anything, kept for the admins' count of active members.
      activeWeeks: weekRows.map((row) => row.week),
      notifications: await notificationsForExport(ctx.db, id),
      // Her second factors as her settings show them: never the app's secret or a code.
      twoFactor: {
        app: (await secondFactorsOf(ctx.db, id)).totp,
        passkeys: await ctx.db.select({ name: passkeys.name, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt }).from(passkeys).where(mine(passkeys.userId)),
      },
    };
  }),

  /**
   * DELETE /api/account: with her password, deletes her account as an admin deletion does (her
   * posts, comments, likes and RSVPs go with it). The last admin can't (409).
   */
  // Her posts, comments, likes and RSVPs go with her account.
  deleteAccount: ownAccountProcedure.meta({ cache: { changes: ALL_AREAS } }).input(AccountDeleteSchema).mutation(async ({ ctx, input }) => {
    await assertOwnPassword(ctx, input.password, a.currentPasswordWrong);
    await withActiveAdminsLocked(ctx.db, async (tx, activeAdminIds) => {
      if (isLastActiveAdmin(activeAdminIds, ctx.user.id)) throw conflict(a.lastAdmin);
      await tx.delete(users).where(eq(users.id, ctx.user.id));
    });
    ctx.cookies.clearSession();
    return { success: true as const, message: a.accountDeleted };
  }),
});
