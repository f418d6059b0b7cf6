import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { DbHandle } from '#db/client';
import { buildApp, type BuildAppOptions } from '../app';
import { RELAXED_RATE_LIMITS } from '../auth/rate-limit';
import { readEnv } from '../env';
import { createTestDb } from './test-db';
import { createUser, type TestUser } from './factories';
import { startTestMailServer, type TestMailServer } from './smtp';

export type Role = 'visitor' | 'pending' | 'rejected' | 'member' | 'moderator' | 'admin';

export interface TestApp {
  app: FastifyInstance;
  database: DbHandle;
  db: DbHandle['db'];
  /** app.inject with an optional session cookie. */
  request(options: InjectOptions & { cookie?: string }): Promise<LightMyRequestResponse>;
  /**
   * Creates a user in the given state and, unless it can't sign in, returns her session cookie.
   * Members are established (they publish at once) unless `established: false`.
   */
  signInAs(role: Exclude<Role, 'visitor'>, options?: { established?: boolean; firstName?: string }): Promise<{ user: TestUser; cookie: string }>;
  close(): Promise<void>;
}

/** buildApp's options but the database and the environment, which the test app makes; `env` adds variables (SMTP_URL). */
export type TestAppOptions = Partial<Omit<BuildAppOptions, 'db' | 'env'>> & { env?: Record<string, string> };

export async function createTestApp({ env: extraEnv, ...options }: TestAppOptions = {}): Promise<TestApp> {
  const database = await createTestDb();
  const env = readEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SITE_NAME: 'Bloom Circle', ...extraEnv });
  const app = await buildApp({
    db: database.db,
    env,
    // Tests sign in many times from one address; the rate-limit tests pass the real limits.
    rateLimits: RELAXED_RATE_LIMITS,
    clientDir: null,
    logger: false,
    // Tests read their own writes at once; the read cache has tests of its own.
    responseCache: false,
    ...options,
  });
  await app.ready();

  const request: TestApp['request'] = ({ cookie, headers, ...rest }) =>
    app.inject({ ...rest, headers: { ...headers, ...(cookie ? { cookie } : {}) } });

  const signInAs: TestApp['signInAs'] = async (role, options = {}) => {
    const status = role === 'pending' || role === 'rejected' ? role : 'approved';
    const user = await createUser(database.db, { status, role: role === 'admin' || role === 'moderator' ? role : 'member', ...options });
    if (status !== 'approved') return { user, cookie: '' };
    const response = await request({ method: 'POST', url: '/api/login', payload: { email: user.email, password: user.password } });
    if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
    return { user, cookie: sessionCookieFrom(response) };
  };

  return {
    app,
    database,
    db: database.db,
    request,
    signInAs,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

export type MailTestApp = TestApp & { smtp: TestMailServer };

/**
 * A test app whose mail goes through a real SMTP conversation to a server the test starts
 * (`smtp` holds what arrived), with a mail worker that polls and retries every 50 ms. `close`
 * stops both.
 */
export async function createTestAppWithMail({ env, mailWorker, ...options }: TestAppOptions = {}): Promise<MailTestApp> {
  const smtp = await startTestMailServer();
  try {
    const t = await createTestApp({ ...options, env: { SMTP_URL: smtp.url, ...env }, mailWorker: mailWorker === false ? false : { pollMs: 50, retryBaseMs: 50, ...mailWorker } });
    return {
      ...t,
      smtp,
      close: async () => {
        await t.close();
        await smtp.stop();
      },
    };
  } catch (error) {
    await smtp.stop();
    throw error;
  }
}

/** The `session=...` pair from a response's Set-Cookie, ready for a Cookie header. */
/**
 * The app's JSON log lines, kept for a test to read: pass `logger` to createTestApp, read
 * `lines` (each one line as it would reach stdout, after redaction).
 */
export function capturedLog(level: 'trace' | 'info' = 'trace') {
  const lines: string[] = [];
  return { lines, logger: { level, stream: { write: (line: string) => void lines.push(line) } } };
}

export function sessionCookieFrom(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === 'session');
  if (!cookie) throw new Error('no session cookie in response');
  return `session=${cookie.value}`;
}
