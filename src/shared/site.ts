/** The product's name; the server can override it with SITE_NAME. */
export const DEFAULT_SITE_NAME = 'Bloom Circle';
export const SITE_TAGLINE = 'A safe space where young women learn, grow and empower each other.';

/**
 * The id of the JSON data block in which the server writes the visitor's session (the
 * answer of auth.session) into every page, so the first screen needs no round trip for it.
 */
export const SESSION_DATA_ELEMENT_ID = 'session-data';
