import { getLocale } from '#i18n/runtime';
import { m } from '#i18n/messages';
import { fixedDecimals, longDate, oneDecimal } from '#client/lib/formats';
import { eventClock, eventDay } from '#shared/event-time';

/** Blog dates, long, in the page's language: "March 5, 2026" / "٥ مارس ٢٠٢٦". */
export const blogDate = longDate;

/**
 * An event's day ("Dec 5, 2026") and time with its zone ("7:30 PM EET"), in the page's language
 * and the event's zone: the same text on the server and in any reader's browser.
 */
export const eventDate = (date: Date, timeZone: string) => eventDay(date, timeZone, getLocale());
export const eventTime = (date: Date, timeZone: string) => eventClock(date, timeZone, getLocale());

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
  if (value === '' || value === '0' || value === '0.00') return m.content_events_free();
  const amount = AMOUNT.exec(value);
  if (!amount) return value.startsWith('$') ? value : `$${value}`;
  const decimals = amount[2]?.length ?? 0;
  // Stored decimals are kept ('25.50' stays two places); no grouping, as stored.
  return m.content_events_price_amount({ amount: fixedDecimals(Number(value.replace('$', '')), decimals) });
}
