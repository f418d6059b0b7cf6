import { describe, expect, it } from 'vitest';
import { readEnv } from './env';

describe('environment', () => {
  it('keeps ten PostgreSQL connections per process unless told, and stops the start on a pool size that is not one', () => {
    expect(readEnv({}).DATABASE_POOL_SIZE).toBe(10);
    expect(readEnv({ DATABASE_POOL_SIZE: '4' }).DATABASE_POOL_SIZE).toBe(4);
    for (const bad of ['0', '-2', '2.5', 'many', '101']) expect(() => readEnv({ DATABASE_POOL_SIZE: bad }), bad).toThrow(/DATABASE_POOL_SIZE/);
  });
});
