import { router } from '../../init';

/** The admin panel's calls; every procedure here is built on adminProcedure. */
export const adminRouter = router({});
