import { describe, expect, it } from 'vitest';
import { overwriteGetLocale } from '#i18n/runtime';
import type { Locale } from '#shared/i18n/locale';
import { categoryLabel } from '#client/lib/categories';
import { m } from '#i18n/messages';
import { blogDate, eventDate, eventTime, formatPrice, ratingFormat } from './format';

const inLanguage = <T,>(locale: Locale, read: () => T): T => {
  overwriteGetLocale(() => locale);
  try {
    return read();
  } finally {
    overwriteGetLocale(() => 'en');
  }
};

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
    expect(blogDate(date)).toBe('March 5, 2026');
    expect(inLanguage('ar-EG', () => blogDate(date))).toBe('٥ مارس ٢٠٢٦');
  });

  it('shows ratings with one decimal', () => {
    expect(ratingFormat(4.5)).toBe('4.5');
    expect(ratingFormat(4)).toBe('4.0');
    expect(ratingFormat(4.666)).toBe('4.7');
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
