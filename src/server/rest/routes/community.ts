import type { RestRoute } from '../types';

/** Newsletter, forum, places and the hub's search and activity. */
export const communityRoutes: RestRoute[] = [
  { method: 'POST', url: '/api/newsletter/subscriptions', status: 201, call: (c, r) => c.content.newsletter.subscribe(r.body as never) },
  { method: 'POST', url: '/api/newsletter/confirm', call: (c, r) => c.content.newsletter.confirm(r.body as never) },
  {
    method: 'POST',
    url: '/api/newsletter/unsubscribe',
    // A mail app's one-click unsubscribe (RFC 8058) posts the form `List-Unsubscribe=One-Click`
    // to the link, whose query holds the token; a page sends it as JSON.
    formBody: true,
    call: (c, r) => c.content.newsletter.unsubscribe({ token: (r.body as { token?: unknown }).token ?? r.query.token } as never),
  },
  { method: 'GET', url: '/api/newsletter/issues', call: (c, r) => c.content.newsletter.issues(r.query as never) },
  { method: 'GET', url: '/api/newsletter/issues/:id', call: (c, r) => c.content.newsletter.issue({ id: r.params.id } as never) },

  { method: 'GET', url: '/api/forum/posts', call: (c, r) => c.content.forum.list(r.query as never) },
  { method: 'POST', url: '/api/forum/posts', status: 201, call: (c, r) => c.content.forum.create(r.body as never) },
  { method: 'GET', url: '/api/forum/posts/:id', call: (c, r) => c.content.forum.byId({ id: r.params.id } as never) },
  { method: 'DELETE', url: '/api/forum/posts/:id', call: (c, r) => c.content.forum.delete({ id: r.params.id } as never) },
  { method: 'POST', url: '/api/forum/posts/:id/like', call: (c, r) => c.content.forum.like({ id: r.params.id } as never) },
  { method: 'GET', url: '/api/forum/posts/:id/comments', call: (c, r) => c.content.forum.comments.list({ ...r.query, id: r.params.id } as never) },
  {
    method: 'POST',
    url: '/api/forum/posts/:id/comments',
    status: 201,
    call: (c, r) => c.content.forum.comments.create({ ...(r.body as object), id: r.params.id } as never),
  },

  { method: 'GET', url: '/api/places', call: (c, r) => c.content.places.list(r.query as never) },
  { method: 'POST', url: '/api/places/suggestions', status: 201, call: (c, r) => c.content.places.suggest(r.body as never) },

  { method: 'GET', url: '/api/search', call: (c, r) => c.content.hub.search(r.query as never) },
  { method: 'GET', url: '/api/activity', call: (c, r) => c.content.hub.activity(r.query as never) },
];
