import { contentCopy } from '../../copy/content';

/**
 * An Intl formatter made on first use: making one takes milliseconds on a phone (locale data),
 * and a page that loads this module uses only some of them.
 */
function formatter<Value>(make: () => { format(value: Value): string }): { format(value: Value): string } {
  let made: { format(value: Value): string } | undefined;
  return { format: (value) => (made ??= make()).format(value) };
}

/** SPEC.md §2: blog dates in Arabic-Egypt long format. */
export const blogDate = formatter<Date>(() => new Intl.DateTimeFormat('ar-EG', { year: 'numeric', month: 'long', day: 'numeric' }));

// SPEC.md §2: US-style event dates (month abbreviation, day, year) and 12-hour times.
export const eventDate = formatter<Date>(() => new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' }));
export const eventTime = formatter<Date>(() => new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', hour12: true }));

/** SPEC.md §9: ratings with one decimal. */
export const ratingFormat = formatter<number>(() => new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 }));

/** '0' and '0.00' (and no price at all) are Free; anything else is shown in dollars. */
export function formatPrice(price: string | null): string {
  const value = (price ?? '').trim();
  if (value === '' || value === '0' || value === '0.00') return contentCopy.events.free;
  return value.startsWith('$') ? value : `$${value}`;
}

export const EXCERPT_FALLBACK_LENGTH = 120;

/** The excerpt, or the first 120 characters of the content with tags (and markdown marks) stripped. */
export function blogSummary(blog: { excerpt: string; content: string }): string {
  if (blog.excerpt.trim()) return blog.excerpt;
  const text = blog.content
    .replace(/<[^>]*>/g, ' ')
    .replace(/[#*_>`~[\]]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > EXCERPT_FALLBACK_LENGTH ? `${text.slice(0, EXCERPT_FALLBACK_LENGTH).trimEnd()}…` : text;
}
