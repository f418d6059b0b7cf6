import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { twoFactorMessages } from '#shared/two-factor-messages';
import { generateHOTP } from '@oslojs/otp';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secondStepFailures, sessions, totpSecrets, users } from '#db/schema';
import { messages } from '#shared/messages';
import { m } from '#i18n/messages';
import { inLocale } from '#server/i18n';
import { createUser, TEST_PASSWORD, type TestUser } from '#server/test/factories';
import { listProcedures, trpcRequest } from '#server/test/procedures';
import { capturedLog, createTestApp, createTestAppWithMail, sessionCookieFrom, type MailTestApp, type TestApp } from '#server/test/test-app';
import { SoftAuthenticator } from '#server/test/soft-authenticator';
import { normaliseCode } from './two-factor';

const { lines, logger } = capturedLog();
let t: MailTestApp;
beforeAll(async () => {
  t = await createTestAppWithMail({ logger });
});
afterAll(() => t?.close());

const tf = twoFactorMessages;
const STEP_COOKIE = 'sign_in_step';

/** The code her app shows `offset` 30-second steps from now, computed from the secret as the app does. */
function codeFrom(secret: string, offset = 0): string {
  const step = Math.floor(Date.now() / 30_000) + offset;
  return generateHOTP(decodeBase32IgnorePadding(secret.replace(/\s/g, '')), BigInt(step), 6);
}

const cookieNamed = (response: LightMyRequestResponse, name: string) => response.cookies.find((cookie) => cookie.name === name && cookie.value !== '');
const stepCookie = (response: LightMyRequestResponse) => `${STEP_COOKIE}=${cookieNamed(response, STEP_COOKIE)!.value}`;

const passwordStep = (user: TestUser, door: 'site' | 'admin' = 'site', remoteAddress = '127.0.0.1') =>
  t.request({
    method: 'POST',
    url: door === 'site' ? '/api/login' : '/api/admin/login',
    remoteAddress,
    payload: door === 'site' ? { email: user.email, password: user.password, saveLogin: true } : { username: user.email, password: user.password, saveLogin: true },
  } as never);
const secondStep = (cookie: string, code: string, remoteAddress = '127.0.0.1') => t.request({ method: 'POST', url: '/api/auth/mfa', payload: { code }, cookie, remoteAddress } as never);

/** A member (or staff) with her authenticator app on: her session, the secret and her recovery codes. */
async function withTotp(role: 'member' | 'moderator' | 'admin' = 'member', options: { locale?: 'en' | 'ar-EG' } = {}) {
  const { user, cookie } = await t.signInAs(role);
  if (options.locale) await t.db.update(users).set({ locale: options.locale }).where(eq(users.id, user.id));
  const started = await t.request({ method: 'POST', url: '/api/account/mfa/totp', payload: {}, cookie });
  expect(started.statusCode).toBe(200);
  const { secret } = started.json() as { secret: string };
  // The step before now's: now's code is left for her sign-ins (a code is accepted once).
  const confirmed = await t.request({ method: 'POST', url: '/api/account/mfa/totp', payload: { code: codeFrom(secret, -1) }, cookie });
  expect(confirmed.statusCode).toBe(200);
  return { user, cookie, secret, recoveryCodes: (confirmed.json() as { recoveryCodes: string[] }).recoveryCodes };
}

