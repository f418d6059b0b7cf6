/** The category lists of podcasts, blogs, the directory, the forum and places, used by server schemas and client filters alike. */

/**
 * Podcast categories: the admin form offers exactly these, the server accepts only these, and the
 * public filter lists them ('All Categories' is the filter's 'all' option, not a category).
 */
export const PODCAST_CATEGORIES = ['Self-Discovery', 'School Life', 'Hijabi Life', 'Relationships', 'Girly Topics'] as const;

export const BLOG_CATEGORIES = ['Confidence and validation', 'Self improvement', 'Relationships', 'Productivity', 'Social life and health'] as const;

export const DIRECTORY_CATEGORIES = ['Beauty', 'Cafes', 'Wellness', 'Education', 'Shopping', 'Services'] as const;

export const FORUM_CATEGORIES = ['general', 'wellness', 'career', 'relationships', 'lifestyle'] as const;

export const PLACE_CATEGORIES = ['wellness', 'cafe', 'fitness', 'culture'] as const;

export const NEWSLETTER_FREQUENCIES = ['weekly', 'biweekly', 'monthly'] as const;

/** 'all' in a category filter means no filter. */
export const ALL_CATEGORIES = 'all';
