import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withinTimeLimit } from './time-limit';

// Fake timers count every pending timer, unref'd ones too (Node's own list of active
// resources leaves those out).
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('withinTimeLimit', () => {
  it("gives the work's result when it comes in time, and leaves no timer behind", async () => {
    await expect(withinTimeLimit(Promise.resolve('page'), 60_000, () => 'late')).resolves.toBe('page');
    expect(vi.getTimerCount()).toBe(0);
  });

  it("passes on the work's failure, and leaves no timer behind", async () => {
    await expect(withinTimeLimit(Promise.reject(new Error('render failed')), 60_000, () => 'late')).rejects.toThrow('render failed');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('gives what late() gives, or throws what it throws, when the work takes longer', async () => {
    const never = new Promise<string>(() => {});
    const late = withinTimeLimit(never, 2_000, () => null);
    const failed = withinTimeLimit(never, 2_000, () => {
      throw new Error('not rendered within 2000 ms');
    });
    const failure = expect(failed).rejects.toThrow('not rendered within 2000 ms');
    await vi.advanceTimersByTimeAsync(2_000);
    await expect(late).resolves.toBeNull();
    await failure;
  });
});
