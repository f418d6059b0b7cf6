import { describe, expect, it } from 'vitest';
import { blogDate, eventDate, eventTime, formatPrice, ratingFormat } from './format';

describe('formatPrice', () => {
  it.each([
    ['0', 'Free'],
    ['0.00', 'Free'],
    [null, 'Free'],
    ['15', '$15'],
    ['25.50', '$25.50'],
    ['$10', '$10'],
    ['0.5', '$0.5'],
  ])('shows %s as %s', (price, shown) => expect(formatPrice(price)).toBe(shown));
});

describe('date, time and rating formats', () => {
  const date = new Date(2026, 2, 5, 16, 30);
  it('shows event dates US style and times on a 12-hour clock', () => {
    expect(eventDate(date)).toBe('Mar 5, 2026');
    expect(eventTime(date)).toBe('4:30 PM');
  });

  it('shows blog dates in long format, in the page language (English here)', () => {
    expect(blogDate(date)).toBe('March 5, 2026');
  });

  it('shows ratings with one decimal', () => {
    expect(ratingFormat(4.5)).toBe('4.5');
    expect(ratingFormat(4)).toBe('4.0');
    expect(ratingFormat(4.666)).toBe('4.7');
  });
});
