import { communityCopy } from '../copy/community';
import { shortDate } from './formats';

/**
 * Forum dates as relative labels: 'Just now' under a minute, then minutes,
 * then hours for the first day, then a date, US style whatever the browser's locale.
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const words = communityCopy.time;

export function relativeTime(date: Date | string, now: Date = new Date()): string {
  const then = typeof date === 'string' ? new Date(date) : date;
  const elapsed = now.getTime() - then.getTime();
  // A clock a little ahead of ours still reads as just now.
  if (elapsed < MINUTE) return words.justNow;
  if (elapsed < HOUR) return words.minutes(Math.floor(elapsed / MINUTE));
  if (elapsed < DAY) return words.hours(Math.floor(elapsed / HOUR));
  return shortDate(then);
}
