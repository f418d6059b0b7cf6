import { describe, expect, it } from 'vitest';
import { overwriteGetLocale } from '#i18n/runtime';
import { clockTime, dayMonth, fixedDecimals, formatCount, longDate, oneDecimal, shortDate } from './formats';
import type { Locale } from '#shared/i18n/locale';

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
