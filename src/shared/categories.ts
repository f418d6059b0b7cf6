/** The category lists of podcasts, blogs, the directory, the forum and places, used by server schemas and client filters alike. */

/** The public podcast filter ('All Categories' is the 'all' option, not a category). */
export const PODCAST_FILTER_CATEGORIES = ['Self-Discovery', 'School Life', 'Hijabi Life', 'Relationships', 'Girly Topics'] as const;

/** Blog categories; the admin podcast form offers these too, after the podcast filter's own list. */
export const BLOG_CATEGORIES = ['Confidence and validation', 'Self improvement', 'Relationships', 'Productivity', 'Social life and health'] as const;

export const DIRECTORY_CATEGORIES = ['Beauty', 'Cafes', 'Wellness', 'Education', 'Shopping', 'Services'] as const;

export const FORUM_CATEGORIES = ['general', 'wellness', 'career', 'relationships', 'lifestyle'] as const;

export const PLACE_CATEGORIES = ['wellness', 'cafe', 'fitness', 'culture'] as const;

export const NEWSLETTER_FREQUENCIES = ['weekly', 'biweekly', 'monthly'] as const;

/** 'all' in a category filter means no filter. */
export const ALL_CATEGORIES = 'all';
