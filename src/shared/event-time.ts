import { intlLocaleOf, type Locale } from './i18n/locale';

/**
 * Event times, in the event's own time zone, with that zone's short name: the one place that
 * writes them, for the server-drawn page, the browser after hydration, mails and reminders.
 * The text depends only on the instant, the event's zone and the language, never on the zone
 * of the server or the reader, so the page reads the same before and after hydration.
 */

/** The site's zone when SITE_TIME_ZONE names none; events made before zones existed have it. */
export const DEFAULT_TIME_ZONE = 'Africa/Cairo';

let known: Set<string> | undefined;

/** The IANA zone names this JavaScript engine knows (Intl's list), plus UTC. */
export function timeZoneNames(): string[] {
  return ['UTC', ...Intl.supportedValuesOf('timeZone').filter((name) => name !== 'UTC')];
}

/** A zone Intl lists (or UTC). Offsets such as '+02:00' are not zones: they know no summer time. */
export function isTimeZone(name: string): boolean {
  known ??= new Set(timeZoneNames());
  return known.has(name);
}

const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * One Intl formatter per language, zone and kind, made once: making one is the costly part. A
 * zone this engine doesn't know (an older browser) is written in UTC rather than failing.
 */
function format(locale: string, timeZone: string, kind: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}|${kind}`;
  let made = formats.get(key);
  if (!made) {
    try {
      made = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    } catch {
      made = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
    }
    formats.set(key, made);
  }
  return made;
}

const partOf = (formatter: Intl.DateTimeFormat, date: Date, type: Intl.DateTimeFormatPartTypes) =>
  formatter.formatToParts(date).find((part) => part.type === type)?.value ?? '';

/** A bare offset from GMT ("GMT+2", "GMT-05:30"): what Intl writes for a zone it has no abbreviation of. */
const OFFSET_NAME = /^GMT[+-]\d/;

/**
 * The zone's short name at that instant. English: the US abbreviation where there is one (EST,
 * EDT, PST), else the British one (EET, EEST, CET, BST, GST), else the offset (GMT+9).
 * Arabic: the zone's generic name ("توقيت مصر", Egypt time), since Arabic has no abbreviations
 * and an offset ("غرينتش+٢") means little to a reader.
 */
export function zoneName(date: Date, timeZone: string, locale: Locale): string {
  if (locale === 'ar-EG') return partOf(format('ar-EG', timeZone, 'zoneGeneric', { timeZoneName: 'shortGeneric' }), date, 'timeZoneName');
  const american = partOf(format('en-US', timeZone, 'zone', { timeZoneName: 'short' }), date, 'timeZoneName');
  if (!OFFSET_NAME.test(american)) return american;
  const british = partOf(format('en-GB', timeZone, 'zone', { timeZoneName: 'short' }), date, 'timeZoneName');
  return OFFSET_NAME.test(british) ? american : british;
}

const dateText = (kind: string, options: Intl.DateTimeFormatOptions) => (date: Date, timeZone: string, locale: Locale) =>
  format(intlLocaleOf(locale), timeZone, kind, options).format(date);

/** The event's day where it happens: "Dec 5, 2026" / "٥ ديسمبر ٢٠٢٦". */
export const eventDay = dateText('day', { month: 'short', day: 'numeric', year: 'numeric' });

const clock = dateText('clock', { hour: 'numeric', minute: '2-digit' });
const dayAndClock = dateText('dayClock', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });
const fullDayAndClock = dateText('fullDayClock', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });

/** Its clock time there, with the zone: "7:30 PM EET" / "٧:٣٠ م توقيت مصر". */
export const eventClock = (date: Date, timeZone: string, locale: Locale) => `${clock(date, timeZone, locale)} ${zoneName(date, timeZone, locale)}`;

/** Day and time in one: "Sat, Dec 5, 2026, 7:30 PM EET". */
export const eventDayAndClock = (date: Date, timeZone: string, locale: Locale) => `${dayAndClock(date, timeZone, locale)} ${zoneName(date, timeZone, locale)}`;

/** Written out, for mails: "Saturday, December 5, 2026 at 7:30 PM EET". */
export const eventDayAndClockInFull = (date: Date, timeZone: string, locale: Locale) => `${fullDayAndClock(date, timeZone, locale)} ${zoneName(date, timeZone, locale)}`;

// ---------------------------------------------------------------- wall time in a zone

/** A date and clock time as read on a wall in some zone (month 1-12). */
export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** What a clock in `timeZone` shows at that instant. */
export function wallTimeAt(date: Date, timeZone: string): WallTime {
  const parts = format('en-US', timeZone, 'wall', {
    hourCycle: 'h23',
    era: 'short',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(date);
  const value = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  const year = value('year');
  // Years before Christ ("BC") don't occur in events, but the arithmetic stays right with them.
  const bc = parts.find((part) => part.type === 'era')?.value === 'BC';
  return { year: bc ? 1 - year : year, month: value('month'), day: value('day'), hour: value('hour'), minute: value('minute'), second: value('second') };
}

/** The wall time read as if it were UTC (years below 100 included, which Date.UTC would move). */
const wallAsUtc = (wall: WallTime) => {
  const date = new Date(0);
  date.setUTCFullYear(wall.year, wall.month - 1, wall.day);
  return date.setUTCHours(wall.hour, wall.minute, wall.second, 0);
};

/** The zone's offset from UTC at that instant, in milliseconds (+2 h in Cairo's winter). */
export function offsetAt(date: Date, timeZone: string): number {
  const whole = new Date(Math.floor(date.getTime() / 1000) * 1000);
  return wallAsUtc(wallTimeAt(whole, timeZone)) - whole.getTime();
}

const HOUR = 3_600_000;

/**
 * The instant a clock in `timeZone` shows `wall`. A time the clocks skip (spring forward) is
 * read with the offset from before the change, so it lands after the gap, as calendars do; a
 * time that happens twice (fall back) is the first of the two.
 */
export function instantOf(wall: WallTime, timeZone: string): Date {
  const asUtc = wallAsUtc(wall);
  // Offsets a day either side: no zone changes its clocks twice within two days.
  const before = offsetAt(new Date(asUtc - 24 * HOUR), timeZone);
  const after = offsetAt(new Date(asUtc + 24 * HOUR), timeZone);
  const candidates = [asUtc - before, asUtc - after].filter((time) => wallAsUtc(wallTimeAt(new Date(time), timeZone)) === asUtc);
  return new Date(candidates.length > 0 ? Math.min(...candidates) : asUtc - before);
}

const pad = (value: number, size = 2) => String(value).padStart(size, '0');

/** The instant as a datetime-local input shows it in the event's zone: '2026-12-05T19:30'. */
export function toDateTimeInput(date: Date, timeZone: string): string {
  const wall = wallTimeAt(date, timeZone);
  return `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)}T${pad(wall.hour)}:${pad(wall.minute)}`;
}

/** A datetime-local input's value read in the event's zone, or null when it is no date-time. */
export function fromDateTimeInput(value: string, timeZone: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((digits) => Number(digits ?? 0)) as [number, number, number, number, number, number];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59) return null;
  const wall = { year, month, day, hour, minute, second };
  // 31 February is no day: the calendar would carry it into March.
  const check = new Date(wallAsUtc(wall));
  if (check.getUTCDate() !== day) return null;
  return instantOf(wall, timeZone);
}
