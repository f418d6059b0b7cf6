/**
 * Dates and numbers in the site's few fixed formats, written out here instead of made by Intl.
 * The first Intl formatter a page makes loads the browser's locale data: one task of 50–150 ms
 * on a desktop, several times that on a phone, in the middle of the page's start. The tests
 * check each format against Intl's own output for the same locale and options.
 *
 * Dates are shown in the viewer's time zone, as Intl does by default, except where named UTC.
 */

const US_MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const US_MONTHS_SHORT = US_MONTHS.map((month) => month.slice(0, 3));
const EGYPT_MONTHS = ['يناير', 'فبراير', 'مارس', 'أبريل', 'مايو', 'يونيو', 'يوليو', 'أغسطس', 'سبتمبر', 'أكتوبر', 'نوفمبر', 'ديسمبر'];
const ARABIC_INDIC_DIGITS = '٠١٢٣٤٥٦٧٨٩';

const arabicIndic = (value: number) => String(value).replace(/\d/g, (digit) => ARABIC_INDIC_DIGITS[Number(digit)]!);

/** en-US `{ month: 'short', day: 'numeric', year: 'numeric' }`: "Mar 5, 2026". */
export function usShortDate(date: Date): string {
  return `${US_MONTHS_SHORT[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;
}

/** en-US `{ month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }`: "March 5, 2026". */
export function usLongDateUtc(date: Date): string {
  return `${US_MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/** en-US `{ hour: 'numeric', minute: '2-digit', hour12: true }`: "4:30 PM". */
export function usClockTime(date: Date): string {
  const hours = date.getHours();
  return `${hours % 12 || 12}:${String(date.getMinutes()).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** en-US short date with the time: "Mar 5, 2026, 4:30 PM". */
export function usShortDateTime(date: Date): string {
  return `${usShortDate(date)}, ${usClockTime(date)}`;
}

/** ar-EG `{ year: 'numeric', month: 'long', day: 'numeric' }`: "٥ مارس ٢٠٢٦". */
export function egyptLongDate(date: Date): string {
  return `${arabicIndic(date.getDate())} ${EGYPT_MONTHS[date.getMonth()]} ${arabicIndic(date.getFullYear())}`;
}

/** Digits in groups of three, en-US style. */
const grouped = (whole: number) => String(whole).replace(/\B(?=(\d{3})+$)/g, ',');

/** A whole count: "12,480". */
export function groupedCount(count: number): string {
  return `${count < 0 ? '-' : ''}${grouped(Math.abs(Math.round(count)))}`;
}

/** One decimal, rounded half away from zero as Intl does: "4.7", "4.0". For ratings and such. */
export function oneDecimal(value: number): string {
  // Round the shortest decimal that reads back as the value (what Intl rounds), not the binary
  // number: 4.45 is stored a hair above 4.45 but is rounded as 4.45.
  const magnitude = Math.abs(value);
  const [whole = '0', fraction = ''] = (magnitude < 1e-6 ? '0' : String(magnitude)).split('.');
  const tenths = Number(whole) * 10 + Number(fraction[0] ?? 0) + (Number(fraction[1] ?? 0) >= 5 ? 1 : 0);
  // Like Intl, a negative value keeps its sign even when it rounds to zero ("-0.0").
  return `${value < 0 || Object.is(value, -0) ? '-' : ''}${grouped(Math.floor(tenths / 10))}.${tenths % 10}`;
}
