import type { RestRoute } from './types';
import { adminRoutes } from './routes/admin';
import { authRoutes } from './routes/auth';
import { communityRoutes } from './routes/community';
import { contentRoutes } from './routes/content';

/**
 * Every documented /api path (SPEC.md §7 and DECISIONS.md), each calling one procedure.
 * Each area keeps its rows in its own file under routes/ and adds one line here.
 */
export const restRoutes: RestRoute[] = [...authRoutes, ...contentRoutes, ...communityRoutes, ...adminRoutes];
