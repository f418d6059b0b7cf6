import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { pendingSignIns, recoveryCodes, totpSecrets, users } from '#db/schema';
import { messages } from '#shared/messages';
import { FactorRemovalSchema, RecoveryCodesSchema, SecondStepSchema, TotpSetupSchema } from '#shared/schemas/two-factor';
import { startSignedIn } from '#server/auth/sign-in';
import {
  afterFactorChange,
  findPendingSignIn,
  newRecoveryCodes,
  newTotpSecret,
  normaliseCode,
  secondFactorsOf,
  totpEnrolment,
  underSecondStepLock,
  useTotpCode,
  useTypedCode,
} from '#server/auth/two-factor';
import { badRequest, conflict, unauthorized } from '#server/errors';
import { queueMail } from '#server/mail/outbox';
import { confirmedName, mails, type SecondFactorChange } from '#server/mail/templates';
import type { Db } from '#db/client';
import type { Context } from '../context';
import { memberProcedure, publicProcedure, router } from '../init';
import { assertOwnPassword } from './account';

const t = messages.twoFactor;

/** Her own security stays hers to look after while she is suspended. */
const ownAccountProcedure = memberProcedure.meta({ access: 'member', openWhileSuspended: true });

type SignedIn = Context & { user: NonNullable<Context['user']>; session: NonNullable<Context['session']> };

/**
 * Every change to her factors, in the change's transaction: her other sessions end and she is
 * mailed, in her language, what changed.
 */
async function factorChanged(tx: Db, ctx: SignedIn, change: SecondFactorChange) {
  await afterFactorChange(tx, ctx.user.id, ctx.session.id);
  const [me] = await tx.select({ email: users.email, firstName: users.firstName, locale: users.locale, emailConfirmedAt: users.emailConfirmedAt }).from(users).where(eq(users.id, ctx.user.id));
  await queueMail(tx, mails.secondFactorChanged(ctx.mail.site, me!, confirmedName(me!), change));
}

/** With no factor left, her recovery codes open nothing and go too. */
async function dropCodesWithoutFactor(tx: Db, userId: number) {
  if (!(await secondFactorsOf(tx, userId)).enabled) await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}

