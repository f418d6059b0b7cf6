import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { DbHandle } from '#db/client';
import { messages } from '#shared/messages';
import { buildApp } from '../app';
import { readEnv } from '../env';
import { createTestDb } from '../test/test-db';
import { createUser, type TestUser } from '../test/factories';
import { trpcRequest } from '../test/procedures';
import { DEFAULT_RATE_LIMITS } from './rate-limit';

/**
 * Sign-in limits count failures per address and per account from an address, so a stranger's
 * wrong passwords can't lock the owner out and the owner's own sign-ins never do.
 * Each test gets its own app: the limiter's counts live as long as the app.
 */
const { max } = DEFAULT_RATE_LIMITS.signIn;
const ATTACKER = '203.0.113.66';
const OWNER = '198.51.100.7';

let database: DbHandle;
beforeAll(async () => {
  database = await createTestDb();
});
afterAll(async () => {
  await database?.close();
});

async function withApp(run: (app: FastifyInstance) => Promise<void>, env: Record<string, string> = {}) {
  const app = await buildApp({ db: database.db, env: readEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env }), rateLimits: DEFAULT_RATE_LIMITS, clientDir: null, responseCache: false, logger: false });
  await app.ready();
  try {
    await run(app);
  } finally {
    await app.close();
  }
}

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
async function redisAnswers(): Promise<boolean> {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 1000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  redis.on('error', () => {});
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

const login = (app: FastifyInstance, from: string, email: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/login', remoteAddress: from, payload: { email, password } });
const adminLogin = (app: FastifyInstance, from: string, username: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/admin/login', remoteAddress: from, payload: { username, password } });
const hasSession = (response: { cookies: { name: string }[] }) => response.cookies.some((cookie) => cookie.name === 'session');

describe('sign-in limits', () => {
  let admin: TestUser;
  beforeAll(async () => {
    admin = await createUser(database.db, { isAdmin: true });
  });

  it("lets an admin sign in from her own address after a stranger's ten wrong passwords for her email, while the stranger's address stays refused", async () => {
    await withApp(async (app) => {
      for (let i = 0; i < max; i++) expect((await adminLogin(app, ATTACKER, admin.email, `Wrong${i}x`)).statusCode).toBe(401);

      // The stranger's address is refused, even with the right password, on both APIs (tRPC and REST).
      const refused = await adminLogin(app, ATTACKER, admin.email, admin.password);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ message: messages.access.rateLimited });
      expect(hasSession(refused)).toBe(false);
      expect((await login(app, ATTACKER, admin.email, admin.password)).statusCode).toBe(429);
      const viaTrpc = await app.inject({
        method: 'POST',
        url: '/trpc/auth.login',
        remoteAddress: ATTACKER,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ email: admin.email, password: admin.password }),
      });
      expect(viaTrpc.statusCode).toBe(429);

      const own = await adminLogin(app, OWNER, admin.email, admin.password);
      expect(own.statusCode).toBe(200);
      expect(hasSession(own)).toBe(true);
      expect((await login(app, OWNER, admin.email, admin.password)).statusCode).toBe(200);
    });
  });

  it('never counts successful sign-ins against the address or the account', async () => {
    const member = await createUser(database.db);
    await withApp(async (app) => {
      for (let i = 0; i < max + 5; i++) {
        const response = i % 2 === 0 ? await login(app, OWNER, member.email, member.password) : await trpcRequest(app, { path: 'auth.login', type: 'mutation', input: { email: member.email, password: member.password } });
        expect(response.statusCode).toBe(200);
      }
      // A mistyped password and then the right one: the usual way to sign in.
      expect((await login(app, OWNER, member.email, 'Mistyped1')).statusCode).toBe(401);
      expect((await login(app, OWNER, member.email, member.password)).statusCode).toBe(200);
    });
  });

  it('asks more than the right password of addresses that failed once an account is guessed at from many addresses', async () => {
    const member = await createUser(database.db);
    await withApp(async (app) => {
      const botnet = Array.from({ length: max }, (_, i) => `192.0.2.${i + 10}`);
      for (const address of botnet) expect((await login(app, address, member.email, 'Guess1234')).statusCode).toBe(401);
      // An address that guessed wrong no longer gets in, even with the right password...
      expect((await login(app, botnet[0]!, member.email, member.password)).statusCode).toBe(429);
      // ...while the owner, from an address with no failures, still does.
      const own = await login(app, OWNER, member.email, member.password);
      expect(own.statusCode).toBe(200);
      expect(hasSession(own)).toBe(true);
    });
  });

  it('lets no burst of parallel wrong passwords past the limit of one address', async () => {
    const member = await createUser(database.db);
    await withApp(async (app) => {
      const answers = await Promise.all(Array.from({ length: 2 * max }, (_, i) => login(app, ATTACKER, `nobody-${i}@example.com`, 'Wrong1234')));
      const statuses = answers.map((answer) => answer.statusCode);
      expect(statuses.filter((status) => status !== 401 && status !== 429)).toEqual([]);
      expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(max);
      expect((await login(app, ATTACKER, member.email, member.password)).statusCode).toBe(429);
    });
  });

  it('counts failures across processes through Redis, and still lets the owner in from elsewhere', async (context) => {
    if (!(await redisAnswers())) return context.skip(`no Redis answered at ${REDIS_URL}`);
    const member = await createUser(database.db);
    // Counts outlive the run in Redis: addresses of this run only.
    const random = () => Math.floor(Math.random() * 250);
    const [attacker, owner] = [`10.${random()}.${random()}.1`, `10.${random()}.${random()}.2`];
    await withApp(
      (one) =>
        withApp(
          async (two) => {
            for (let i = 0; i < max; i++) expect((await login(i % 2 ? one : two, attacker, member.email, `Wrong${i}x`)).statusCode).toBe(401);
            for (const app of [one, two]) expect((await login(app, attacker, member.email, member.password)).statusCode).toBe(429);
            expect((await login(two, owner, member.email, member.password)).statusCode).toBe(200);
          },
          { REDIS_URL },
        ),
      { REDIS_URL },
    );
  });
});
