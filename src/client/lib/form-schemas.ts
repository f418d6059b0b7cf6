/**
 * The forms check their fields with the server's own schemas (zod and every shared schema, one
 * chunk of about 26 KiB compressed). That chunk loads when a form is first touched, not with the
 * page: evaluating it is a long task the first screen doesn't need, and most readers of an
 * article or the forum never write. A form awaits it when sent.
 */
export const loadAuthSchemas = () => import('#shared/schemas/auth');
export const loadContentSchemas = () => import('#shared/schemas/content');
export const loadCommunitySchemas = () => import('#shared/schemas/community');
