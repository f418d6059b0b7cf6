import { communityCopy } from '../copy/community';
import { shortDate } from './formats';

/**
 * Forum dates as relative labels: 'Just now' under a minute, then minutes,
 * then hours for the first day, then a date, all in the page's language.
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export function relativeTime(date: Date | string, now: Date = new Date()): string {
  // Read on each call: the server renders pages in both languages.
  const words = communityCopy.time;
  const then = typeof date === 'string' ? new Date(date) : date;
  const elapsed = now.getTime() - then.getTime();
  // A clock a little ahead of ours still reads as just now.
  if (elapsed < MINUTE) return words.justNow;
  if (elapsed < HOUR) return words.minutes(Math.floor(elapsed / MINUTE));
  if (elapsed < DAY) return words.hours(Math.floor(elapsed / HOUR));
  return shortDate(then);
}
