import { eq, sql } from 'drizzle-orm';
import { twoFactorMessages } from '#shared/two-factor-messages';
import { users } from '#db/schema';
import { GUIDELINES_VERSION } from '#shared/guidelines';
import { messages } from '#shared/messages';
import { isStaff } from '#server/policies';
import { currentSession } from '#server/auth/access';
import { AdminLoginSchema, JoinRequestSchema, LoginSchema, SetLocaleSchema } from '#shared/schemas/auth';
import { EmailConfirmSchema } from '#shared/schemas/account';
import { accountTokenState, consumeAccountToken, issueAccountToken } from '#server/account/tokens';
import { recipientKey } from '#server/auth/rate-limit';
import { TRPCError } from '@trpc/server';
import { dummyPasswordHash, hashPassword, verifyPassword } from '#server/auth/password';
import { queueMail } from '#server/mail/outbox';
import { confirmedName, mails } from '#server/mail/templates';
import { invalidateSession } from '#server/auth/session';
import { createAccount, currentUserColumns, findUserByEmail } from '#server/services/accounts';
import { badRequest, forbidden, unauthorized } from '#server/errors';
import { screenMemberText } from '#server/moderation/watched-words';
import type { Context } from '../context';
import { accountRouter } from './account';
import { twoFactorRouter } from './two-factor';
import { secondFactorsOf, startPendingSignIn } from '#server/auth/two-factor';
import { startSignedIn } from '#server/auth/sign-in';
import { memberProcedure, publicProcedure, router } from '../init';

/**
 * Mails the owner of an email someone applied with; hashing as an application does keeps both
 * answers equally slow. Her name is in it only if her address was confirmed (the name was typed
 * with the address), and an applicant still waiting with an unconfirmed address gets a new link.
 */
async function tellOwnerOfKnownEmail(ctx: Context, owner: { id: number; email: string; firstName: string; locale: string | null; approvalStatus: 'pending' | 'approved' | 'rejected'; emailConfirmedAt: Date | null }) {
  await hashPassword(crypto.randomUUID());
  const stillPending = owner.approvalStatus === 'pending';
  await ctx.db.transaction(async (tx) => {
    const confirmToken = stillPending && !owner.emailConfirmedAt ? await issueAccountToken(tx, owner.id, 'email_confirm') : undefined;
    await queueMail(tx, mails.applicationWithKnownEmail(ctx.mail.site, owner, confirmedName(owner), stillPending, confirmToken));
  });
  ctx.mail.sendSoon();
}

const isConflict = (error: unknown) => error instanceof TRPCError && error.code === 'CONFLICT';

/**
 * Checks the password first and only then the account's state, so a wrong password never
 * tells whether an account exists or is pending.
 * Only wrong passwords count, per address and per account from that address: anyone can type
 * an email, so per account alone they only tighten the rule for addresses that failed, and a
 * stranger's guesses never lock the owner out.
 */
async function signIn(ctx: Context, email: string, password: string, persistent: boolean, requireStaff: boolean) {
  const user = await ctx.rateLimiter.limitFailures(
    'signIn',
    // An IP address never holds '|', so the pair's key can't be forged from another pair.
    { keys: [`ip:${ctx.ip}`, `ip+email:${ctx.ip}|${email}`], watch: `email:${email}` },
    async () => {
      const found = await findUserByEmail(ctx.db, email);
      const passwordOk = await verifyPassword(found?.passwordHash ?? (await dummyPasswordHash()), password);
      return found && passwordOk ? found : undefined;
    },
  );
  if (!user) throw unauthorized(messages.login.invalidCredentials);
  if (user.approvalStatus === 'pending') throw forbidden(messages.login.pending);
  if (user.approvalStatus === 'rejected') throw forbidden(messages.login.rejected);
  // The admin sign-in is staff's: moderators and admins.
  if (requireStaff && !isStaff(user)) throw forbidden(messages.access.adminRequired);

  // With a second factor, the password only opens the second step (POST /api/auth/mfa).
  const factors = await secondFactorsOf(ctx.db, user.id);
  if (factors.enabled) {
    const pending = await startPendingSignIn(ctx.db, user.id, persistent);
    ctx.cookies.setSecondStep(pending.token, pending.expiresAt);
    return { mfaRequired: true as const, message: twoFactorMessages.secondStepNeeded, methods: { totp: factors.totp !== null, passkey: factors.passkeyCount > 0 } };
  }
  return startSignedIn(ctx, user, persistent);
}

async function signOut(ctx: Context) {
  if (ctx.session) await invalidateSession(ctx.db, ctx.session.id);
  ctx.cookies.clearSession();
  return { success: true as const };
}

