import type { RestRoute } from './types';
import { adminRoutes } from './routes/admin';
import { authRoutes } from './routes/auth';
import { communityRoutes } from './routes/community';
import { contentRoutes } from './routes/content';
import { notificationRoutes } from './routes/notifications';

/**
 * Every documented /api path, each calling one procedure (docs/decisions/002-rest-door-through-trpc.md).
 * Each area keeps its rows in its own file under routes/ and adds one line here.
 */
export const restRoutes: RestRoute[] = [...authRoutes, ...contentRoutes, ...communityRoutes, ...notificationRoutes, ...adminRoutes];
