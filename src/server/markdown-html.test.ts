import { describe, expect, it } from 'vitest';
import { KEPT_CHARACTERS, keptDrawingCharacters, markdownHtml } from './markdown-html';

describe('markdownHtml', () => {
  it('draws markdown as the article reads: headings, emphasis, lists, quotes, line breaks', () => {
    const html = markdownHtml("## Why it works\n\nWe act *first*, **then** feel it.\nA new line.\n\n- one\n- two\n\n> A quote");
    expect(html).toContain('<h2>Why it works</h2>');
    expect(html).toContain('<em>first</em>');
    expect(html).toContain('<strong>then</strong>');
    expect(html).toContain('feel it.<br />\nA new line.');
    expect(html).toContain('<ul>\n<li>one</li>\n<li>two</li>\n</ul>');
    expect(html).toContain('<blockquote>\n<p>A quote</p>\n</blockquote>');
  });

  it('opens links in a new tab without referrer or ranking, and turns written addresses into links', () => {
    expect(markdownHtml('[Our guide](https://example.org/guide)')).toBe(
      '<p><a href="https://example.org/guide" target="_blank" rel="noopener noreferrer nofollow">Our guide</a></p>\n',
    );
    expect(markdownHtml('See https://example.org')).toContain('<a href="https://example.org" target="_blank" rel="noopener noreferrer nofollow">https://example.org</a>');
    expect(markdownHtml('[Write to us](mailto:hello@example.org)')).toContain('href="mailto:hello@example.org"');
  });

  it('never lets stored text become markup: raw HTML stays text, and scripts find no address or attribute', () => {
    const html = markdownHtml(
      [
        '<script>window.__xss = 1</script>',
        '<img src="/nothing.png" onerror="window.__xss = 2">',
        '[tap me](javascript:window.__xss=3)',
        '[or me](JaVaScRiPt:alert(1))',
        '[and me](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
        '![pixel](data:image/png;base64,iVBORw0KGgo=)',
        '![pixel](javascript:alert(1))',
        '<a href="javascript:alert(1)">raw</a>',
      ].join('\n\n'),
    );
    expect(html).toContain('&lt;script&gt;window.__xss = 1&lt;/script&gt;');
    expect(html).toContain('&lt;img src="/nothing.png" onerror="window.__xss = 2"&gt;');
    // The markup itself (the tags, not the text that shows them): no script, handler or unsafe address.
    const tags = html.match(/<[a-z][^>]*>/gi) ?? [];
    expect(tags.filter((tag) => /^<script|\son\w+=|javascript:|data:/i.test(tag))).toEqual([]);
    expect(tags.filter((tag) => tag.startsWith('<a '))).toEqual([]);
    expect(tags).toContain('<img alt="pixel" />');
  });

  it('keeps images with web addresses, and a table column’s alignment but no other style', () => {
    expect(markdownHtml('![A cup of tea](https://example.org/tea.jpg "Tea")')).toBe('<p><img src="https://example.org/tea.jpg" alt="A cup of tea" title="Tea" /></p>\n');
    // The site's own paths stay; an address that borrows the page's scheme for another site doesn't.
    expect(markdownHtml('![Our logo](/images/logo.png) [Our guidelines](/guidelines)')).toContain('<img src="/images/logo.png" alt="Our logo" /> <a href="/guidelines"');
    expect(markdownHtml('![x](//elsewhere.example/x.png) [y](//elsewhere.example)')).toBe('<p><img alt="x" /> <a target="_blank" rel="noopener noreferrer nofollow">y</a></p>\n');
    const table = markdownHtml('| Day | Step |\n|:--|--:|\n| 1 | Notice |');
    expect(table).toContain('<th style="text-align:left">Day</th>');
    expect(table).toContain('<td style="text-align:right">Notice</td>');
  });

  it('keeps the drawings of the texts read most recently, within its limit of characters', () => {
    const first = markdownHtml('# Kept');
    expect(markdownHtml('# Kept')).toBe(first);
    const long = 'A line of an article that goes on. '.repeat(2_000);
    for (let text = 0; text < 100; text++) {
      markdownHtml(`${long}${text}`);
      markdownHtml('# Kept');
    }
    expect(keptDrawingCharacters()).toBeLessThanOrEqual(KEPT_CHARACTERS);
    expect(keptDrawingCharacters()).toBeGreaterThan(KEPT_CHARACTERS - 2 * (long.length + 200));
    expect(markdownHtml('# Kept')).toBe('<h1>Kept</h1>\n');
  });
});
