/** The product's name; the server can override it with SITE_NAME. */
export const DEFAULT_SITE_NAME = 'Bloom Circle';
export const SITE_TAGLINE = 'A safe space where young women learn, grow and empower each other.';
