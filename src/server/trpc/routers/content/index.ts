import { router } from '../../init';

/** Public content, community and member actions. Each area adds its router here. */
export const contentRouter = router({});
