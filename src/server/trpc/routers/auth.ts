import { eq } from 'drizzle-orm';
import { users } from '../../../../db/schema';
import { messages } from '../../../shared/messages';
import { AdminLoginSchema, JoinRequestSchema, LoginSchema } from '../../../shared/schemas/auth';
import { dummyPasswordHash, verifyPassword } from '../../auth/password';
import { createSession, generateSessionToken, invalidateSession } from '../../auth/session';
import { createAccount, currentUserColumns, findUserByEmail } from '../../services/accounts';
import { forbidden, unauthorized } from '../../errors';
import { assertNoBlockedWords } from '../../moderation/watched-words';
import type { Context } from '../context';
import { memberProcedure, publicProcedure, router } from '../init';

/**
 * Checks the password first and only then the account's state, so a wrong password never
 * tells whether an account exists or is pending.
 * Only wrong passwords count, per address and per account from that address: anyone can type
 * an email, so per account alone they only tighten the rule for addresses that failed, and a
 * stranger's guesses never lock the owner out.
 */
async function signIn(ctx: Context, email: string, password: string, persistent: boolean, requireAdmin: boolean) {
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
  if (requireAdmin && !user.isAdmin) throw forbidden(messages.access.adminRequired);

  // A new token on every sign-in; a session the browser already had is ended.
  if (ctx.session) await invalidateSession(ctx.db, ctx.session.id);
  const token = generateSessionToken();
  const session = await createSession(ctx.db, token, user.id, persistent);
  ctx.cookies.setSession(token, session);
  return { success: true as const, message: messages.login.serverSuccess, user: { firstName: user.firstName, email: user.email } };
}

async function signOut(ctx: Context) {
  if (ctx.session) await invalidateSession(ctx.db, ctx.session.id);
  ctx.cookies.clearSession();
  return { success: true as const };
}

export const authRouter = router({
  /** The signed-in user, or null: what the client's session query reads. */
  session: publicProcedure.query(({ ctx }) => ctx.user),

  /** GET /api/auth/user: the same user, but 401 when signed out. */
  user: memberProcedure.query(async ({ ctx }) => {
    const [user] = await ctx.db.select(currentUserColumns).from(users).where(eq(users.id, ctx.user.id)).limit(1);
    if (!user) throw unauthorized();
    return user;
  }),

  login: publicProcedure.input(LoginSchema).mutation(({ ctx, input }) => signIn(ctx, input.email, input.password, input.saveLogin, false)),

  adminLogin: publicProcedure
    .input(AdminLoginSchema)
    .mutation(({ ctx, input }) => signIn(ctx, input.username, input.password, input.saveLogin, true)),

  joinRequest: publicProcedure.input(JoinRequestSchema).mutation(async ({ ctx, input }) => {
    await ctx.rateLimiter.consume('apply', `ip:${ctx.ip}`, `email:${input.email}`);
    await assertNoBlockedWords(ctx.db, input.firstName, input.lastName, input.interests, input.bio);
    await createAccount(ctx.db, { ...input, approvalStatus: 'pending', isAdmin: false });
    return { message: messages.signup.success(ctx.env.SITE_NAME) };
  }),

  logout: publicProcedure.mutation(({ ctx }) => signOut(ctx)),
  adminLogout: publicProcedure.mutation(({ ctx }) => signOut(ctx)),
});
