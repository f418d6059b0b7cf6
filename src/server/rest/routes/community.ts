import { appRouter } from '../../trpc/root';
import { rest } from '../route';
import type { RestRoute } from '../types';

const { content } = appRouter;

/** Newsletter, forum, places and the hub's search and activity. */
export const communityRoutes: RestRoute[] = [
  rest('POST', '/api/newsletter/subscriptions', content.newsletter.subscribe, { from: 'body', status: 201 }),
  rest('POST', '/api/newsletter/confirm', content.newsletter.confirm, { from: 'body' }),
  // A mail app's one-click unsubscribe (RFC 8058) posts the form `List-Unsubscribe=One-Click`
  // to the link, whose query holds the token; a page sends it as JSON.
  rest('POST', '/api/newsletter/unsubscribe', content.newsletter.unsubscribe, { from: 'body or query', formBody: true }),
  rest('GET', '/api/newsletter/issues', content.newsletter.issues, { from: 'query' }),
  rest('GET', '/api/newsletter/issues/:id', content.newsletter.issue),

  rest('GET', '/api/forum/posts', content.forum.list, { from: 'query' }),
  rest('POST', '/api/forum/posts', content.forum.create, { from: 'body', status: 201 }),
  rest('GET', '/api/forum/posts/:id', content.forum.byId),
  rest('DELETE', '/api/forum/posts/:id', content.forum.delete),
  rest('POST', '/api/forum/posts/:id/like', content.forum.like),
  rest('GET', '/api/forum/posts/:id/comments', content.forum.comments.list, { from: 'query', pages: true }),
  rest('POST', '/api/forum/posts/:id/comments', content.forum.comments.create, { from: 'body', status: 201 }),

  rest('GET', '/api/places', content.places.list, { from: 'query' }),
  rest('POST', '/api/places/suggestions', content.places.suggest, { from: 'body', status: 201 }),

  rest('GET', '/api/search', content.hub.search, { from: 'query' }),
  rest('GET', '/api/activity', content.hub.activity, { from: 'query' }),
];