describe('setting up an authenticator app', () => {
  it('answers a QR code and the secret once; a code from the app turns it on with ten recovery codes, ends her other sessions and mails her in her language', async () => {
    const { user, cookie } = await t.signInAs('member');
    await t.db.update(users).set({ locale: 'ar-EG' }).where(eq(users.id, user.id));
    const otherDevice = sessionCookieFrom(await t.request({ method: 'POST', url: '/api/login', payload: { email: user.email, password: user.password } }));

    expect((await t.request({ method: 'GET', url: '/api/account/mfa', cookie })).json()).toEqual({ enabled: false, totp: null, passkeyCount: 0, recoveryCodesLeft: 0 });
    const started = await t.request({ method: 'POST', url: '/api/account/mfa/totp', payload: {}, cookie });
    const setup = started.json() as { secret: string; qrCode: string; uri: string; confirmed: boolean };
    expect(setup.confirmed).toBe(false);
    expect(setup.secret.replace(/\s/g, '')).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(setup.qrCode.split(',')[1]!, 'base64').toString()).toContain('<svg');
    expect(setup.uri).toMatch(/^otpauth:\/\/totp\/Bloom%20Circle:/);
    // Not a factor until she proves her app has it.
    expect((await t.request({ method: 'POST', url: '/api/login', payload: { email: user.email, password: user.password } })).json()).not.toHaveProperty('mfaRequired');

    const wrong = await t.request({ method: 'POST', url: '/api/account/mfa/totp', payload: { code: codeFrom(setup.secret, 5) }, cookie });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: inLocale('ar-EG', () => tf.codeWrong) });

    const confirmed = await t.request({ method: 'POST', url: '/api/account/mfa/totp', payload: { code: codeFrom(setup.secret) }, cookie });
    expect(confirmed.statusCode).toBe(200);
    const { recoveryCodes } = confirmed.json() as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);

    const status = await t.request({ method: 'GET', url: '/api/account/mfa', cookie });
    expect(status.json()).toMatchObject({ enabled: true, passkeyCount: 0, recoveryCodesLeft: 10 });
    // Never again a secret or a code, in any answer.
    for (const answer of [status.body, (await t.request({ method: 'GET', url: '/api/account/export', cookie })).body, (await trpcRequest(t.app, { path: 'auth.session', type: 'query', cookie })).body]) {
      expect(answer).not.toContain(setup.secret.replace(/\s/g, ''));
      for (const code of recoveryCodes) expect(answer).not.toContain(code);
    }
    const exported = (await t.request({ method: 'GET', url: '/api/account/export', cookie })).json();
    expect(exported.twoFactor).toMatchObject({ app: { since: expect.any(String) }, passkeys: [] });
    // Her stored codes are hashes.
    const stored = await t.db.execute(sql`select code_hash from recovery_codes where user_id = ${user.id}`);
    expect(JSON.stringify(stored)).not.toContain(recoveryCodes[0]!.replace('-', ''));

    // The device that set it up stays signed in; the other is signed out.
    expect((await t.request({ method: 'GET', url: '/api/auth/user', cookie })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/auth/user', cookie: otherDevice })).statusCode).toBe(401);

    const [mail] = await t.smtp.waitFor(1, user.email);
    expect(mail!.subject).toBe(inLocale('ar-EG', () => m.security_mail_subject({ siteName: 'Bloom Circle' })));
    expect(mail!.text).toContain(inLocale('ar-EG', () => m.security_mail_totp_on()));

    // A second app needs the first removed.
    expect((await t.request({ method: 'POST', url: '/api/account/mfa/totp', payload: {}, cookie })).json()).toEqual({ message: inLocale('ar-EG', () => tf.totpAlreadyOn) });
  });

  it('refuses a confirmation with no setup started, and bad codes of every shape, changing nothing', async () => {
    const { user, cookie } = await t.signInAs('member');
    expect((await t.request({ method: 'POST', url: '/api/account/mfa/totp', payload: { code: '123456' }, cookie })).json()).toEqual({ message: tf.totpSetupFirst });
    await t.request({ method: 'POST', url: '/api/account/mfa/totp', payload: {}, cookie });
    for (const code of ['', 'x'.repeat(65), 12345, '12345', '1234567', 'abcdef']) {
      const response = await t.request({ method: 'POST', url: '/api/account/mfa/totp', payload: { code }, cookie });
      expect(response.statusCode, String(code)).toBe(400);
      expect(response.json().message).toBeTypeOf('string');
    }
    const [row] = await t.db.select().from(totpSecrets).where(eq(totpSecrets.userId, user.id));
    expect(row!.confirmedAt).toBeNull();
  });

  it('is the same through tRPC', async () => {
    const { cookie } = await t.signInAs('member');
    const started = await trpcRequest(t.app, { path: 'auth.twoFactor.setUpTotp', type: 'mutation', input: {}, cookie });
    const { secret } = started.json().result.data as { secret: string };
    const confirmed = await trpcRequest(t.app, { path: 'auth.twoFactor.setUpTotp', type: 'mutation', input: { code: codeFrom(secret) }, cookie });
    expect(confirmed.json().result.data.recoveryCodes).toHaveLength(10);
    expect((await trpcRequest(t.app, { path: 'auth.twoFactor.status', type: 'query', cookie })).json().result.data.enabled).toBe(true);
  });
});

