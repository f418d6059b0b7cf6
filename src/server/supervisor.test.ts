import { describe, expect, it } from 'vitest';
import { restartDelay } from './supervisor';

describe('the supervisor’s restart backoff', () => {
  it('starts a worker again at once after a healthy run, then doubles from 0.1 s up to 10 s while starts keep failing', () => {
    expect([0, 1, 2, 3, 4].map(restartDelay)).toEqual([0, 100, 200, 400, 800]);
    expect(restartDelay(8)).toBe(10_000);
    expect(restartDelay(50)).toBe(10_000);
  });
});
