import type { RestRoute } from '../types';

export const authRoutes: RestRoute[] = [
  { method: 'GET', url: '/api/auth/user', call: (c) => c.auth.user() },
  { method: 'POST', url: '/api/login', call: (c, r) => c.auth.login(r.body as never) },
  { method: 'POST', url: '/api/admin/login', call: (c, r) => c.auth.adminLogin(r.body as never) },
  { method: 'POST', url: '/api/join-request', status: 201, call: (c, r) => c.auth.joinRequest(r.body as never) },
  { method: 'POST', url: '/api/logout', call: (c) => c.auth.logout() },
  { method: 'POST', url: '/api/admin/logout', call: (c) => c.auth.adminLogout() },
];
