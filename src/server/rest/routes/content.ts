import { likedOnly, turnLikeOver } from '../like-toggle';
import type { RestRoute } from '../types';

/** Public content: stats, podcasts, the directory, events and blogs. */
export const contentRoutes: RestRoute[] = [
  { method: 'GET', url: '/api/stats', call: (c) => c.content.stats.get() },

  { method: 'GET', url: '/api/podcasts', call: (c, r) => c.content.podcasts.list(r.query as never) },
  { method: 'GET', url: '/api/podcasts/:id/liked', call: (c, r) => c.content.podcasts.liked({ id: r.params.id } as never) },
  {
    method: 'POST',
    url: '/api/podcasts/:id/like',
    call: (c, r) => turnLikeOver(c.content.podcasts.liked({ id: r.params.id } as never), (liked) => c.content.podcasts.like({ id: r.params.id, liked } as never)).then(likedOnly),
  },
  { method: 'GET', url: '/api/podcasts/:id/comments', call: (c, r) => c.content.podcasts.comments({ ...r.query, id: r.params.id } as never) },
  { method: 'POST', url: '/api/podcasts/:id/comments', status: 201, call: (c, r) => c.content.podcasts.addComment({ ...(r.body as object), id: r.params.id } as never) },
  { method: 'POST', url: '/api/reports', status: 201, call: (c, r) => c.content.reports.create(r.body as never) },
  { method: 'GET', url: '/api/reports/mine', call: (c, r) => c.content.reports.mine(r.query as never) },
  { method: 'GET', url: '/api/blocks', call: (c) => c.content.blocks.list() },
  { method: 'POST', url: '/api/blocks', status: 201, call: (c, r) => c.content.blocks.create(r.body as never) },
  { method: 'DELETE', url: '/api/blocks/:userId', call: (c, r) => c.content.blocks.delete({ userId: r.params.userId } as never) },
  { method: 'DELETE', url: '/api/comments/:kind/:id', call: (c, r) => c.content.comments.delete({ kind: r.params.kind, id: r.params.id } as never) },

  { method: 'GET', url: '/api/directory', call: (c, r) => c.content.directory.list(r.query as never) },
  { method: 'POST', url: '/api/directory/interest', call: (c) => c.content.directory.expressInterest() },
  { method: 'GET', url: '/api/directory/:id/liked', call: (c, r) => c.content.directory.liked({ id: r.params.id } as never) },
  {
    method: 'POST',
    url: '/api/directory/:id/like',
    call: (c, r) => turnLikeOver(c.content.directory.liked({ id: r.params.id } as never), (liked) => c.content.directory.like({ id: r.params.id, liked } as never)).then(likedOnly),
  },

  { method: 'GET', url: '/api/events', call: (c, r) => c.content.events.list(r.query as never) },
  { method: 'GET', url: '/api/events/:id/rsvps', call: (c, r) => c.content.events.rsvps({ id: r.params.id } as never) },
  { method: 'POST', url: '/api/events/:id/rsvp', call: (c, r) => c.content.events.rsvp({ id: r.params.id } as never) },
  {
    method: 'GET',
    url: '/api/events/:id/ics',
    call: (c, r) => c.content.events.ics({ id: r.params.id } as never),
    send: (reply, result) => {
      const file = result as { filename: string; content: string };
      return reply.header('content-type', 'text/calendar; charset=utf-8').header('content-disposition', `attachment; filename="${file.filename}"`).send(file.content);
    },
  },
  { method: 'POST', url: '/api/calendar/feed', call: (c) => c.content.events.calendarFeed() },
  { method: 'DELETE', url: '/api/events/:id/rsvp', call: (c, r) => c.content.events.cancelRsvp({ id: r.params.id } as never) },

  { method: 'GET', url: '/api/blogs', call: (c, r) => c.content.blogs.list(r.query as never) },
  { method: 'GET', url: '/api/blogs/:id', call: (c, r) => c.content.blogs.byId({ id: r.params.id } as never) },
  { method: 'GET', url: '/api/blogs/:id/comments', call: (c, r) => c.content.blogs.comments({ ...r.query, id: r.params.id } as never) },
  { method: 'GET', url: '/api/blogs/:id/liked', call: (c, r) => c.content.blogs.liked({ id: r.params.id } as never) },
  { method: 'POST', url: '/api/blogs/:id/like', call: (c, r) => c.content.blogs.like({ id: r.params.id, liked: true } as never).then(likedOnly) },
  { method: 'DELETE', url: '/api/blogs/:id/like', call: (c, r) => c.content.blogs.like({ id: r.params.id, liked: false } as never).then(likedOnly) },
  { method: 'POST', url: '/api/blogs/:id/comments', status: 201, call: (c, r) => c.content.blogs.addComment({ ...(r.body as object), id: r.params.id } as never) },
];
