import { describe, expect, it } from 'vitest';
import { readEnv } from './env';

describe('environment', () => {
  it('keeps ten PostgreSQL connections per process unless told, and stops the start on a pool size that is not one', () => {
    expect(readEnv({}).DATABASE_POOL_SIZE).toBe(10);
    expect(readEnv({ DATABASE_POOL_SIZE: '4' }).DATABASE_POOL_SIZE).toBe(4);
    for (const bad of ['0', '-2', '2.5', 'many', '101']) expect(() => readEnv({ DATABASE_POOL_SIZE: bad }), bad).toThrow(/DATABASE_POOL_SIZE/);
  });

  it("puts events in Cairo unless SITE_TIME_ZONE names another zone, and stops the start on a name that is no zone", () => {
    expect(readEnv({}).SITE_TIME_ZONE).toBe('Africa/Cairo');
    expect(readEnv({ SITE_TIME_ZONE: '' }).SITE_TIME_ZONE).toBe('Africa/Cairo');
    expect(readEnv({ SITE_TIME_ZONE: 'Europe/London' }).SITE_TIME_ZONE).toBe('Europe/London');
    for (const bad of ['Mars/Olympus_Mons', '+02:00', 'EET']) expect(() => readEnv({ SITE_TIME_ZONE: bad }), bad).toThrow(/SITE_TIME_ZONE/);
  });
});
