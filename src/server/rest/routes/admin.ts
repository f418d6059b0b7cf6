import type { FastifyReply } from 'fastify';
import type { RestRoute, RestRequest } from '../types';

/** Path id plus JSON body: the procedure's schema validates both. */
const withId = (r: RestRequest, key = 'id') => ({ ...(r.body as object), [key]: r.params[key] }) as never;
const id = (r: RestRequest) => ({ id: r.params.id }) as never;

/** A 5 MB cover as a data: URL is about 6.7 MB of base64 (inline covers are stored as uploads). */
const BLOG_BODY_LIMIT = 8 * 1024 * 1024;

/** The newsletter export answers a file when the procedure produced one. */
function sendCsvOrJson(reply: FastifyReply, result: unknown) {
  const answer = result as { format: 'csv'; filename: string; csv: string } | { format: 'json' };
  if (answer.format !== 'csv') return reply.send(answer);
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${answer.filename}"`)
    .send(answer.csv);
}

/**
 * The admin paths. The POST/PATCH/DELETE rows on /api/podcasts,
 * /api/directory, /api/events and /api/blogs are admin procedures too.
 */
export const adminRoutes: RestRoute[] = [
  { method: 'GET', url: '/api/admin/pending-users', call: (c, r) => c.admin.users.pending(r.query as never) },
  { method: 'PATCH', url: '/api/admin/users/:userId/approval', call: (c, r) => c.admin.users.setApproval(withId(r, 'userId')) },
  { method: 'GET', url: '/api/admin/users', call: (c, r) => c.admin.users.list(r.query as never) },
  { method: 'GET', url: '/api/admin/users/count', call: (c, r) => c.admin.users.count(r.query as never) },
  { method: 'PATCH', url: '/api/admin/users/:id', call: (c, r) => c.admin.users.update(withId(r)) },
  { method: 'PATCH', url: '/api/admin/users/:id/password', call: (c, r) => c.admin.users.setPassword(withId(r)) },
  { method: 'DELETE', url: '/api/admin/users/:id', call: (c, r) => c.admin.users.delete(id(r)) },

  { method: 'GET', url: '/api/admin/admins', call: (c, r) => c.admin.admins.list(r.query as never) },
  { method: 'POST', url: '/api/admin/admins', status: 201, call: (c, r) => c.admin.admins.create(r.body as never) },
  { method: 'PATCH', url: '/api/admin/admins/:id', call: (c, r) => c.admin.admins.update(withId(r)) },
  { method: 'PATCH', url: '/api/admin/admins/:id/password', call: (c, r) => c.admin.admins.setPassword(withId(r)) },
  { method: 'DELETE', url: '/api/admin/admins/:id', call: (c, r) => c.admin.admins.delete(id(r)) },

  { method: 'GET', url: '/api/admin/podcasts', call: (c, r) => c.admin.podcasts.list(r.query as never) },
  { method: 'POST', url: '/api/podcasts', status: 201, call: (c, r) => c.admin.podcasts.create(r.body as never) },
  { method: 'PATCH', url: '/api/podcasts/:id', call: (c, r) => c.admin.podcasts.update(withId(r)) },
  { method: 'DELETE', url: '/api/podcasts/:id', call: (c, r) => c.admin.podcasts.delete(id(r)) },

  { method: 'GET', url: '/api/admin/directory', call: (c, r) => c.admin.directory.list(r.query as never) },
  { method: 'POST', url: '/api/directory', status: 201, call: (c, r) => c.admin.directory.create(r.body as never) },
  { method: 'PATCH', url: '/api/directory/:id', call: (c, r) => c.admin.directory.update(withId(r)) },
  { method: 'DELETE', url: '/api/directory/:id', call: (c, r) => c.admin.directory.delete(id(r)) },

  { method: 'GET', url: '/api/admin/events', call: (c, r) => c.admin.events.list(r.query as never) },
  { method: 'POST', url: '/api/events', status: 201, call: (c, r) => c.admin.events.create(r.body as never) },
  { method: 'PATCH', url: '/api/events/:id', call: (c, r) => c.admin.events.update(withId(r)) },
  { method: 'DELETE', url: '/api/events/:id', call: (c, r) => c.admin.events.delete(id(r)) },

  { method: 'GET', url: '/api/admin/blogs', call: (c, r) => c.admin.blogs.list(r.query as never) },
  { method: 'POST', url: '/api/blogs', status: 201, bodyLimit: BLOG_BODY_LIMIT, call: (c, r) => c.admin.blogs.create(r.body as never) },
  { method: 'PATCH', url: '/api/blogs/:id', bodyLimit: BLOG_BODY_LIMIT, call: (c, r) => c.admin.blogs.update(withId(r)) },
  { method: 'DELETE', url: '/api/blogs/:id', call: (c, r) => c.admin.blogs.delete(id(r)) },

  { method: 'GET', url: '/api/admin/forum/posts', call: (c, r) => c.admin.forum.list(r.query as never) },
  { method: 'DELETE', url: '/api/admin/forum/posts/:id', call: (c, r) => c.admin.forum.delete(id(r)) },

  { method: 'GET', url: '/api/admin/places', call: (c, r) => c.admin.places.list(r.query as never) },
  { method: 'POST', url: '/api/admin/places', status: 201, call: (c, r) => c.admin.places.create(r.body as never) },
  { method: 'PATCH', url: '/api/admin/places/:id', call: (c, r) => c.admin.places.update(withId(r)) },
  { method: 'DELETE', url: '/api/admin/places/:id', call: (c, r) => c.admin.places.delete(id(r)) },
  { method: 'GET', url: '/api/admin/places/suggestions', call: (c, r) => c.admin.places.suggestions(r.query as never) },
  { method: 'POST', url: '/api/admin/places/suggestions/:id/approve', status: 201, call: (c, r) => c.admin.places.approve(id(r)) },
  { method: 'POST', url: '/api/admin/places/suggestions/:id/dismiss', call: (c, r) => c.admin.places.dismiss(id(r)) },

  { method: 'GET', url: '/api/admin/newsletter/issues', call: (c, r) => c.admin.newsletter.issues.list(r.query as never) },
  { method: 'POST', url: '/api/admin/newsletter/issues', status: 201, call: (c, r) => c.admin.newsletter.issues.create(r.body as never) },
  { method: 'POST', url: '/api/admin/newsletter/issues/:id/test', call: (c, r) => c.admin.newsletter.issues.test(id(r)) },
  { method: 'POST', url: '/api/admin/newsletter/issues/:id/send', call: (c, r) => c.admin.newsletter.issues.send(id(r)) },
  { method: 'GET', url: '/api/admin/newsletter/subscriptions', call: (c, r) => c.admin.newsletter.subscriptions(r.query as never), send: sendCsvOrJson },

  { method: 'GET', url: '/api/admin/watched-words', call: (c) => c.admin.watchedWords.list() },
  { method: 'POST', url: '/api/admin/watched-words', status: 201, call: (c, r) => c.admin.watchedWords.create(r.body as never) },
  { method: 'DELETE', url: '/api/admin/watched-words/:id', call: (c, r) => c.admin.watchedWords.delete(id(r)) },
  { method: 'POST', url: '/api/admin/users/:id/suspend', call: (c, r) => c.admin.users.suspend(withId(r)) },
  { method: 'DELETE', url: '/api/admin/users/:id/suspension', call: (c, r) => c.admin.users.unsuspend(id(r)) },
  { method: 'GET', url: '/api/admin/reports', call: (c, r) => c.admin.reports.list(r.query as never) },
  { method: 'POST', url: '/api/admin/reports/:id/resolve', call: (c, r) => c.admin.reports.resolve(withId(r)) },
  { method: 'GET', url: '/api/admin/moderation', call: (c, r) => c.admin.moderation.list(r.query as never) },
  { method: 'GET', url: '/api/admin/moderation/waiting', call: (c) => c.admin.moderation.waiting() },
  { method: 'GET', url: '/api/admin/moderation/profiles', call: (c, r) => c.admin.moderation.profileChanges(r.query as never) },
  { method: 'POST', url: '/api/admin/moderation/profiles/:id/approve', call: (c, r) => c.admin.moderation.approveProfileChange({ id: r.params.id } as never) },
  { method: 'POST', url: '/api/admin/moderation/profiles/:id/reject', call: (c, r) => c.admin.moderation.rejectProfileChange({ id: r.params.id } as never) },
  { method: 'POST', url: '/api/admin/moderation/:kind/:id/approve', call: (c, r) => c.admin.moderation.approve({ kind: r.params.kind, id: r.params.id } as never) },
  { method: 'POST', url: '/api/admin/moderation/:kind/:id/reject', call: (c, r) => c.admin.moderation.reject({ kind: r.params.kind, id: r.params.id } as never) },
  { method: 'GET', url: '/api/admin/overview', call: (c) => c.admin.overview.get() },
  { method: 'GET', url: '/api/admin/mail', call: (c, r) => c.admin.mail.list(r.query as never) },
  { method: 'GET', url: '/api/admin/audit', call: (c, r) => c.admin.audit.list(r.query as never) },
];
