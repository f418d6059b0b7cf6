import type { RestRoute } from './types';
import { authRoutes } from './routes/auth';

/** Every documented /api path (SPEC.md §7 and DECISIONS.md), each calling one procedure. */
export const restRoutes: RestRoute[] = [...authRoutes];
