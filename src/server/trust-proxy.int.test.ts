import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { DbHandle } from '#db/client';
import { buildApp } from './app';
import { DEFAULT_RATE_LIMITS } from './auth/rate-limit';
import { readEnv } from './env';
import { createTestDb } from './test/test-db';

/**
 * Which address a request comes from, proved through the per-address sign-in limit: the
 * (max + 1)th failure from one address is refused whatever else the request says.
 */
const { max } = DEFAULT_RATE_LIMITS.signIn;

let database: DbHandle;
beforeAll(async () => {
  database = await createTestDb();
});
afterAll(async () => {
  await database?.close();
});

async function withApp(trustProxy: string | undefined, run: (app: FastifyInstance) => Promise<void>) {
  const env = readEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...(trustProxy === undefined ? {} : { TRUST_PROXY: trustProxy }) });
  const app = await buildApp({ db: database.db, env, rateLimits: DEFAULT_RATE_LIMITS, clientDir: null, responseCache: false, logger: false });
  await app.ready();
  try {
    await run(app);
  } finally {
    await app.close();
  }
}

let attempts = 0;
/** A wrong password for a new email each time, so only the per-address count can refuse it. */
const failedSignIn = (app: FastifyInstance, forwardedFor: string, remoteAddress = '127.0.0.1') =>
  app
    .inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress,
      headers: { 'x-forwarded-for': forwardedFor },
      payload: { email: `nobody-${attempts++}@example.com`, password: 'Wrong1234' },
    })
    .then((response) => response.statusCode);

describe('TRUST_PROXY', () => {
  it.each(['1', 'true'])('%s trusts one hop: a forged left-most X-Forwarded-For entry changes nothing', async (value) => {
    await withApp(value, async (app) => {
      for (let i = 0; i < max; i++) expect(await failedSignIn(app, `6.6.6.${i}, 10.0.0.9`)).toBe(401);
      expect(await failedSignIn(app, '7.7.7.7, 10.0.0.9')).toBe(429);
      expect(await failedSignIn(app, '10.0.0.9')).toBe(429);
      // Another client of the same proxy is another address.
      expect(await failedSignIn(app, '6.6.6.6, 10.0.0.10')).toBe(401);
    });
  });

  it('2 trusts two hops: the address the outer proxy saw', async () => {
    await withApp('2', async (app) => {
      for (let i = 0; i < max; i++) expect(await failedSignIn(app, `6.6.6.${i}, 10.0.0.9, 10.1.0.${i % 3}`)).toBe(401);
      expect(await failedSignIn(app, '7.7.7.7, 10.0.0.9, 10.1.0.1')).toBe(429);
      expect(await failedSignIn(app, '6.6.6.6, 10.0.0.10, 10.1.0.1')).toBe(401);
    });
  });

  it('a list of proxy addresses and CIDRs trusts those proxies and no one else', async () => {
    await withApp('127.0.0.1, 10.1.0.0/16', async (app) => {
      for (let i = 0; i < max; i++) expect(await failedSignIn(app, `6.6.6.${i}, 10.0.0.9, 10.1.0.${i}`)).toBe(401);
      expect(await failedSignIn(app, '7.7.7.7, 10.0.0.9')).toBe(429);
      // A client that reaches the server directly is its own address, whatever it forwards.
      const direct = '203.0.113.5';
      for (let i = 0; i < max; i++) expect(await failedSignIn(app, `10.0.0.${100 + i}`, direct)).toBe(401);
      expect(await failedSignIn(app, '10.0.0.200', direct)).toBe(429);
    });
  });

  it('unset, X-Forwarded-For is ignored', async () => {
    await withApp(undefined, async (app) => {
      for (let i = 0; i < max; i++) expect(await failedSignIn(app, `10.0.0.${i}`)).toBe(401);
      expect(await failedSignIn(app, '10.0.0.200')).toBe(429);
    });
  });

  it('reads hop counts, address lists and off, and stops the start on anything else', () => {
    const read = (value?: string) => readEnv({ ...(value === undefined ? {} : { TRUST_PROXY: value }) }).TRUST_PROXY;
    for (const off of [undefined, '', '0', 'false']) expect(read(off)).toBe(false);
    // A count trusts the hops proxy-addr numbers from the socket's peer (0) outwards.
    const trustedHops = (value: string) => [0, 1, 2, 3].filter((hop) => (read(value) as (address: string, hop: number) => boolean)('10.0.0.1', hop));
    expect(trustedHops('1')).toEqual([0]);
    expect(trustedHops(' true ')).toEqual([0]);
    expect(trustedHops('2')).toEqual([0, 1]);
    expect(read(' 10.0.0.0/8 , 192.168.1.1,::1, fd00::/8,loopback ')).toEqual(['10.0.0.0/8', '192.168.1.1', '::1', 'fd00::/8', 'loopback']);
    for (const bad of ['yes', '-1', '1.5', '10.0.0.0/33', '300.1.1.1', 'fd00::/129', '10.0.0.1,', 'proxy.example']) {
      expect(() => read(bad), bad).toThrow(/TRUST_PROXY/);
    }
  });
});
