import { m } from '#i18n/messages';
import { getLocale } from '#i18n/runtime';
import { eventClock, eventDay } from '#shared/event-time';
import { intlLocaleOf } from '#shared/i18n/locale';

/**
 * Dates and numbers in the page's language, through Intl: US English, or Egyptian Arabic
 * (Arabic-Indic digits, Egyptian month names). Each formatter is made once per language and
 * kept: making one loads the browser's locale data, the costly part.
 *
 * Dates are shown in the viewer's time zone, as Intl does by default, except where named UTC,
 * and events' in the event's own zone (#shared/event-time). This is the client's one module of
 * date, time, number and price formats.
 */
const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

function formatter<T extends Intl.DateTimeFormat | Intl.NumberFormat>(kind: string, make: (locale: string) => T): T {
  const locale = intlLocaleOf(getLocale());
  const key = `${locale} ${kind}`;
  let made = formatters.get(key) as T | undefined;
  if (!made) {
    made = make(locale);
    formatters.set(key, made);
  }
  return made;
}

const dateFormat = (kind: string, options: Intl.DateTimeFormatOptions) => (date: Date) =>
  formatter(kind, (locale) => new Intl.DateTimeFormat(locale, options)).format(date);

/** "Mar 5, 2026" / "٥ مارس ٢٠٢٦". */
export const shortDate = dateFormat('shortDate', { month: 'short', day: 'numeric', year: 'numeric' });

/** "Mar 5" / "٥ مارس": a day within a span short enough not to need its year (a chart's weeks). */
export const dayMonth = dateFormat('dayMonth', { month: 'short', day: 'numeric' });

/** "March 5, 2026" / "٥ مارس ٢٠٢٦": blog dates. */
export const longDate = dateFormat('longDate', { month: 'long', day: 'numeric', year: 'numeric' });

/** "March 5, 2026" in UTC: a day that is the same everywhere (a version date, say). */
export const longDateUtc = dateFormat('longDateUtc', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** "4:30 PM" / "٤:٣٠ م". */
export const clockTime = dateFormat('clockTime', { hour: 'numeric', minute: '2-digit' });

/** "Mar 5, 2026, 4:30 PM". */
export const shortDateTime = dateFormat('shortDateTime', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });

/** A whole count with the language's digits and grouping: "12,480" / "١٢٬٤٨٠". */
export function formatCount(count: number): string {
  return formatter('count', (locale) => new Intl.NumberFormat(locale, { maximumFractionDigits: 0 })).format(count);
}

/** An amount with exactly `decimals` decimals and no grouping, as it was stored: "25.50" / "٢٥٫٥٠". */
export function fixedDecimals(value: number, decimals: number): string {
  return formatter(`fixed${decimals}`, (locale) => new Intl.NumberFormat(locale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals, useGrouping: false })).format(value);
}

/** One decimal, for ratings and such: "4.7", "4.0" / "٤٫٧". */
export function oneDecimal(value: number): string {
  return formatter('oneDecimal', (locale) => new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 })).format(value);
}

/** Digits typed from an Arabic keyboard (Arabic-Indic or Eastern Arabic-Indic) as Latin digits, for a number field's value. */
export const latinDigits = (text: string) =>
  text.replace(/[\u0660-\u0669]/g, (digit) => String(digit.charCodeAt(0) - 0x660)).replace(/[\u06f0-\u06f9]/g, (digit) => String(digit.charCodeAt(0) - 0x6f0));

/** Latin digits in the page's own ("12" / "١٢"): a number box shows what the messages about it show. */
export const pageDigits = (text: string) => text.replace(/[0-9]/g, (digit) => formatCount(Number(digit)));

/**
 * An event's day ("Dec 5, 2026") and time with its zone ("7:30 PM EET"), in the page's language
 * and the event's zone: the same text on the server and in any reader's browser.
 */
export const eventDate = (date: Date, timeZone: string) => eventDay(date, timeZone, getLocale());
export const eventTime = (date: Date, timeZone: string) => eventClock(date, timeZone, getLocale());

/**
 * Forum dates as relative labels: 'Just now' under a minute, then minutes,
 * then hours for the first day, then a date, all in the page's language.
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export function relativeTime(date: Date | string, now: Date = new Date()): string {
  const then = typeof date === 'string' ? new Date(date) : date;
  const elapsed = now.getTime() - then.getTime();
  // A clock a little ahead of ours still reads as just now.
  if (elapsed < MINUTE) return m.community_time_just_now();
  if (elapsed < HOUR) return m.community_time_minutes({ count: Math.floor(elapsed / MINUTE) });
  if (elapsed < DAY) return m.community_time_hours({ count: Math.floor(elapsed / HOUR) });
  return shortDate(then);
}

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