describe('signing in with a second factor', () => {
  it('answers mfaRequired with no session, then the code from her app starts it; a code is accepted once', async () => {
    const { user, secret } = await withTotp();
    const first = await passwordStep(user);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ mfaRequired: true, message: tf.secondStepNeeded, methods: { totp: true, passkey: false } });
    expect(cookieNamed(first, 'session')).toBeUndefined();
    const pending = cookieNamed(first, STEP_COOKIE)!;
    expect(pending.httpOnly).toBe(true);
    expect(new Date(pending.expires!).getTime() - Date.now()).toBeLessThanOrEqual(10 * 60_000);
    // The pending token is no session.
    expect((await t.request({ method: 'GET', url: '/api/auth/user', cookie: `session=${pending.value}` })).statusCode).toBe(401);

    const code = codeFrom(secret);
    const done = await secondStep(stepCookie(first), code);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ success: true, user: { firstName: user.firstName } });
    const session = sessionCookieFrom(done);
    expect((await t.request({ method: 'GET', url: '/api/auth/user', cookie: session })).statusCode).toBe(200);
    // The pending sign-in is used up.
    expect((await secondStep(stepCookie(first), codeFrom(secret, 1))).json()).toEqual({ message: tf.signInExpired });

    // The same code, seen over her shoulder, opens nothing; the next one does.
    const again = await passwordStep(user);
    expect((await secondStep(stepCookie(again), code)).json()).toEqual({ message: tf.codeWrong });
    expect((await secondStep(stepCookie(again), codeFrom(secret, 1))).statusCode).toBe(200);
  });

  it('starts one session for a code sent twice at once', async () => {
    const { user, secret } = await withTotp();
    const step = stepCookie(await passwordStep(user));
    const code = codeFrom(secret);
    const answers = await Promise.all([secondStep(step, code), secondStep(step, code), secondStep(step, code)]);
    // The others find the code used (401) or the pending sign-in ended (400), whichever came first.
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    for (const status of statuses.filter((status) => status !== 200)) expect([400, 401]).toContain(status);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(2);
  });

  it('reads a code typed with spaces, invisible characters or Arabic-Indic digits', () => {
    expect(normaliseCode('١٢٣ ٤٥٦')).toBe('123456');
    expect(normaliseCode('۱۲۳۴۵۶')).toBe('123456');
    expect(normaliseCode('12\u200b34-56')).toBe('123456');
    expect(normaliseCode(' ABCDE–FGHJK ')).toBe('abcdefghjk');
  });

  it('takes a recovery code once, whatever its case or dashes', async () => {
    const { user, recoveryCodes, cookie } = await withTotp();
    const code = recoveryCodes[3]!;
    const first = await passwordStep(user);
    expect((await secondStep(stepCookie(first), ` ${code.toUpperCase().replace('-', ' ')} `)).statusCode).toBe(200);
    const second = await passwordStep(user);
    expect((await secondStep(stepCookie(second), code)).json()).toEqual({ message: tf.codeWrong });
    expect((await t.request({ method: 'GET', url: '/api/account/mfa', cookie })).json().recoveryCodesLeft).toBe(9);
  });

  it('works at the admin door and through tRPC, and a staff session lasts 12 hours at most', async () => {
    const { user, secret } = await withTotp('moderator');
    const first = await trpcRequest(t.app, { path: 'auth.adminLogin', type: 'mutation', input: { username: user.email, password: user.password, saveLogin: true } });
    expect(first.json().result.data).toMatchObject({ mfaRequired: true });
    expect(cookieNamed(first, 'session')).toBeUndefined();
    const done = await trpcRequest(t.app, { path: 'auth.twoFactor.complete', type: 'mutation', input: { code: codeFrom(secret) }, cookie: stepCookie(first) });
    expect(done.statusCode).toBe(200);
    const session = cookieNamed(done, 'session')!;
    // 'Keep me logged in' was ticked: still 12 hours.
    const twelveHours = 12 * 60 * 60_000;
    expect(new Date(session.expires!).getTime() - Date.now()).toBeLessThanOrEqual(twelveHours);
    const cookie = `session=${session.value}`;
    expect((await t.request({ method: 'GET', url: '/api/admin/reports', cookie })).statusCode).toBe(200);

    // A staff session opened 12 hours ago is over, even one kept alive by use. (The server's
    // session cache drops the row when the database's change notice arrives, a moment after.)
    await t.db.update(sessions).set({ createdAt: new Date(Date.now() - twelveHours - 1000), expiresAt: new Date(Date.now() + twelveHours) }).where(eq(sessions.userId, user.id));
    await expect.poll(async () => (await t.request({ method: 'GET', url: '/api/auth/user', cookie })).statusCode, { interval: 20 }).toBe(401);

    // A member's kept session still lasts 30 days.
    const member = await createUser(t.db);
    const memberSession = cookieNamed(await passwordStep(member), 'session')!;
    expect(new Date(memberSession.expires!).getTime() - Date.now()).toBeGreaterThan(29 * 24 * twelveHours / 12);
  });

  it('refuses the second step without a pending sign-in, or with a made-up one', async () => {
    for (const cookie of [undefined, `${STEP_COOKIE}=${'a'.repeat(32)}`, `${STEP_COOKIE}=../../x`]) {
      const response = await t.request({ method: 'POST', url: '/api/auth/mfa', payload: { code: '123456' }, cookie });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: tf.signInExpired });
    }
    for (const payload of [{}, { code: 5 }, { code: 'x'.repeat(100) }, []]) {
      const response = await t.request({ method: 'POST', url: '/api/auth/mfa', payload: payload as never });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBeTypeOf('string');
    }
  });

  it('leaves the sign-in of an account without a factor as SPEC.md has it', async () => {
    const user = await createUser(t.db);
    const response = await passwordStep(user);
    expect(response.json()).toMatchObject({ success: true, message: messages.login.serverSuccess });
    expect(cookieNamed(response, STEP_COOKIE)).toBeUndefined();
  });
});