export const twoFactorRouter = router({
  /** GET /api/account/mfa: which factors she has and how many recovery codes are left; never a secret. */
  status: memberProcedure.query(async ({ ctx }) => {
    const factors = await secondFactorsOf(ctx.db, ctx.user.id);
    return { enabled: factors.enabled, totp: factors.totp, passkeyCount: factors.passkeyCount, recoveryCodesLeft: factors.recoveryCodesLeft };
  }),

  /**
   * POST /api/account/mfa/totp. Without a code: a new secret for her app (QR code, the secret to
   * type, the otpauth:// address): the one answer that ever holds it. With a code from her app:
   * the app is on; with her first factor come ten recovery codes, shown this once.
   */
  setUpTotp: ownAccountProcedure.meta({ cache: { changes: [] } }).input(TotpSetupSchema).mutation(async ({ ctx, input }) => {
    const [confirmed] = await ctx.db.select({ userId: totpSecrets.userId }).from(totpSecrets).where(and(eq(totpSecrets.userId, ctx.user.id), isNotNull(totpSecrets.confirmedAt)));
    if (confirmed) throw conflict(t.totpAlreadyOn);
    if (input.code === undefined) {
      const secret = newTotpSecret();
      await ctx.db
        .insert(totpSecrets)
        .values({ userId: ctx.user.id, secret })
        .onConflictDoUpdate({ target: totpSecrets.userId, set: { secret, lastUsedStep: 0, createdAt: new Date() }, setWhere: isNull(totpSecrets.confirmedAt) });
      return { confirmed: false as const, ...(await totpEnrolment(ctx.env.SITE_NAME, ctx.user.email, secret)) };
    }
    const code = input.code;
    const recoveryCodes = await ctx.db.transaction(async (tx) => {
      const firstFactor = !(await secondFactorsOf(tx, ctx.user.id)).enabled;
      if (!(await useTotpCode(tx, ctx.user.id, normaliseCode(code), 'unconfirmed'))) {
        const [waiting] = await tx.select({ userId: totpSecrets.userId }).from(totpSecrets).where(eq(totpSecrets.userId, ctx.user.id));
        throw badRequest(waiting ? t.codeWrong : t.totpSetupFirst);
      }
      const codes = firstFactor ? await newRecoveryCodes(tx, ctx.user.id) : null;
      await factorChanged(tx, ctx, { kind: 'totp_on' });
      return codes;
    });
    ctx.mail.sendSoon();
    return { confirmed: true as const, message: t.totpOn, recoveryCodes };
  }),

  /** DELETE /api/account/mfa/totp: with her password. */
  removeTotp: ownAccountProcedure.meta({ cache: { changes: [] } }).input(FactorRemovalSchema).mutation(async ({ ctx, input }) => {
    await assertOwnPassword(ctx, input.password, messages.account.currentPasswordWrong);
    await ctx.db.transaction(async (tx) => {
      const removed = await tx.delete(totpSecrets).where(and(eq(totpSecrets.userId, ctx.user.id), isNotNull(totpSecrets.confirmedAt))).returning({ userId: totpSecrets.userId });
      if (!removed.length) throw badRequest(t.totpNotOn);
      await dropCodesWithoutFactor(tx, ctx.user.id);
      await factorChanged(tx, ctx, { kind: 'totp_off' });
    });
    ctx.mail.sendSoon();
    return { success: true as const, message: t.totpOff };
  }),

  /** POST /api/account/mfa/recovery-codes: ten new codes with her password; the old ones stop working. */
  newRecoveryCodes: ownAccountProcedure.meta({ cache: { changes: [] } }).input(RecoveryCodesSchema).mutation(async ({ ctx, input }) => {
    await assertOwnPassword(ctx, input.password, messages.account.currentPasswordWrong);
    const codes = await ctx.db.transaction(async (tx) => {
      if (!(await secondFactorsOf(tx, ctx.user.id)).enabled) throw conflict(t.recoveryNeedsFactor);
      const fresh = await newRecoveryCodes(tx, ctx.user.id);
      await factorChanged(tx, ctx, { kind: 'recovery_codes' });
      return fresh;
    });
    ctx.mail.sendSoon();
    return { message: t.recoveryNew, recoveryCodes: codes };
  }),

  /**
   * POST /api/auth/mfa: the second step of a sign-in whose password was right (its cookie), by a
   * code from her app or a recovery code. Right: the session starts, as a sign-in without a
   * factor would. Wrong: 401; five wrong in a row lock the step for 15 minutes (429).
   */
  complete: publicProcedure.meta({ cache: { changes: [] } }).input(SecondStepSchema).mutation(async ({ ctx, input }) => {
    const pending = await findPendingSignIn(ctx.db, ctx.secondStepToken);
    if (!pending) {
      ctx.cookies.clearSecondStep();
      throw unauthorized(t.signInExpired);
    }
    if (!('code' in input)) throw badRequest(t.passkeyNone);
    const right = await underSecondStepLock(ctx.db, pending.userId, () => useTypedCode(ctx.db, pending.userId, input.code));
    if (!right) throw unauthorized(t.codeWrong);
    return finishPendingSignIn(ctx, pending.id);
  }),
});

/** Ends the pending sign-in (once: two right answers at once start one session) and starts her session. */
async function finishPendingSignIn(ctx: Context, pendingId: string) {
  const [ended] = await ctx.db.delete(pendingSignIns).where(eq(pendingSignIns.id, pendingId)).returning();
  ctx.cookies.clearSecondStep();
  if (!ended) throw unauthorized(t.signInExpired);
  const [user] = await ctx.db.select().from(users).where(eq(users.id, ended.userId));
  // Her account may have changed in the minutes between the two steps.
  if (!user || user.approvalStatus !== 'approved') throw unauthorized(t.signInExpired);
  return startSignedIn(ctx, user, ended.persistent);
}
