import { describe, expect, it, vi } from 'vitest';
import { DropCache } from './drop-cache';

/** Values tagged with a letter; a change names the letter it makes stale, or '*' for all. */
const cache = (options: { maxEntries?: number; maxSize?: number } = {}) =>
  new DropCache<string, { tag: string; bytes?: number }, string>({
    maxEntries: options.maxEntries ?? 10,
    ttlMs: 1000,
    maxSize: options.maxSize,
    sizeOf: (value) => value.bytes ?? 1,
    isStaleAfter: (change, value) => change === '*' || change === value.tag,
  });

describe('the drop cache', () => {
  it('drops the values a change makes stale, and keeps the others', () => {
    const values = cache();
    values.set('a', { tag: 'x' }, values.version);
    values.set('b', { tag: 'y' }, values.version);
    values.drop('x');
    expect(values.get('a')).toBeUndefined();
    expect(values.get('b')).toEqual({ tag: 'y' });
  });

  it('does not keep a value read while a change to it came, and keeps one a change elsewhere came during', () => {
    const values = cache();
    const readSince = values.version;
    values.drop('x');
    expect(values.set('a', { tag: 'x' }, readSince)).toBe(false);
    expect(values.get('a')).toBeUndefined();
    expect(values.set('b', { tag: 'y' }, readSince)).toBe(true);
    expect(values.get('b')).toEqual({ tag: 'y' });
  });

  it('tells whether a read was overtaken before a given version: a later change does not count', () => {
    const values = cache();
    const readSince = values.version;
    values.drop('y');
    const arrived = values.version;
    values.drop('x');
    expect(values.overtaken('a', { tag: 'x' }, readSince, arrived)).toBe(false);
    expect(values.overtaken('a', { tag: 'x' }, readSince)).toBe(true);
    expect(values.overtaken('a', { tag: 'y' }, readSince, arrived)).toBe(true);
  });

  it('counts a read older than every remembered change, or than a clear, as overtaken', () => {
    const values = cache();
    const oldRead = values.version;
    for (let change = 0; change < 2000; change++) values.drop(`other-${change}`);
    expect(values.set('a', { tag: 'x' }, oldRead)).toBe(false);
    expect(values.set('a', { tag: 'x' }, values.version)).toBe(true);
    const beforeClear = values.version;
    values.clear();
    expect(values.get('a')).toBeUndefined();
    expect(values.set('b', { tag: 'y' }, beforeClear)).toBe(false);
    expect(values.set('b', { tag: 'y' }, values.version)).toBe(true);
  });

  it('forgets values after their lifetime, and the least recently used first when full, by count or by size', () => {
    vi.useFakeTimers();
    try {
      const values = cache({ maxEntries: 2 });
      values.set('short', { tag: 'x' }, values.version, 100);
      values.set('long', { tag: 'x' }, values.version);
      vi.advanceTimersByTime(101);
      expect(values.get('short')).toBeUndefined();
      expect(values.get('long')).toBeDefined();
      values.set('b', { tag: 'y' }, values.version);
      values.get('long');
      values.set('c', { tag: 'y' }, values.version);
      expect(values.get('b')).toBeUndefined();
      expect(values.get('long')).toBeDefined();
      const sized = cache({ maxSize: 10 });
      sized.set('a', { tag: 'x', bytes: 6 }, sized.version);
      sized.set('b', { tag: 'x', bytes: 6 }, sized.version);
      expect(sized.get('a')).toBeUndefined();
      expect(sized.get('b')).toBeDefined();
    } finally {
      vi.useRealTimers();
    }
  });
});
