import type { RestRoute } from '../types';

export const authRoutes: RestRoute[] = [
  { method: 'GET', url: '/api/auth/user', call: (c) => c.auth.user() },
  { method: 'POST', url: '/api/login', call: (c, r) => c.auth.login(r.body as never) },
  { method: 'POST', url: '/api/admin/login', call: (c, r) => c.auth.adminLogin(r.body as never) },
  { method: 'POST', url: '/api/join-request', status: 201, call: (c, r) => c.auth.joinRequest(r.body as never) },
  { method: 'POST', url: '/api/verify-email', call: (c, r) => c.auth.confirmEmail(r.body as never) },
  { method: 'POST', url: '/api/password-reset', call: (c, r) => c.auth.account.requestPasswordReset(r.body as never) },
  { method: 'POST', url: '/api/password-reset/confirm', call: (c, r) => c.auth.account.confirmPasswordReset(r.body as never) },
  { method: 'GET', url: '/api/profile', call: (c) => c.auth.account.profile() },
  { method: 'PATCH', url: '/api/profile', call: (c, r) => c.auth.account.updateProfile(r.body as never) },
  { method: 'POST', url: '/api/profile/password', call: (c, r) => c.auth.account.changePassword(r.body as never) },
  { method: 'POST', url: '/api/profile/email', call: (c, r) => c.auth.account.requestEmailChange(r.body as never) },
  { method: 'POST', url: '/api/profile/email/confirm', call: (c, r) => c.auth.account.confirmEmailChange(r.body as never) },
  { method: 'GET', url: '/api/sessions', call: (c) => c.auth.account.sessions() },
  { method: 'DELETE', url: '/api/sessions', call: (c) => c.auth.account.endOtherSessions() },
  { method: 'DELETE', url: '/api/sessions/:id', call: (c, r) => c.auth.account.endSession({ id: r.params.id } as never) },
  { method: 'GET', url: '/api/newsletter/subscription', call: (c) => c.auth.account.newsletter() },
  { method: 'PUT', url: '/api/newsletter/subscription', call: (c, r) => c.auth.account.setNewsletter(r.body as never) },
  {
    method: 'GET',
    url: '/api/account/export',
    call: (c) => c.auth.account.export(),
    // A file to keep: the browser saves it rather than showing it.
    send: (reply, result) => reply.header('content-disposition', 'attachment; filename="bloom-circle-my-data.json"').send(result),
  },
  { method: 'DELETE', url: '/api/account', call: (c, r) => c.auth.account.deleteAccount(r.body as never) },
  { method: 'POST', url: '/api/logout', call: (c) => c.auth.logout() },
  { method: 'PUT', url: '/api/locale', call: (c, r) => c.auth.setLocale(r.body as never) },
  { method: 'POST', url: '/api/admin/logout', call: (c) => c.auth.adminLogout() },
];