describe('wrong codes', () => {
  it('lock the step for 15 minutes after five in a row, per account, whatever the address or pending sign-in; other accounts go on', async () => {
    const [a, b, c] = await Promise.all([withTotp(), withTotp(), withTotp('admin')]);
    const wrong = (secret: string) => codeFrom(secret, 7);
    for (let i = 1; i <= 4; i++) {
      // A new pending sign-in and a new address for each try.
      const step = await passwordStep(a.user, 'site', `10.0.0.${i}`);
      const response = await secondStep(stepCookie(step), wrong(a.secret), `10.0.0.${i}`);
      expect(response.statusCode, `try ${i}`).toBe(401);
      expect(response.json()).toEqual({ message: tf.codeWrong });
    }
    const fifth = await secondStep(stepCookie(await passwordStep(a.user, 'site', '10.0.1.1')), wrong(a.secret), '10.0.1.1');
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json()).toEqual({ message: tf.locked });
    // Even the right code, from elsewhere, through the admin door for staff too.
    const later = await passwordStep(a.user, 'site', '192.168.7.7');
    expect((await secondStep(stepCookie(later), codeFrom(a.secret), '192.168.7.7')).json()).toEqual({ message: tf.locked });
    expect((await secondStep(stepCookie(later), a.recoveryCodes[0]!, '192.168.7.7')).statusCode).toBe(429);

    // The others sign in as usual, even after wrong codes of their own.
    expect((await secondStep(stepCookie(await passwordStep(b.user)), wrong(b.secret))).statusCode).toBe(401);
    expect((await secondStep(stepCookie(await passwordStep(b.user)), codeFrom(b.secret))).statusCode).toBe(200);
    expect((await secondStep(stepCookie(await passwordStep(c.user, 'admin')), codeFrom(c.secret))).statusCode).toBe(200);

    // Fifteen minutes on, her right code works and clears the count.
    await t.db.update(secondStepFailures).set({ lockedUntil: new Date(Date.now() - 1000) }).where(eq(secondStepFailures.userId, a.user.id));
    expect((await secondStep(stepCookie(await passwordStep(a.user)), codeFrom(a.secret, 1))).statusCode).toBe(200);
    const [row] = await t.db.select().from(secondStepFailures).where(eq(secondStepFailures.userId, a.user.id));
    expect(row).toMatchObject({ attempts: 0, lockedUntil: null });
  });

  it('count every guess of a burst sent at once', async () => {
    const { user, secret } = await withTotp();
    const step = stepCookie(await passwordStep(user));
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => secondStep(step, String((Number(codeFrom(secret)) + 1 + i) % 1_000_000).padStart(6, '0'))));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(4);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(8);
  });
});