export const authRouter = router({
  /** Her own account: password reset, profile, devices, newsletter, her data. */
  account: accountRouter,
  /** Her second factors, and the second step of a sign-in. */
  twoFactor: twoFactorRouter,
  /** The signed-in user, or null: what the client's session query reads. */
  session: publicProcedure.query(({ ctx }) => currentSession(ctx.user, ctx)),

  /** GET /api/auth/user: the same user, but 401 when signed out. */
  user: memberProcedure.query(async ({ ctx }) => {
    const [user] = await ctx.db.select(currentUserColumns).from(users).where(eq(users.id, ctx.user.id)).limit(1);
    if (!user) throw unauthorized();
    return user;
  }),

  login: publicProcedure.meta({ cache: { changes: [] } }).input(LoginSchema).mutation(({ ctx, input }) => signIn(ctx, input.email, input.password, input.saveLogin, false)),

  adminLogin: publicProcedure
    .meta({ cache: { changes: [] } })
    .input(AdminLoginSchema)
    .mutation(({ ctx, input }) => signIn(ctx, input.username, input.password, input.saveLogin, true)),

  joinRequest: publicProcedure.meta({ cache: { changes: [] }, idempotent: true }).input(JoinRequestSchema).mutation(async ({ ctx, input }) => {
    // The schema lets no application through without the guidelines accepted.
    const { acceptGuidelines: _accepted, ...application } = input;
    await ctx.rateLimiter.consume('apply', `ip:${ctx.ip}`, `email:${application.email}`);
    await ctx.rateLimiter.consume('mailRecipient', recipientKey(application.email));
    // Her names, bio and interests pass the watched words: a `block` word refuses the
    // application; a `hold` word marks it for the admins who decide on it.
    const applicationHeldWords = (await screenMemberText(ctx.db, application.firstName, application.lastName, application.interests, application.bio)) === 'hold';
    const answer = { message: messages.signup.success(ctx.env.SITE_NAME) };
    // No answer tells a stranger whether an email has an account (members are 13+): a known
    // email gets the same answer, creates nothing, and its owner gets a mail instead.
    const known = await findUserByEmail(ctx.db, application.email);
    if (known) {
      await tellOwnerOfKnownEmail(ctx, known);
      return answer;
    }
    try {
      await ctx.db.transaction(async (tx) => {
        const { id } = await createAccount(tx, {
          ...application,
          applicationHeldWords,
          approvalStatus: 'pending',
          role: 'member',
          // The version the site shows now; the form sends none of its own to trust.
          guidelinesVersion: GUIDELINES_VERSION,
          guidelinesAcceptedAt: new Date(),
          // Her decision and later mail come in the language she applied in.
          locale: ctx.locale,
          // Anyone can type any address: it counts as hers once she opens the mailed link.
          emailConfirmedAt: null,
        });
        const token = await issueAccountToken(tx, id, 'email_confirm');
        await queueMail(tx, mails.applicationReceived(ctx.mail.site, { email: application.email.toLowerCase(), locale: ctx.locale }, token));
      });
    } catch (error) {
      // Two applications racing for one email: the second is told the same as the first.
      const owner = isConflict(error) ? await findUserByEmail(ctx.db, application.email) : undefined;
      if (!owner) throw error;
      await tellOwnerOfKnownEmail(ctx, owner);
    }
    ctx.mail.sendSoon();
    return answer;
  }),

  /**
   * POST /api/verify-email: the link in the application mail; her address is confirmed (she
   * may open it signed in or not, before or after approval). Opened again it says so
   * (`already`); an expired or unknown link is a 400.
   */
  confirmEmail: publicProcedure.meta({ cache: { changes: [] } }).input(EmailConfirmSchema).mutation(async ({ ctx, input }) => {
    await ctx.rateLimiter.consume('passwordReset', `ip:${ctx.ip}`);
    const confirmed = await ctx.db.transaction(async (tx) => {
      const used = await consumeAccountToken(tx, input.token, 'email_confirm');
      if (!used) {
        if ((await accountTokenState(tx, input.token, 'email_confirm')) === 'used') return false;
        throw badRequest(messages.account.emailConfirmInvalid);
      }
      await tx.update(users).set({ emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())` }).where(eq(users.id, used.userId));
      return true;
    });
    if (!confirmed) return { success: true as const, already: true as const, message: messages.account.linkUsed };
    return { success: true as const, message: messages.account.emailConfirmed };
  }),

  /**
   * The language switch: kept in the `locale` cookie, and on her account when she is signed
   * in (so it follows her to other devices and her mail is written in it). The page reloads after.
   */
  setLocale: publicProcedure.meta({ cache: { changes: [] } }).input(SetLocaleSchema).mutation(async ({ ctx, input }) => {
    ctx.cookies.setLocale(input.locale);
    if (ctx.user) await ctx.db.update(users).set({ locale: input.locale }).where(eq(users.id, ctx.user.id));
    return { locale: input.locale };
  }),

  logout: publicProcedure.meta({ cache: { changes: [] } }).mutation(({ ctx }) => signOut(ctx)),
  adminLogout: publicProcedure.meta({ cache: { changes: [] } }).mutation(({ ctx }) => signOut(ctx)),
});
