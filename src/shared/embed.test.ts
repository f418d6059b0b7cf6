import { describe, expect, it } from 'vitest';
import { isAllowedEmbedUrl } from './embed';

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
