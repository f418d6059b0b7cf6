import { describe, expect, it } from 'vitest';
import { blogSummary } from './blog-summary';

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
