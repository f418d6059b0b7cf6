import { authRouter } from './routers/auth';
import { adminRouter } from './routers/admin';
import { contentRouter } from './routers/content';
import { createCallerFactory, router } from './init';

export const appRouter = router({
  auth: authRouter,
  content: contentRouter,
  admin: adminRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
