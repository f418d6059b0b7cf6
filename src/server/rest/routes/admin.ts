import type { FastifyReply } from 'fastify';
import type { inferProcedureOutput } from '@trpc/server';
import { appRouter } from '../../trpc/root';
import { rest } from '../route';
import type { RestRoute } from '../types';

const { admin } = appRouter;

/** A 5 MB cover as a data: URL is about 6.7 MB of base64 (inline covers are stored as uploads). */
const BLOG_BODY_LIMIT = 8 * 1024 * 1024;

/** The newsletter export answers a file when the procedure produced one. */
function sendCsvOrJson(reply: FastifyReply, answer: inferProcedureOutput<typeof admin.newsletter.subscriptions>) {
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
  rest('GET', '/api/admin/pending-users', admin.users.pending, { from: 'query', pages: true }),
  rest('PATCH', '/api/admin/users/:userId/approval', admin.users.setApproval, { from: 'body' }),
  rest('GET', '/api/admin/users', admin.users.list, { from: 'query', pages: true }),
  rest('GET', '/api/admin/users/count', admin.users.count, { from: 'query' }),
  rest('GET', '/api/admin/members', admin.members.list, { from: 'query', pages: true }),
  rest('PATCH', '/api/admin/users/:id', admin.users.update, { from: 'body' }),
  rest('PATCH', '/api/admin/users/:id/password', admin.users.setPassword, { from: 'body' }),
  rest('DELETE', '/api/admin/users/:id', admin.users.delete),

  rest('GET', '/api/admin/admins', admin.admins.list, { from: 'query', pages: true }),
  rest('POST', '/api/admin/admins', admin.admins.create, { from: 'body', status: 201 }),
  rest('PATCH', '/api/admin/admins/:id', admin.admins.update, { from: 'body' }),
  rest('PATCH', '/api/admin/admins/:id/password', admin.admins.setPassword, { from: 'body' }),
  rest('DELETE', '/api/admin/admins/:id', admin.admins.delete),

  rest('GET', '/api/admin/podcasts', admin.podcasts.list, { from: 'query', pages: true }),
  rest('POST', '/api/podcasts', admin.podcasts.create, { from: 'body', status: 201 }),
  rest('PATCH', '/api/podcasts/:id', admin.podcasts.update, { from: 'body' }),
  rest('DELETE', '/api/podcasts/:id', admin.podcasts.delete),

  rest('GET', '/api/admin/directory', admin.directory.list, { from: 'query', pages: true }),
  rest('POST', '/api/directory', admin.directory.create, { from: 'body', status: 201 }),
  rest('PATCH', '/api/directory/:id', admin.directory.update, { from: 'body' }),
  rest('DELETE', '/api/directory/:id', admin.directory.delete),

  rest('GET', '/api/admin/events', admin.events.list, { from: 'query', pages: true }),
  rest('POST', '/api/events', admin.events.create, { from: 'body', status: 201 }),
  rest('PATCH', '/api/events/:id', admin.events.update, { from: 'body' }),
  rest('DELETE', '/api/events/:id', admin.events.delete),

  rest('GET', '/api/admin/blogs', admin.blogs.list, { from: 'query', pages: true }),
  rest('POST', '/api/blogs', admin.blogs.create, { from: 'body', status: 201, bodyLimit: BLOG_BODY_LIMIT }),
  rest('PATCH', '/api/blogs/:id', admin.blogs.update, { from: 'body', bodyLimit: BLOG_BODY_LIMIT }),
  rest('DELETE', '/api/blogs/:id', admin.blogs.delete),

  rest('GET', '/api/admin/forum/posts', admin.forum.list, { from: 'query', pages: true }),
  rest('DELETE', '/api/admin/forum/posts/:id', admin.forum.delete),

  rest('GET', '/api/admin/places', admin.places.list, { from: 'query', pages: true }),
  rest('POST', '/api/admin/places', admin.places.create, { from: 'body', status: 201 }),
  rest('PATCH', '/api/admin/places/:id', admin.places.update, { from: 'body' }),
  rest('DELETE', '/api/admin/places/:id', admin.places.delete),
  rest('GET', '/api/admin/places/suggestions', admin.places.suggestions, { from: 'query', pages: true }),
  rest('POST', '/api/admin/places/suggestions/:id/approve', admin.places.approve, { status: 201 }),
  rest('POST', '/api/admin/places/suggestions/:id/dismiss', admin.places.dismiss),

  rest('GET', '/api/admin/newsletter/issues', admin.newsletter.issues.list, { from: 'query', pages: true }),
  rest('POST', '/api/admin/newsletter/issues', admin.newsletter.issues.create, { from: 'body', status: 201 }),
  rest('POST', '/api/admin/newsletter/issues/:id/test', admin.newsletter.issues.test),
  rest('POST', '/api/admin/newsletter/issues/:id/send', admin.newsletter.issues.send),
  rest('GET', '/api/admin/newsletter/subscriptions', admin.newsletter.subscriptions, { from: 'query', send: sendCsvOrJson, answers: ['application/json', 'text/csv'] }),

  rest('GET', '/api/admin/watched-words', admin.watchedWords.list),
  rest('POST', '/api/admin/watched-words', admin.watchedWords.create, { from: 'body', status: 201 }),
  rest('DELETE', '/api/admin/watched-words/:id', admin.watchedWords.delete),
  rest('POST', '/api/admin/users/:id/suspend', admin.users.suspend, { from: 'body' }),
  rest('DELETE', '/api/admin/users/:id/suspension', admin.users.unsuspend),
  rest('GET', '/api/admin/reports', admin.reports.list, { from: 'query', pages: (group) => group.reportId }),
  rest('POST', '/api/admin/reports/:id/resolve', admin.reports.resolve, { from: 'body' }),
  rest('GET', '/api/admin/moderation', admin.moderation.list, { from: 'query', pages: (item) => `${item.kind}:${item.id}` }),
  rest('GET', '/api/admin/moderation/waiting', admin.moderation.waiting),
  rest('GET', '/api/admin/moderation/profiles', admin.moderation.profileChanges, { from: 'query', pages: true }),
  rest('POST', '/api/admin/moderation/profiles/:id/approve', admin.moderation.approveProfileChange),
  rest('POST', '/api/admin/moderation/profiles/:id/reject', admin.moderation.rejectProfileChange),
  rest('POST', '/api/admin/moderation/:kind/:id/approve', admin.moderation.approve),
  rest('POST', '/api/admin/moderation/:kind/:id/reject', admin.moderation.reject),
  rest('GET', '/api/admin/overview', admin.overview.get),
  rest('GET', '/api/admin/mail', admin.mail.list, { from: 'query', pages: true }),
  rest('GET', '/api/admin/audit', admin.audit.list, { from: 'query', pages: true }),
];
