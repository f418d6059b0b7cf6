import { contentCopy } from '#client/copy/content';
import { clockTime, fixedDecimals, longDate, oneDecimal, shortDate } from '#client/lib/formats';

/** Blog dates, long, in the page's language: "March 5, 2026" / "٥ مارس ٢٠٢٦". */
export const blogDate = longDate;

// Event dates (month abbreviation, day, year) and times, in the page's language.
export const eventDate = shortDate;
export const eventTime = clockTime;

/** Ratings with one decimal. */
export const ratingFormat = oneDecimal;

/** A plain amount as stored ('25.50', '$10'): its digits, its decimals. */
const AMOUNT = /^\$?(\d+)(?:\.(\d+))?$/;

/**
 * '0' and '0.00' (and no price at all) are Free; an amount is shown in dollars with the page's
 * digits and as many decimals as were stored; any other text is shown as before, in dollars.
 */
export function formatPrice(price: string | null): string {
  const value = (price ?? '').trim();
  if (value === '' || value === '0' || value === '0.00') return contentCopy.events.free;
  const amount = AMOUNT.exec(value);
  if (!amount) return value.startsWith('$') ? value : `$${value}`;
  const decimals = amount[2]?.length ?? 0;
  // Stored decimals are kept ('25.50' stays two places); no grouping, as stored.
  return contentCopy.events.price(fixedDecimals(Number(value.replace('$', '')), decimals));
}
