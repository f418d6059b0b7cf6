import { describe, expect, it, vi } from 'vitest';
import { SessionCache } from './session-cache';

const row = (sessionId: string, userId: number) => ({ session: { id: sessionId, userId }, note: `${sessionId} of ${userId}` });
type Row = ReturnType<typeof row>;

describe('the session cache', () => {
  it('reads a session once, then answers from what it keeps', async () => {
    const cache = new SessionCache<Row>();
    const read = vi.fn(async () => row('a', 1));
    expect(await cache.lookUp('a', read)).toEqual(row('a', 1));
    expect(await cache.lookUp('a', read)).toEqual(row('a', 1));
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('keeps nothing for a session the database does not have', async () => {
    const cache = new SessionCache<Row>();
    const read = vi.fn(async () => undefined);
    await cache.lookUp('unknown', read);
    await cache.lookUp('unknown', read);
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('drops a session, or every session of a member, when the database says it changed', async () => {
    const cache = new SessionCache<Row>();
    for (const [id, userId] of [['a', 1], ['b', 1], ['c', 2]] as const) await cache.lookUp(id, async () => row(id, userId));
    cache.applyNotice('s:c');
    expect(cache.get('c')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    cache.applyNotice('u:1');
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBeUndefined();
  });

  it('drops everything on a notice it does not understand, and when the listening starts again', async () => {
    const cache = new SessionCache<Row>();
    await cache.lookUp('a', async () => row('a', 1));
    cache.applyNotice('u:not-a-number');
    expect(cache.get('a')).toBeUndefined();
    await cache.lookUp('a', async () => row('a', 1));
    cache.clear();
    expect(cache.get('a')).toBeUndefined();
  });

  it('does not keep a row read while a change arrived: it may be older than the change', async () => {
    const cache = new SessionCache<Row>();
    let finishRead: (value: Row) => void = () => {};
    const reading = cache.lookUp('a', () => new Promise<Row>((done) => (finishRead = done)));
    cache.applyNotice('u:1');
    finishRead(row('a', 1));
    expect(await reading).toEqual(row('a', 1));
    expect(cache.get('a')).toBeUndefined();
  });

  it('keeps a row read while a change to another member arrived', async () => {
    const cache = new SessionCache<Row>();
    let finishRead: (value: Row) => void = () => {};
    const reading = cache.lookUp('a', () => new Promise<Row>((done) => (finishRead = done)));
    cache.applyNotice('u:2');
    cache.applyNotice('s:b');
    finishRead(row('a', 1));
    await reading;
    expect(cache.get('a')).toEqual(row('a', 1));
  });

  it('forgets a session after its lifetime, and the oldest first when full', async () => {
    vi.useFakeTimers();
    try {
      const cache = new SessionCache<Row>({ ttlMs: 1000, maxEntries: 2 });
      await cache.lookUp('a', async () => row('a', 1));
      vi.advanceTimersByTime(1001);
      expect(cache.get('a')).toBeUndefined();
      for (const id of ['a', 'b', 'c']) await cache.lookUp(id, async () => row(id, 1));
      expect(cache.get('a')).toBeUndefined();
      expect(cache.get('b')).toBeDefined();
      expect(cache.get('c')).toBeDefined();
    } finally {
      vi.useRealTimers();
    }
  });
});
