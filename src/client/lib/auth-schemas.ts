/**
 * The sign-in and sign-up forms check their fields with the server's own schemas (zod and every
 * shared schema, one chunk). That chunk loads when a form is first touched, not with the page:
 * evaluating it is a long task the first screen doesn't need. A form awaits it when sent.
 */
export const loadAuthSchemas = () => import('#shared/schemas/auth');
