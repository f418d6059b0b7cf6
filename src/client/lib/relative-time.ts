import { m } from '#i18n/messages';
import { shortDate } from './formats';

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
