import { appRouter } from '../../trpc/root';
import { rest } from '../route';
import type { RestRoute } from '../types';

const { notifications } = appRouter.content;

/** Her notifications and the members she may mention in a thread. */
export const notificationRoutes: RestRoute[] = [
  rest('GET', '/api/notifications', notifications.list, { from: 'query' }),
  rest('POST', '/api/notifications/read', notifications.read, { from: 'body' }),
  rest('GET', '/api/notifications/preferences', notifications.preferences),
  rest('PUT', '/api/notifications/preferences', notifications.setPreferences, { from: 'body' }),
  rest('GET', '/api/mentions', notifications.mentions, { from: 'query' }),
];
