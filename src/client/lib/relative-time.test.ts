import { describe, expect, it } from 'vitest';
import { overwriteGetLocale } from '#i18n/runtime';
import { relativeTime } from './relative-time';

const now = new Date('2026-03-10T12:00:00Z');
const before = (ms: number) => new Date(now.getTime() - ms);

describe('relativeTime', () => {
  it('reads Just now under a minute, and for a clock slightly ahead', () => {
    expect(relativeTime(before(0), now)).toBe('Just now');
    expect(relativeTime(before(59_999), now)).toBe('Just now');
    expect(relativeTime(new Date(now.getTime() + 5_000), now)).toBe('Just now');
  });

  it('counts whole minutes, then whole hours', () => {
    expect(relativeTime(before(60_000), now)).toBe('1 minute ago');
    expect(relativeTime(before(5 * 60_000 + 30_000), now)).toBe('5 minutes ago');
    expect(relativeTime(before(59 * 60_000), now)).toBe('59 minutes ago');
    expect(relativeTime(before(3_600_000), now)).toBe('1 hour ago');
    expect(relativeTime(before(23 * 3_600_000 + 59 * 60_000), now)).toBe('23 hours ago');
  });

  it('shows a date from one day on', () => {
    expect(relativeTime(before(24 * 3_600_000), now)).toBe('Mar 9, 2026');
    expect(relativeTime('2025-12-25T10:00:00Z', now)).toBe('Dec 25, 2025');
  });

  it('speaks Arabic on an Arabic page, with its plural forms and digits', () => {
    overwriteGetLocale(() => 'ar-EG');
    try {
      expect(relativeTime(before(0), now)).toBe('الآن');
      expect(relativeTime(before(60_000), now)).toBe('منذ دقيقة');
      expect(relativeTime(before(2 * 60_000), now)).toBe('منذ دقيقتين');
      expect(relativeTime(before(5 * 60_000), now)).toBe('منذ ٥ دقائق');
      expect(relativeTime(before(11 * 60_000), now)).toBe('منذ ١١ دقيقة');
      expect(relativeTime(before(3_600_000), now)).toBe('منذ ساعة');
      expect(relativeTime(before(2 * 3_600_000), now)).toBe('منذ ساعتين');
      expect(relativeTime(before(3 * 3_600_000), now)).toBe('منذ ٣ ساعات');
      expect(relativeTime(before(23 * 3_600_000), now)).toBe('منذ ٢٣ ساعة');
      // A date is written by Intl: Arabic digits and month.
      expect(relativeTime('2025-12-25T10:00:00Z', now)).toMatch(/^٢٥ .+ ٢٠٢٥$/);
    } finally {
      overwriteGetLocale(() => 'en');
    }
  });
});
