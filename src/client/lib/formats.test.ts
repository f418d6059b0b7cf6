import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { egyptLongDate, groupedCount, oneDecimal, usClockTime, usLongDateUtc, usShortDate, usShortDateTime } from './formats';

// Any moment from 1970 to 2100, in this process's time zone (as in the viewer's browser).
const moments = fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2100-12-31T23:59:59Z'), noInvalidDate: true });
/** Intl's output with its narrow no-break space before AM/PM (newer locale data) read as a space. */
const intl = (locale: string, options: Intl.DateTimeFormatOptions) => {
  const format = new Intl.DateTimeFormat(locale, options);
  return (date: Date) => format.format(date).replace(/\u202f/g, ' ');
};

describe('formats written out match Intl', () => {
  it.each([
    ['usShortDate', usShortDate, intl('en-US', { month: 'short', day: 'numeric', year: 'numeric' })],
    ['usLongDateUtc', usLongDateUtc, intl('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' })],
    ['usClockTime', usClockTime, intl('en-US', { hour: 'numeric', minute: '2-digit', hour12: true })],
    ['usShortDateTime', usShortDateTime, intl('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' })],
    ['egyptLongDate', egyptLongDate, intl('ar-EG', { year: 'numeric', month: 'long', day: 'numeric' })],
  ] as const)('%s', (_name, ours, reference) => {
    fc.assert(fc.property(moments, (date) => {
      expect(ours(date)).toBe(reference(date));
    }), { numRuns: 2000 });
  });

  it('groupedCount', () => {
    const reference = new Intl.NumberFormat('en-US');
    fc.assert(fc.property(fc.integer({ min: -1e12, max: 1e12 }), (count) => {
      expect(groupedCount(count)).toBe(reference.format(count));
    }), { numRuns: 2000 });
  });

  it('oneDecimal', () => {
    const reference = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    // Ratings (averages of 1–5 stars) and any other value, including the halves that round up.
    const values = fc.oneof(fc.double({ min: -1000, max: 1000, noNaN: true }), fc.integer({ min: 0, max: 500 }).map((hundredths) => hundredths / 100));
    fc.assert(fc.property(values, (value) => {
      expect(oneDecimal(value)).toBe(reference.format(value));
    }), { numRuns: 5000 });
  });

  it('reads the usual cases as people write them', () => {
    const date = new Date(2026, 2, 5, 16, 30);
    expect(usShortDate(date)).toBe('Mar 5, 2026');
    expect(usClockTime(date)).toBe('4:30 PM');
    expect(usClockTime(new Date(2026, 2, 5, 0, 5))).toBe('12:05 AM');
    expect(egyptLongDate(date)).toBe('٥ مارس ٢٠٢٦');
    expect(usLongDateUtc(new Date('2026-11-01T00:00:00Z'))).toBe('November 1, 2026');
    expect(groupedCount(12480)).toBe('12,480');
    expect(oneDecimal(4)).toBe('4.0');
    expect(oneDecimal(4.45)).toBe('4.5');
  });
});