describe('removing a factor and new recovery codes', () => {
  it('needs her password; afterwards her password alone signs her in, and she is mailed', async () => {
    const { user, cookie } = await withTotp();
    await t.smtp.waitFor(1, user.email);
    for (const payload of [{}, { password: 'Wrong-pass-1' }]) {
      const response = await t.request({ method: 'DELETE', url: '/api/account/mfa/totp', payload, cookie });
      expect(response.statusCode).toBe(400);
    }
    expect((await passwordStep(user)).json()).toMatchObject({ mfaRequired: true });
    const removed = await t.request({ method: 'DELETE', url: '/api/account/mfa/totp', payload: { password: TEST_PASSWORD }, cookie });
    expect(removed.json()).toEqual({ success: true, message: tf.totpOff });
    expect((await t.request({ method: 'GET', url: '/api/account/mfa', cookie })).json()).toEqual({ enabled: false, totp: null, passkeyCount: 0, recoveryCodesLeft: 0 });
    expect((await passwordStep(user)).json()).toMatchObject({ success: true });
    const mails = await t.smtp.waitFor(2, user.email);
    expect(mails[1]!.text).toContain(m.security_mail_totp_off());
    expect((await t.request({ method: 'DELETE', url: '/api/account/mfa/totp', payload: { password: TEST_PASSWORD }, cookie })).json()).toEqual({ message: tf.totpNotOn });
  });

  it('replaces all ten recovery codes with her password; the old ones stop working', async () => {
    const { user, cookie, recoveryCodes } = await withTotp();
    expect((await t.request({ method: 'POST', url: '/api/account/mfa/recovery-codes', payload: { password: 'nope' }, cookie })).statusCode).toBe(400);
    const fresh = await t.request({ method: 'POST', url: '/api/account/mfa/recovery-codes', payload: { password: TEST_PASSWORD }, cookie });
    const codes = (fresh.json() as { recoveryCodes: string[] }).recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(codes).not.toContain(recoveryCodes[0]);
    expect((await secondStep(stepCookie(await passwordStep(user)), recoveryCodes[0]!)).statusCode).toBe(401);
    expect((await secondStep(stepCookie(await passwordStep(user)), codes[0]!)).statusCode).toBe(200);
    // Without a factor there are no codes to make.
    const { cookie: plain } = await t.signInAs('member');
    expect((await t.request({ method: 'POST', url: '/api/account/mfa/recovery-codes', payload: { password: TEST_PASSWORD }, cookie: plain })).statusCode).toBe(409);
  });
});

