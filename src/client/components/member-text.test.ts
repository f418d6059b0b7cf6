import { createElement, Fragment } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { linkify } from './member-text';

const html = (text: string) => renderToStaticMarkup(createElement(Fragment, null, ...linkify(text)));

describe('linkify', () => {
  it('turns web addresses into links marked as written by a member', () => {
    expect(html('See https://example.com/a?b=1 now')).toBe(
      'See <a href="https://example.com/a?b=1" target="_blank" rel="nofollow ugc noopener" class="font-medium text-primary underline underline-offset-2">https://example.com/a?b=1</a> now',
    );
  });

  it('leaves the punctuation that ends a sentence out of the link', () => {
    expect(html('Read (https://example.com/x).')).toContain('href="https://example.com/x"');
    expect(html('Read (https://example.com/x).')).toMatch(/<\/a>\)\.$/);
  });

  it('never reads the text as markup, nor links anything but http(s)', () => {
    const out = html('<b>hi</b> javascript:alert(1) data:text/html,x http://ok.example/"onmouseover=x');
    expect(out).toContain('&lt;b&gt;hi&lt;/b&gt; javascript:alert(1) data:text/html,x ');
    expect(out.match(/<a /g)).toHaveLength(1);
    expect(out).toContain('href="http://ok.example/"');
  });

  it('keeps text without links as it is', () => {
    expect(linkify('just words')).toEqual(['just words']);
    expect(linkify('')).toEqual([]);
  });
});
