import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { iframeFromEmbedUrl, isAllowedEmbedUrl } from './embed';
import { embedUrlFromIframe } from './schemas/admin';

describe('isAllowedEmbedUrl', () => {
  it.each([
    'https://www.youtube.com/embed/dQw4w9WgXcQ',
    'https://www.youtube.com/embed/dQw4w9WgXcQ?si=abc&start=10',
    'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    'https://player.vimeo.com/video/76979871',
  ])('allows %s', (url) => expect(isAllowedEmbedUrl(url)).toBe(true));

  it.each([
    ['plain http', 'http://www.youtube.com/embed/dQw4w9WgXcQ'],
    ['a watch page', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ'],
    ['another host', 'https://evil.example/embed/x'],
    ['a look-alike host', 'https://www.youtube.com.evil.example/embed/x'],
    ['a subdomain trick', 'https://evilwww.youtube.com/embed/x'],
    ['javascript', 'javascript:alert(1)'],
    ['credentials', 'https://user:pw@www.youtube.com/embed/x'],
    ['a port', 'https://www.youtube.com:8443/embed/x'],
    ['no video id', 'https://www.youtube.com/embed/'],
    ['vimeo page, not player', 'https://vimeo.com/76979871'],
    ['iframe markup', '<iframe src="https://www.youtube.com/embed/x"></iframe>'],
    ['empty', ''],
    ['not a string', 42],
  ])('refuses %s', (_name, url) => expect(isAllowedEmbedUrl(url)).toBe(false));
});

describe('iframeFromEmbedUrl', () => {
  it('escapes the URL, so a quote in an allowed URL cannot add an attribute', () => {
    const url = `https://www.youtube.com/embed/abc?x="onload="alert(1)'<b>&y=1`;
    expect(isAllowedEmbedUrl(url)).toBe(true);
    const markup = iframeFromEmbedUrl(url);
    expect(markup).toBe(
      '<iframe width="560" height="315" src="https://www.youtube.com/embed/abc?x=&quot;onload=&quot;alert(1)&#39;&lt;b&gt;&amp;y=1" title="Video player" allowfullscreen></iframe>',
    );
  });

  it('reads back to the same URL through the edit form', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (query) => {
        const url = `https://www.youtube.com/embed/abc?${query}`;
        fc.pre(isAllowedEmbedUrl(url));
        expect(embedUrlFromIframe(iframeFromEmbedUrl(url))).toBe(url);
      }),
    );
  });
});