describe('passkeys', () => {
  it('offers her browser options for the site\'s own address, and refuses an answer that is not a passkey, changing nothing', async () => {
    const { user, cookie } = await t.signInAs('member');
    expect((await t.request({ method: 'GET', url: '/api/account/passkeys', cookie })).json()).toEqual([]);
    // The challenge runs out: an answer without one is told to start again.
    const fake = { id: 'abc', rawId: 'abc', type: 'public-key', response: { clientDataJSON: 'e30', attestationObject: 'oA' }, clientExtensionResults: {} };
    expect((await t.request({ method: 'POST', url: '/api/account/passkeys', payload: { response: fake }, cookie })).json()).toEqual({ message: tf.passkeyStartAgain });

    const options = await t.request({ method: 'POST', url: '/api/account/passkeys/options', cookie });
    expect(options.statusCode).toBe(200);
    expect(options.json()).toMatchObject({ rp: { id: 'localhost', name: 'Bloom Circle' }, user: { name: user.email }, attestation: 'none' });
    expect(options.json().challenge).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    const refused = await t.request({ method: 'POST', url: '/api/account/passkeys', payload: { response: fake, name: 'My phone' }, cookie });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: tf.passkeyFailed });
    for (const payload of [{}, { response: { ...fake, id: 'x'.repeat(5000) } }, { response: { ...fake, type: 'password' } }, { response: fake, name: 'n'.repeat(61) }]) {
      expect((await t.request({ method: 'POST', url: '/api/account/passkeys', payload, cookie })).statusCode).toBe(400);
    }
    expect((await t.request({ method: 'GET', url: '/api/account/mfa', cookie })).json().passkeyCount).toBe(0);
  });

  /** A member with a passkey added through the API from a software authenticator. */
  async function withPasskey() {
    const { user, cookie } = await t.signInAs('member');
    const key = new SoftAuthenticator('http://localhost:3000');
    const options = (await t.request({ method: 'POST', url: '/api/account/passkeys/options', cookie })).json() as { challenge: string };
    const added = await t.request({ method: 'POST', url: '/api/account/passkeys', payload: { response: key.register(options), name: 'Laptop ‮txt.exe' }, cookie });
    expect(added.statusCode, added.body).toBe(200);
    return { user, cookie, key, recoveryCodes: (added.json() as { recoveryCodes: string[] }).recoveryCodes };
  }

  const passkeyStep = async (user: TestUser) => {
    const step = stepCookie(await passwordStep(user));
    const options = await t.request({ method: 'POST', url: '/api/auth/mfa/passkey-options', cookie: step });
    expect(options.statusCode).toBe(200);
    return { step, options: options.json() as { challenge: string; allowCredentials: { id: string }[]; rpId: string } };
  };

  it('adds a passkey her browser made, which then finishes her sign-in; an answer is used once', async () => {
    const { user, cookie, key, recoveryCodes } = await withPasskey();
    expect(recoveryCodes).toHaveLength(10);
    expect((await t.request({ method: 'GET', url: '/api/account/passkeys', cookie })).json()).toEqual([{ id: key.id, name: 'Laptop txt.exe', createdAt: expect.any(String), lastUsedAt: null }]);
    expect((await t.request({ method: 'GET', url: '/api/account/mfa', cookie })).json()).toMatchObject({ enabled: true, totp: null, passkeyCount: 1, recoveryCodesLeft: 10 });
    const [mail] = await t.smtp.waitFor(1, user.email);
    expect(mail!.text).toContain(m.security_mail_passkey_added({ name: 'Laptop txt.exe' }));

    const first = await passwordStep(user);
    expect(first.json()).toMatchObject({ mfaRequired: true, methods: { totp: false, passkey: true } });
    const { step, options } = await passkeyStep(user);
    expect(options).toMatchObject({ rpId: 'localhost', allowCredentials: [{ id: key.id }] });
    const answer = key.assert(options);
    const done = await t.request({ method: 'POST', url: '/api/auth/mfa', payload: { passkey: answer }, cookie: step });
    expect(done.statusCode, done.body).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/auth/user', cookie: sessionCookieFrom(done) })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/account/passkeys', cookie })).json()[0].lastUsedAt).not.toBeNull();

    // The same answer, sent again for a new sign-in, was signed over another challenge.
    const again = await passkeyStep(user);
    expect((await t.request({ method: 'POST', url: '/api/auth/mfa', payload: { passkey: answer }, cookie: again.step })).json()).toEqual({ message: tf.passkeyFailed });
  });

  it('refuses an answer signed for another site, or by another member’s passkey', async () => {
    const { user, key } = await withPasskey();
    const other = await withPasskey();
    const forged = await passkeyStep(user);
    expect((await t.request({ method: 'POST', url: '/api/auth/mfa', payload: { passkey: key.assert(forged.options, { origin: 'https://bloom-circle.example.net' }) }, cookie: forged.step })).statusCode).toBe(401);
    const hers = await passkeyStep(user);
    expect((await t.request({ method: 'POST', url: '/api/auth/mfa', payload: { passkey: other.key.assert(hers.options) }, cookie: hers.step })).statusCode).toBe(401);
    // Without asking for a challenge first, no answer passes.
    const bare = stepCookie(await passwordStep(user));
    expect((await t.request({ method: 'POST', url: '/api/auth/mfa', payload: { passkey: key.assert({ challenge: 'bm90LWEtY2hhbGxlbmdl' }) }, cookie: bare })).statusCode).toBe(401);
    const [row] = await t.db.select().from(secondStepFailures).where(eq(secondStepFailures.userId, user.id));
    expect(row!.attempts).toBe(3);
    // Her own passkey still works, and clears the count.
    const right = await passkeyStep(user);
    expect((await t.request({ method: 'POST', url: '/api/auth/mfa', payload: { passkey: key.assert(right.options) }, cookie: right.step })).statusCode).toBe(200);
  });

  it('removes a passkey with her password; with her last factor gone her codes go and her password alone signs her in', async () => {
    const { user, cookie, key } = await withPasskey();
    const otherDevice = sessionCookieFrom(await secondStep(stepCookie(await passwordStep(user)), (await withPasskeyCodes(cookie))[0]!));
    expect((await t.request({ method: 'DELETE', url: `/api/account/passkeys/${key.id}`, payload: { password: 'wrong' }, cookie })).statusCode).toBe(400);
    const removed = await t.request({ method: 'DELETE', url: `/api/account/passkeys/${key.id}`, payload: { password: TEST_PASSWORD }, cookie });
    expect(removed.json()).toEqual({ success: true, message: tf.passkeyRemoved });
    expect((await t.request({ method: 'GET', url: '/api/account/mfa', cookie })).json()).toEqual({ enabled: false, totp: null, passkeyCount: 0, recoveryCodesLeft: 0 });
    expect((await t.request({ method: 'GET', url: '/api/auth/user', cookie: otherDevice })).statusCode).toBe(401);
    expect((await passwordStep(user)).json()).toMatchObject({ success: true });
  });

  /** Ten new recovery codes for the signed-in member. */
  async function withPasskeyCodes(cookie: string) {
    return ((await t.request({ method: 'POST', url: '/api/account/mfa/recovery-codes', payload: { password: TEST_PASSWORD }, cookie })).json() as { recoveryCodes: string[] }).recoveryCodes;
  }

  it('removes only her own passkey, with her password', async () => {
    const { cookie } = await t.signInAs('member');
    expect((await t.request({ method: 'DELETE', url: '/api/account/passkeys/abc', payload: { password: 'wrong' }, cookie })).statusCode).toBe(400);
    const missing = await t.request({ method: 'DELETE', url: '/api/account/passkeys/abc', payload: { password: TEST_PASSWORD }, cookie });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: tf.passkeyNotFound });
  });

  it('as a second step: options only for a pending sign-in with a passkey; a forged answer counts as a wrong try', async () => {
    expect((await t.request({ method: 'POST', url: '/api/auth/mfa/passkey-options' })).json()).toEqual({ message: tf.signInExpired });
    const { user } = await withTotp();
    const step = stepCookie(await passwordStep(user));
    expect((await t.request({ method: 'POST', url: '/api/auth/mfa/passkey-options', cookie: step })).json()).toEqual({ message: tf.passkeyNone });
    const forged = { id: 'abc', rawId: 'abc', type: 'public-key', response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' }, clientExtensionResults: {} };
    const answer = await t.request({ method: 'POST', url: '/api/auth/mfa', payload: { passkey: forged }, cookie: step });
    expect(answer.statusCode).toBe(401);
    expect(answer.json()).toEqual({ message: tf.passkeyFailed });
    const [row] = await t.db.select().from(secondStepFailures).where(eq(secondStepFailures.userId, user.id));
    expect(row!.attempts).toBe(1);
  });
});

