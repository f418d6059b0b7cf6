import { describe, expect, it } from 'vitest';
import { blogDate, blogSummary, eventDate, eventTime, formatPrice, ratingFormat } from './format';

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

describe('blogSummary', () => {
  it('uses the excerpt when there is one', () => {
    expect(blogSummary({ excerpt: 'Short and sweet.', content: 'Long body' })).toBe('Short and sweet.');
  });

  it('falls back to the first 120 characters of the content with tags stripped', () => {
    const content = `<p>Hello <b>there</b></p> ## A heading\n\n${'word '.repeat(40)}`;
    const summary = blogSummary({ excerpt: '  ', content });
    expect(summary.startsWith('Hello there A heading word')).toBe(true);
    expect(summary).not.toMatch(/[<>#]/);
    expect(summary.endsWith('…')).toBe(true);
    expect(summary.length).toBeLessThanOrEqual(121);
  });

  it('keeps a short content whole', () => {
    expect(blogSummary({ excerpt: '', content: 'Just **this**.' })).toBe('Just this.');
  });
});

describe('date, time and rating formats', () => {
  const date = new Date(2026, 2, 5, 16, 30);
  it('shows event dates US style and times on a 12-hour clock', () => {
    expect(eventDate(date)).toBe('Mar 5, 2026');
    expect(eventTime(date)).toBe('4:30 PM');
  });

  it('shows blog dates in Arabic-Egypt long format', () => {
    expect(blogDate(date)).toBe('٥ مارس ٢٠٢٦');
  });

  it('shows ratings with one decimal', () => {
    expect(ratingFormat(4.5)).toBe('4.5');
    expect(ratingFormat(4)).toBe('4.0');
    expect(ratingFormat(4.666)).toBe('4.7');
  });
});
