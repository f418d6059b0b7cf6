import { describe, expect, it } from 'vitest';
import { overwriteGetLocale } from '#i18n/runtime';
import { clockTime, dayMonth, eventDate, eventTime, fixedDecimals, formatCount, formatPrice, longDate, oneDecimal, relativeTime, shortDate } from './formats';
import type { Locale } from '#shared/i18n/locale';
import { categoryLabel } from '#client/lib/categories';
import { m } from '#i18n/messages';

const inLanguage = <T,>(locale: Locale, read: () => T): T => {
  overwriteGetLocale(() => locale);
  try {
    return read();
  } finally {
    overwriteGetLocale(() => 'en');
  }
};

// Noon UTC: the same calendar day in every time zone the tests may run in.
const day = new Date('2026-11-21T12:00:00Z');

describe('dates and numbers follow the page language', () => {
  it('writes English pages US style', () => {
    expect(inLanguage('en', () => shortDate(day))).toBe('Nov 21, 2026');
    expect(inLanguage('en', () => longDate(day))).toBe('November 21, 2026');
    expect(inLanguage('en', () => formatCount(12480))).toBe('12,480');
    expect(inLanguage('en', () => oneDecimal(4))).toBe('4.0');
    expect(inLanguage('en', () => dayMonth(day))).toBe('Nov 21');
    expect(inLanguage('en', () => fixedDecimals(1025.5, 2))).toBe('1025.50');
  });

  it('writes Arabic pages in Egyptian Arabic, with Arabic-Indic digits', () => {
    expect(inLanguage('ar-EG', () => longDate(day))).toBe('٢١ نوفمبر ٢٠٢٦');
    expect(inLanguage('ar-EG', () => formatCount(12480))).toBe('١٢٬٤٨٠');
    expect(inLanguage('ar-EG', () => oneDecimal(4.7))).toBe('٤٫٧');
    expect(inLanguage('ar-EG', () => dayMonth(day))).toBe('٢١ نوفمبر');
    expect(inLanguage('ar-EG', () => fixedDecimals(25.5, 2))).toBe('٢٥٫٥٠');
    expect(inLanguage('ar-EG', () => clockTime(day))).toMatch(/^[٠-٩]{1,2}:[٠-٩]{2}\s[صم]$/);
  });
});

describe('formatPrice', () => {
  it.each([
    ['0', 'Free'],
    ['0.00', 'Free'],
    [null, 'Free'],
    ['15', '$15'],
    ['25.50', '$25.50'],
    ['$10', '$10'],
    ['0.5', '$0.5'],
    ['1500', '$1500'],
    ['10 EGP', '$10 EGP'],
  ])('shows %s as %s', (price, shown) => expect(formatPrice(price)).toBe(shown));

  it('writes Arabic prices with Arabic-Indic digits, keeping the stored decimals', () => {
    expect(inLanguage('ar-EG', () => formatPrice('0'))).toBe('مجانًا');
    expect(inLanguage('ar-EG', () => formatPrice('15'))).toBe('١٥ دولار');
    expect(inLanguage('ar-EG', () => formatPrice('25.50'))).toBe('٢٥٫٥٠ دولار');
  });
});

describe('date, time and rating formats', () => {
  const date = new Date(2026, 2, 5, 16, 30);
  it("shows event dates US style and times on a 12-hour clock on English pages, in the event's zone, named", () => {
    // 4:30 PM in Cairo (UTC+2 in March), whatever the zone of the computer running this.
    const event = new Date('2026-03-05T14:30:00Z');
    expect(eventDate(event, 'Africa/Cairo')).toBe('Mar 5, 2026');
    expect(eventTime(event, 'Africa/Cairo')).toBe('4:30 PM EET');
    expect(inLanguage('ar-EG', () => eventTime(event, 'Africa/Cairo'))).toBe('٤:٣٠ م توقيت مصر');
    expect(eventDate(event, 'Pacific/Kiritimati')).toBe('Mar 6, 2026');
  });

  it('shows blog dates in long format, in the page language', () => {
    expect(longDate(date)).toBe('March 5, 2026');
    expect(inLanguage('ar-EG', () => longDate(date))).toBe('٥ مارس ٢٠٢٦');
  });

  it('shows ratings with one decimal', () => {
    expect(oneDecimal(4.5)).toBe('4.5');
    expect(oneDecimal(4)).toBe('4.0');
    expect(oneDecimal(4.666)).toBe('4.7');
  });
});

describe('counts in words', () => {
  it('says likes, comments, reviews and spots in English as before', () => {
    expect(m.content_likes({ count: 1 })).toBe('1 like');
    expect(m.content_likes({ count: 3 })).toBe('3 likes');
    expect(m.content_comments({ count: 0 })).toBe('0 comments');
    expect(m.content_directory_reviews({ count: 1 })).toBe('1 review');
    expect(m.content_events_spots_left({ count: 12 })).toBe('12 spots left');
  });

  it('uses the Arabic plural forms and digits', () => {
    expect(inLanguage('ar-EG', () => m.content_comments({ count: 1 }))).toBe('تعليق واحد');
    expect(inLanguage('ar-EG', () => m.content_comments({ count: 2 }))).toBe('تعليقان');
    expect(inLanguage('ar-EG', () => m.content_comments({ count: 3 }))).toBe('٣ تعليقات');
    expect(inLanguage('ar-EG', () => m.content_comments({ count: 11 }))).toBe('١١ تعليقًا');
    expect(inLanguage('ar-EG', () => m.content_likes({ count: 100 }))).toBe('١٠٠ إعجاب');
    expect(inLanguage('ar-EG', () => m.content_events_spots_left({ count: 5 }))).toBe('بقيت ٥ أماكن');
  });
});

describe('category names', () => {
  it('shows stored categories in the page language, unknown ones as stored', () => {
    expect(categoryLabel('School Life')).toBe('School Life');
    expect(inLanguage('ar-EG', () => categoryLabel('School Life'))).toBe('الحياة المدرسية');
    expect(inLanguage('ar-EG', () => categoryLabel('Cafes'))).toBe('المقاهي');
    expect(inLanguage('ar-EG', () => categoryLabel('Something New'))).toBe('Something New');
  });
});

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