describe('secrets', () => {
  it('never reach the log: not the secret, the codes, nor the pending sign-in token', async () => {
    const { user, secret, recoveryCodes } = await withTotp();
    const step = await passwordStep(user);
    await secondStep(stepCookie(step), recoveryCodes[1]!);
    const log = lines.join('\n');
    expect(log).toContain('/api/auth/mfa');
    expect(log).not.toContain(secret.replace(/\s/g, ''));
    expect(log).not.toContain(cookieNamed(step, STEP_COOKIE)!.value);
    for (const code of recoveryCodes) expect(log).not.toContain(code);
  });
});

describe('STAFF_MFA=required', () => {
  let strict: TestApp;
  beforeAll(async () => {
    strict = await createTestApp({ env: { STAFF_MFA: 'required' } });
  });
  afterAll(() => strict.close());

  it('answers every staff call 403 until she has a factor, on both APIs; members keep their own answers', async () => {
    const moderator = await strict.signInAs('moderator');
    const admin = await strict.signInAs('admin');
    const member = await strict.signInAs('member');
    const staffCalls = listProcedures().filter((procedure) => procedure.access === 'staff');
    expect(staffCalls.length).toBeGreaterThan(40);
    for (const procedure of staffCalls) {
      for (const staff of [moderator, admin]) {
        const response =
          procedure.type === 'query'
            ? await strict.request({ method: 'GET', url: `/trpc/${procedure.path}`, cookie: staff.cookie })
            : await strict.request({ method: 'POST', url: `/trpc/${procedure.path}`, payload: {}, cookie: staff.cookie });
        if (procedure.permission && (staff === admin || response.json().error.message !== messages.access.adminRequired)) {
          expect(response.statusCode, procedure.path).toBe(403);
          expect(response.json().error.message, procedure.path).toBe(tf.staffRequired);
        }
      }
    }
    expect((await strict.request({ method: 'GET', url: '/api/admin/reports', cookie: moderator.cookie })).json()).toEqual({ message: tf.staffRequired });
    expect((await strict.request({ method: 'POST', url: '/api/uploads', cookie: admin.cookie })).json()).toEqual({ message: tf.staffRequired });
    expect((await strict.request({ method: 'GET', url: '/api/admin/reports', cookie: member.cookie })).json()).toEqual({ message: messages.access.adminRequired });
    const session = await trpcRequest(strict.app, { path: 'auth.session', type: 'query', cookie: moderator.cookie });
    expect(session.json().result.data).toMatchObject({ secondFactor: false, mustSetUpSecondFactor: true });

    // Her own settings stay open, so she can set one up; then the panel answers.
    const started = await strict.request({ method: 'POST', url: '/api/account/mfa/totp', payload: {}, cookie: moderator.cookie });
    const code = codeFrom((started.json() as { secret: string }).secret);
    expect((await strict.request({ method: 'POST', url: '/api/account/mfa/totp', payload: { code }, cookie: moderator.cookie })).statusCode).toBe(200);
    expect((await strict.request({ method: 'GET', url: '/api/admin/reports', cookie: moderator.cookie })).statusCode).toBe(200);
    const after = await trpcRequest(strict.app, { path: 'auth.session', type: 'query', cookie: moderator.cookie });
    expect(after.json().result.data).toMatchObject({ secondFactor: true, mustSetUpSecondFactor: false });
  });

  it('holds deleting a member’s post or comment through the members’ paths too; her own stay hers to delete', async () => {
    const moderator = await strict.signInAs('moderator');
    const member = await strict.signInAs('member');
    const post = (await strict.request({ method: 'POST', url: '/api/forum/posts', payload: { title: 'A walk by the river', content: 'Who wants to walk by the river on Friday?', category: 'general' }, cookie: member.cookie })).json() as { id: number };
    const comment = (await strict.request({ method: 'POST', url: `/api/forum/posts/${post.id}/comments`, payload: { content: 'Count me in for Friday!' }, cookie: member.cookie })).json() as { id: number };
    for (const url of [`/api/comments/forum/${comment.id}`, `/api/forum/posts/${post.id}`]) {
      const refused = await strict.request({ method: 'DELETE', url, cookie: moderator.cookie });
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json()).toEqual({ message: tf.staffRequired });
    }
    expect((await strict.request({ method: 'GET', url: `/api/forum/posts/${post.id}/comments`, cookie: member.cookie })).json()).toMatchObject([{ id: comment.id }]);
    const own = (await strict.request({ method: 'POST', url: '/api/forum/posts', payload: { title: 'My own question', content: 'A question of my own for the moderators.', category: 'general' }, cookie: moderator.cookie })).json() as { id: number };
    expect((await strict.request({ method: 'DELETE', url: `/api/forum/posts/${own.id}`, cookie: moderator.cookie })).statusCode).toBe(200);
  });
});
