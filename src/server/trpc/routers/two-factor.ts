import { and, asc, count, eq, isNotNull, isNull } from 'drizzle-orm';
import { twoFactorMessages } from '#shared/two-factor-messages';
import { passkeys, pendingSignIns, recoveryCodes, totpSecrets, users } from '#db/schema';
import { messages } from '#shared/messages';
import { FactorRemovalSchema, PasskeyAddSchema, PasskeyRemoveSchema, RecoveryCodesSchema, SecondStepSchema, TotpSetupSchema } from '#shared/schemas/two-factor';
import { authenticationOptions, MAX_PASSKEYS, registrationOptions, verifyAuthentication, verifyRegistration } from '#server/auth/passkeys';
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
import { badRequest, conflict, notFound, unauthorized } from '#server/errors';
import { queueMail } from '#server/mail/outbox';
import { confirmedName, mails, type SecondFactorChange } from '#server/mail/templates';
import type { Db } from '#db/client';
import { m } from '#i18n/messages';
import type { Context } from '../context';
import { memberProcedure, publicProcedure, router } from '../init';
import { assertOwnPassword } from './account';

const t = twoFactorMessages;

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
    const pending = await pendingOrExpired(ctx);
    const right = await underSecondStepLock(ctx.db, pending.userId, () =>
      'code' in input ? useTypedCode(ctx.db, pending.userId, input.code) : verifyAuthentication(ctx.db, ctx.env, pending, input.passkey),
    );
    if (!right) throw unauthorized('code' in input ? t.codeWrong : t.passkeyFailed);
    return finishPendingSignIn(ctx, pending.id);
  }),

  /** POST /api/auth/mfa/passkey-options: what her browser needs to sign this sign-in with a passkey. */
  passkeySignInOptions: publicProcedure.meta({ cache: { changes: [] } }).mutation(async ({ ctx }) => {
    const pending = await pendingOrExpired(ctx);
    const options = await authenticationOptions(ctx.db, ctx.env, pending);
    if (!options) throw badRequest(t.passkeyNone);
    return options;
  }),

  /** GET /api/account/passkeys: her passkeys by the names she gave them. */
  passkeys: memberProcedure.query(({ ctx }) =>
    ctx.db.select({ id: passkeys.id, name: passkeys.name, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt }).from(passkeys).where(eq(passkeys.userId, ctx.user.id)).orderBy(asc(passkeys.createdAt)),
  ),

  /** POST /api/account/passkeys/options: what her browser needs to make a passkey for the site. */
  passkeyOptions: ownAccountProcedure.meta({ cache: { changes: [] } }).mutation(async ({ ctx }) => {
    await assertRoomForPasskey(ctx.db, ctx.user.id);
    return registrationOptions(ctx.db, ctx.env, ctx.user);
  }),

  /** POST /api/account/passkeys: her browser's new passkey, checked against the challenge it was sent. */
  addPasskey: ownAccountProcedure.meta({ cache: { changes: [] } }).input(PasskeyAddSchema).mutation(async ({ ctx, input }) => {
    await assertRoomForPasskey(ctx.db, ctx.user.id);
    const made = await verifyRegistration(ctx.db, ctx.env, ctx.user.id, input.response);
    if (made === 'expired') throw badRequest(t.passkeyStartAgain);
    if (!made) throw badRequest(t.passkeyFailed);
    const name = input.name || m.security_passkey_default_name();
    const recoveryCodes = await ctx.db.transaction(async (tx) => {
      const firstFactor = !(await secondFactorsOf(tx, ctx.user.id)).enabled;
      const added = await tx
        .insert(passkeys)
        .values({ id: made.credential.id, userId: ctx.user.id, publicKey: made.credential.publicKey, counter: made.credential.counter, transports: made.credential.transports ?? [], name, backedUp: made.credentialBackedUp })
        .onConflictDoNothing()
        .returning({ id: passkeys.id });
      if (!added.length) throw conflict(t.passkeyFailed);
      const codes = firstFactor ? await newRecoveryCodes(tx, ctx.user.id) : null;
      await factorChanged(tx, ctx, { kind: 'passkey_added', name });
      return codes;
    });
    ctx.mail.sendSoon();
    return { message: t.passkeyAdded, recoveryCodes };
  }),

  /** DELETE /api/account/passkeys/{id}: with her password. */
  removePasskey: ownAccountProcedure.meta({ cache: { changes: [] } }).input(PasskeyRemoveSchema).mutation(async ({ ctx, input }) => {
    await assertOwnPassword(ctx, input.password, messages.account.currentPasswordWrong);
    await ctx.db.transaction(async (tx) => {
      const [removed] = await tx.delete(passkeys).where(and(eq(passkeys.id, input.id), eq(passkeys.userId, ctx.user.id))).returning({ name: passkeys.name });
      if (!removed) throw notFound(t.passkeyNotFound);
      await dropCodesWithoutFactor(tx, ctx.user.id);
      await factorChanged(tx, ctx, { kind: 'passkey_removed', name: removed.name });
    });
    ctx.mail.sendSoon();
    return { success: true as const, message: t.passkeyRemoved };
  }),
});

/**
 * The sign-in waiting for its second step, or 400 'enter your password again' (not a 401: the
 * step is open to anyone who just gave a right password, and nothing here is a member's).
 */
async function pendingOrExpired(ctx: Context) {
  const pending = await findPendingSignIn(ctx.db, ctx.secondStepToken);
  if (pending) return pending;
  ctx.cookies.clearSecondStep();
  throw badRequest(t.signInExpired);
}

async function assertRoomForPasskey(db: Db, userId: number) {
  const [row] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
  if ((row?.n ?? 0) >= MAX_PASSKEYS) throw conflict(t.passkeyLimit);
}

/** Ends the pending sign-in (once: two right answers at once start one session) and starts her session. */
async function finishPendingSignIn(ctx: Context, pendingId: string) {
  const [ended] = await ctx.db.delete(pendingSignIns).where(eq(pendingSignIns.id, pendingId)).returning();
  ctx.cookies.clearSecondStep();
  if (!ended) throw badRequest(t.signInExpired);
  const [user] = await ctx.db.select().from(users).where(eq(users.id, ended.userId));
  // Her account may have changed in the minutes between the two steps.
  if (!user || user.approvalStatus !== 'approved') throw badRequest(t.signInExpired);
  return startSignedIn(ctx, user, ended.persistent);
}
