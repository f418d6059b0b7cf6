import { appRouter } from '../../trpc/root';
import { rest } from '../route';
import type { RestRoute } from '../types';

const { auth } = appRouter;

export const authRoutes: RestRoute[] = [
  rest('GET', '/api/auth/user', auth.user),
  rest('POST', '/api/login', auth.login, { from: 'body' }),
  rest('POST', '/api/admin/login', auth.adminLogin, { from: 'body' }),
  rest('POST', '/api/join-request', auth.joinRequest, { from: 'body', status: 201 }),
  rest('POST', '/api/verify-email', auth.confirmEmail, { from: 'body' }),
  rest('POST', '/api/password-reset', auth.account.requestPasswordReset, { from: 'body' }),
  rest('POST', '/api/password-reset/confirm', auth.account.confirmPasswordReset, { from: 'body' }),
  rest('GET', '/api/profile', auth.account.profile),
  rest('PATCH', '/api/profile', auth.account.updateProfile, { from: 'body' }),
  rest('POST', '/api/profile/password', auth.account.changePassword, { from: 'body' }),
  rest('POST', '/api/profile/email', auth.account.requestEmailChange, { from: 'body' }),
  rest('POST', '/api/profile/email/confirm', auth.account.confirmEmailChange, { from: 'body' }),
  rest('GET', '/api/sessions', auth.account.sessions),
  rest('DELETE', '/api/sessions', auth.account.endOtherSessions),
  rest('DELETE', '/api/sessions/:id', auth.account.endSession),
  rest('GET', '/api/newsletter/subscription', auth.account.newsletter),
  rest('PUT', '/api/newsletter/subscription', auth.account.setNewsletter, { from: 'body' }),
  rest('GET', '/api/account/export', auth.account.export, {
    // A file to keep: the browser saves it rather than showing it.
    send: (reply, result) => reply.header('content-disposition', 'attachment; filename="bloom-circle-my-data.json"').send(result),
  }),
  rest('DELETE', '/api/account', auth.account.deleteAccount, { from: 'body' }),
  rest('POST', '/api/logout', auth.logout),
  rest('PUT', '/api/locale', auth.setLocale, { from: 'body' }),
  rest('POST', '/api/admin/logout', auth.adminLogout),
  rest('POST', '/api/auth/mfa', auth.twoFactor.complete, { from: 'body' }),
  rest('GET', '/api/account/mfa', auth.twoFactor.status),
  rest('POST', '/api/account/mfa/totp', auth.twoFactor.setUpTotp, { from: 'body' }),
  rest('DELETE', '/api/account/mfa/totp', auth.twoFactor.removeTotp, { from: 'body' }),
  rest('POST', '/api/account/mfa/recovery-codes', auth.twoFactor.newRecoveryCodes, { from: 'body' }),
  rest('POST', '/api/auth/mfa/passkey-options', auth.twoFactor.passkeySignInOptions),
  rest('GET', '/api/account/passkeys', auth.twoFactor.passkeys),
  rest('POST', '/api/account/passkeys/options', auth.twoFactor.passkeyOptions),
  rest('POST', '/api/account/passkeys', auth.twoFactor.addPasskey, { from: 'body' }),
  rest('DELETE', '/api/account/passkeys/:id', auth.twoFactor.removePasskey, { from: 'body' }),
];
