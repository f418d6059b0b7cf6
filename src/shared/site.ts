/** The product's name; the server can override it with SITE_NAME. */
export const DEFAULT_SITE_NAME = 'Bloom Circle';

/**
 * The id of the JSON data block in which the server writes the visitor's session (the
 * answer of auth.session) into every page, so the first screen needs no round trip for it.
 */
export const SESSION_DATA_ELEMENT_ID = 'session-data';

/**
 * The id of the JSON data block holding the query answers the server rendered the page from
 * (TanStack Query's dehydrated cache), so the browser's first render matches the server-rendered
 * page.
 */
export const QUERY_DATA_ELEMENT_ID = 'query-data';
