import { describe, expect, it } from 'vitest';
import { startCodeAfterPaint } from './spa-page';

const BUILT_HEAD = `<head>
    <title>Bloom Circle</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-def.js">
    <link rel="modulepreload" crossorigin href="/assets/router-ghi.js">
    <link rel="stylesheet" crossorigin href="/assets/index-jkl.css">
  `;

describe('a server-rendered page starts its code after the first paint', () => {
  it('swaps the module script and preloads for the deferred starter, keeping the styles', () => {
    const head = startCodeAfterPaint(BUILT_HEAD);
    expect(head).not.toContain('type="module"');
    expect(head).not.toContain('modulepreload');
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/index-jkl.css">');
    expect(head).toContain('<script defer src="/start.js" data-entry="/assets/index-abc.js" data-preload="/assets/react-def.js /assets/router-ghi.js"></script>');
  });

  it('leaves a head without a built entry alone', () => {
    const head = '<head><title>t</title>';
    expect(startCodeAfterPaint(head)).toBe(head);
  });
});
