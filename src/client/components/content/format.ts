import { contentCopy } from '../../copy/content';
import { egyptLongDate, oneDecimal, usClockTime, usShortDate } from '../../lib/formats';

/** SPEC.md §2: blog dates in Arabic-Egypt long format. */
export const blogDate = egyptLongDate;

// SPEC.md §2: US-style event dates (month abbreviation, day, year) and 12-hour times.
export const eventDate = usShortDate;
export const eventTime = usClockTime;

/** SPEC.md §9: ratings with one decimal. */
export const ratingFormat = oneDecimal;

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
