import { describe, expect, it } from 'vitest';
import { withinTimeLimit } from './time-limit';

const timers = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;

describe('withinTimeLimit', () => {
  it("gives the work's result when it comes in time, and leaves no timer behind", async () => {
    const before = timers();
    await expect(withinTimeLimit(Promise.resolve('page'), 60_000, () => 'late')).resolves.toBe('page');
    expect(timers()).toBe(before);
  });

  it("passes on the work's failure, and leaves no timer behind", async () => {
    const before = timers();
    await expect(withinTimeLimit(Promise.reject(new Error('render failed')), 60_000, () => 'late')).rejects.toThrow('render failed');
    expect(timers()).toBe(before);
  });

  it('gives what late() gives, or throws what it throws, when the work takes longer', async () => {
    const never = new Promise<string>(() => {});
    await expect(withinTimeLimit(never, 10, () => null)).resolves.toBeNull();
    await expect(
      withinTimeLimit(never, 10, () => {
        throw new Error('not rendered within 10 ms');
      }),
    ).rejects.toThrow('not rendered within 10 ms');
  });
});
