import { contentCopy } from '../../copy/content';
import { longDate, oneDecimal, clockTime, shortDate } from '../../lib/formats';

/** Blog dates in Arabic-Egypt long format. */
export const blogDate = longDate;

// US-style event dates (month abbreviation, day, year) and 12-hour times.
export const eventDate = shortDate;
export const eventTime = clockTime;

/** Ratings with one decimal. */
export const ratingFormat = oneDecimal;

/** '0' and '0.00' (and no price at all) are Free; anything else is shown in dollars. */
export function formatPrice(price: string | null): string {
  const value = (price ?? '').trim();
  if (value === '' || value === '0' || value === '0.00') return contentCopy.events.free;
  return value.startsWith('$') ? value : `$${value}`;
}

