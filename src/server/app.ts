import { languageOfRequestHook } from './i18n';
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { TRPCError } from '@trpc/server';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import { Redis } from 'ioredis';
import { smtpTransport, startMailWorker, type MailWorkerOptions } from './mail/worker';
import { publicSite } from './site';
import { registerFeeds } from './feeds';
import { registerCalendarFeed, startEventReminders } from './calendar';
import { startNotificationRetention } from './notifications/inbox';
import { startNotificationDigests } from './notifications/mail';
import { registerNotificationStream, type StreamOptions } from './notifications/live';
import { sql } from 'drizzle-orm';
import type { Db } from '#db/client';
import { messages } from '#shared/messages';
import { createOriginCheck } from './auth/origin-check';
import { createRateLimiter, DEFAULT_RATE_LIMITS, type RateLimitSettings } from './auth/rate-limit';
import type { Env } from './env';
import { answerClientError, errorStatus, RETRY_AFTER_SECONDS, serializeError, statusMessage, withholdQueryText } from './errors';
import { redactSecrets } from './log-redaction';
import { registerAnswerCompression, registerCompleteJsonAsBytes } from './answer-compression';
import { registerAssetCompression } from './asset-compression';
import { registerSecurityHeaders } from './security-headers';
import { registerNoStoreForPersonalAnswers, registerResponseCache, type ResponseCacheOptions } from './response-cache';
import { createSpaPage, loadBuiltRenderer, type RenderPage } from './spa-page';
import { restPlugin } from './rest/plugin';
import { uploadsPlugin } from './rest/uploads';
import { startSessionCache } from './auth/session';
import { createContext, type ContextDeps } from './trpc/context';
import { clientMessage } from './trpc/init';
import { appRouter, type AppRouter } from './trpc/root';
import { refuseKeyedBatch, refuseOversizedBatch } from './trpc/batch-limit';
import { MAX_CALLS_PER_REQUEST } from '#shared/limits';

export interface BuildAppOptions {
  db: Db;
  env: Env;
  /** Overrides for tests and benchmarks; production uses DEFAULT_RATE_LIMITS. */
  rateLimits?: Partial<RateLimitSettings>;
  /** Folder of the built client; defaults to dist/client when it exists. */
  clientDir?: string | null;
  /**
   * Renders each screen's first paint on the server (SSR, src/client/entry-server.tsx); defaults
   * to the build in dist/ssr beside the client when there is one, null sends pages without SSR.
   */
  renderPage?: RenderPage | null;
  /** Replays shared reads until what they read changes (see response-cache.ts); on unless false. */
  responseCache?: boolean | ResponseCacheOptions;
  /**
   * Keeps the sessions looked up lately, dropped by the database's change notices (see
   * auth/session-cache.ts); on unless false.
   */
  sessionCache?: boolean;
  /** false turns logging off (tests); a stream receives the JSON log lines instead of stdout. */
  logger?: false | { level?: string; stream?: { write(line: string): void } };
  /** How long a client may take; production uses DEFAULT_TIMEOUTS, tests shorter ones. */
  timeouts?: Partial<ServerTimeouts>;
  /** The mail worker's pace (tests retry in milliseconds, not minutes); false runs no worker. */
  mailWorker?: Partial<Pick<MailWorkerOptions, 'pollMs' | 'retryBaseMs' | 'maxAttempts' | 'leaseMs' | 'serverAwayRetryMs'>> | false;
  /** The notification stream's heartbeat (tests beat in milliseconds). */
  notificationStream?: StreamOptions;
  /** How often the digest job looks for a period's digests (tests look in milliseconds, not minutes). */
  notificationDigests?: { intervalMs?: number };
}

export interface ServerTimeouts {
  /** From the connection (or the previous answer) to the end of the request's headers. */
  headersMs: number;
  /** From the connection to the end of the request's body; at least headersMs. */
  requestMs: number;
  /** An idle kept-alive connection between requests. */
  keepAliveMs: number;
  /** A connection on which nothing moves either way, answer included. */
  idleMs: number;
}

/**
 * A connection that sends its headers or body slowly, or not at all, is cut off instead of
 * being held: without limits anyone can hold the server's sockets without an account.
 * 30 s for a whole request lets a 5 MB upload through at about 1.5 Mbit/s.
 */
export const DEFAULT_TIMEOUTS: ServerTimeouts = { headersMs: 10_000, requestMs: 30_000, keepAliveMs: 5_000, idleMs: 30_000 };

/**
 * Finds the built client (dist/client) from the bundled server and from the source tree.
 * A build has an assets folder, which tells it apart from the source in src/client.
 */
function defaultClientDir(): string | null {
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = [resolve(here, '../client'), resolve(here, '../../dist/client'), resolve(process.cwd(), 'dist/client')];
  return candidates.find((dir) => existsSync(resolve(dir, 'index.html')) && existsSync(resolve(dir, 'assets'))) ?? null;
}

const REDIS_READY_WAIT_MS = 2_000;

/** Resolves once the client is connected; rejects after `ms`. */
function redisReady(redis: Redis, ms: number): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Redis not ready within ${ms} ms`)), ms);
    redis.once('ready', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** Builds the whole server: used by start.ts, the tests and the benchmark. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { env, db } = options;
  const timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: options.logger?.level ?? env.LOG_LEVEL,
            // Cookies carry session tokens: never in a log line. Bodies (passwords) are never logged.
            redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
            // Nor a failed query's SQL and bound values (see serializeError).
            serializers: { err: serializeError },
            // Nor the tokens of mailed and private links, in a URL or anywhere else in a line.
            hooks: { logMethod: withholdQueryText, streamWrite: redactSecrets },
            ...(options.logger?.stream ? { stream: options.logger.stream } : {}),
          },
    trustProxy: env.TRUST_PROXY,
    // tRPC batches put several procedure names in one path segment.
    routerOptions: { maxParamLength: 5000 },
    bodyLimit: 1024 * 1024,
    // A start on a busy machine can take @fastify/static and the others past Fastify's 10 s
    // default per plugin; a start that truly hangs still fails, after two minutes.
    pluginTimeout: 120_000,
    // A request that arrives while the server closes gets the app's own 503 (below), not Fastify's.
    return503OnClosing: false,
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    connectionTimeout: timeouts.idleMs,
    // Node checks the header and request limits only every connectionsCheckingInterval (30 s by default).
    http: { headersTimeout: timeouts.headersMs, requestTimeout: timeouts.requestMs, connectionsCheckingInterval: Math.min(1_000, timeouts.headersMs / 2) },
    // Refusals made before a route runs answer like every other error.
    clientErrorHandler: answerClientError,
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      const status = errorStatus(error);
      return reply.code(status).header('cache-control', 'no-store').send({ message: statusMessage(status) });
    },
  });

  // tRPC's complete answers become bytes before the read cache stores them and the compressor measures them.
  registerCompleteJsonAsBytes(app);
  // First, so a stored shared read is answered before any other hook runs.
  if (options.responseCache !== false) registerResponseCache(app, db, options.responseCache === true ? {} : options.responseCache);
  registerNoStoreForPersonalAnswers(app);
  if (options.sessionCache !== false) {
    // Without the database's change notices no session is kept: each request reads its own.
    const stopSessionCache = await startSessionCache(db).catch((error: unknown) => {
      app.log.warn({ err: error }, 'session cache: not listening for session changes; sessions are read on every request');
      return undefined;
    });
    if (stopSessionCache) app.addHook('onClose', stopSessionCache);
  }

  // Before any plugin or route: each takes the error handler in force when it is added.
  app.setErrorHandler((error, request, reply) => {
    const status = errorStatus(error);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    // A procedure's refusal keeps its words (createContext runs outside the procedures' own catch).
    const message = error instanceof TRPCError && status !== 503 ? clientMessage(error) : statusMessage(status);
    return reply.code(status).header('cache-control', 'no-store').send({ message });
  });
  // Every 503, from the tRPC endpoint or a REST adapter alike (tRPC sends a web Response: its
  // status is read from it).
  app.addHook('onSend', (_request, reply, payload, done) => {
    const status = payload instanceof Response ? payload.status : reply.statusCode;
    if (status === 503 && !reply.hasHeader('retry-after')) reply.header('retry-after', String(RETRY_AFTER_SECONDS));
    done(null, payload);
  });

  // While the server closes (SIGTERM), a request that still arrives on an open connection is
  // answered like every other 503, with Retry-After, and its connection is closed.
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onRequest', (_request, reply, done) => {
    if (!closing) return done();
    reply.code(503).header('connection', 'close').header('cache-control', 'no-store').send({ message: statusMessage(503) });
  });

  await registerAnswerCompression(app);
  await app.register(fastifyCookie);
  registerSecurityHeaders(app);

  const redis = env.REDIS_URL ? new Redis(env.REDIS_URL, { maxRetriesPerRequest: 1, connectTimeout: 1000, enableOfflineQueue: false }) : undefined;
  if (redis) {
    redis.on('error', (error) => app.log.warn({ err: error }, 'redis unavailable'));
    app.addHook('onClose', async () => {
      redis.disconnect();
    });
    // The client refuses commands until it is connected (no offline queue), and the rate limits
    // skip Redis errors: without this wait the first requests after a start would go uncounted.
    // A Redis that doesn't answer in time is reported, and the server starts anyway.
    await redisReady(redis, REDIS_READY_WAIT_MS).catch((error: unknown) => app.log.warn({ err: error }, 'redis not ready at start'));
  }
  // Only the limits the procedures ask for; no global limit on page and list traffic.
  await app.register(fastifyRateLimit, { global: false, ...(redis ? { redis, skipOnError: true } : {}) });
  const rateLimiter = createRateLimiter(app, { ...DEFAULT_RATE_LIMITS, ...options.rateLimits });

  app.addHook('onRequest', languageOfRequestHook);
  app.addHook('onRequest', createOriginCheck(env.PUBLIC_URL));

  const mailWorker = options.mailWorker === false ? undefined : startMailWorkerFor(app, db, env, options.mailWorker ?? {});
  app.addHook('onClose', async () => {
    await mailWorker?.stop();
  });
  const mail = {
    site: publicSite(env),
    sendSoon: () => void mailWorker?.runOnce().catch((error: unknown) => app.log.warn({ err: error }, 'mail worker: run failed')),
  };
  const deps: ContextDeps = { db, env, rateLimiter, mail };
  // Reminders 24 hours before an event go with the mail worker: no worker, no reminders.
  if (mailWorker) {
    const reminders = startEventReminders({ db, site: mail.site, log: app.log, onQueued: mail.sendSoon });
    // Read notifications past their keeping time go with the same periodic jobs.
    const retention = startNotificationRetention({ db, log: app.log });
    // Digests too: the day and the week end at midnight in the site's zone, where the community lives.
    const digests = startNotificationDigests({ db, site: mail.site, timeZone: env.SITE_TIME_ZONE, log: app.log, onQueued: mail.sendSoon, ...options.notificationDigests });
    app.addHook('onClose', async () => {
      reminders.stop();
      retention.stop();
      digests.stop();
    });
  }

  app.addHook('onRequest', refuseOversizedBatch);
  app.addHook('onRequest', refuseKeyedBatch);
  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      maxBatchSize: MAX_CALLS_PER_REQUEST,
      createContext: ({ req, res }) => createContext(deps, req, res),
      onError: ({ error, req }) => {
        if (error.code === 'INTERNAL_SERVER_ERROR') req.log.error({ err: error.cause ?? error }, 'procedure failed');
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  });

  registerNotificationStream(app, db, options.notificationStream);
  await app.register(restPlugin, deps);
  registerFeeds(app, db, publicSite(env));
  registerCalendarFeed(app, db, publicSite(env));
  await app.register(uploadsPlugin, deps);

  app.get('/api/health', async (_request, reply) => {
    await db.execute(sql`select 1`);
    return reply.header('cache-control', 'no-store').send({ ok: true });
  });

  const clientDir = options.clientDir === undefined ? defaultClientDir() : options.clientDir;
  const renderer =
    options.renderPage !== undefined || !clientDir
      ? Promise.resolve(options.renderPage ?? null)
      : loadBuiltRenderer(clientDir).catch((error: unknown) => {
          app.log.error({ err: error }, 'the server-side renderer did not load; pages go out without it');
          return null;
        });
  const sendSpaPage = clientDir ? createSpaPage(clientDir, deps, renderer) : undefined;
  if (clientDir) {
    registerAssetCompression(app, clientDir);
    await app.register(fastifyStatic, {
      root: clientDir,
      index: false,
      wildcard: false,
      cacheControl: false,
      setHeaders: (res, path) => {
        // Hashed build assets never change; everything else is revalidated.
        res.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !/^\/(api|trpc|uploads)(\/|$)/.test(path) &&
      !/\.[a-z0-9]+$/i.test(path);
    if (sendSpaPage && isPage) return sendSpaPage(request, reply);
    return reply.code(404).send({ message: messages.http.notFound });
  });

  return app;
}


/**
 * Every server process sends mail: over SMTP when SMTP_URL is set; without it, mail stays in
 * the outbox and, outside production, each one is printed to the log.
 */
function startMailWorkerFor(app: FastifyInstance, db: Db, env: Env, pace: NonNullable<Exclude<BuildAppOptions['mailWorker'], false>>) {
  const from = env.MAIL_FROM ?? `"${env.SITE_NAME.replace(/["\\]/g, '')}" <no-reply@localhost>`;
  return startMailWorker({
    db,
    site: publicSite(env),
    transport: env.SMTP_URL ? smtpTransport(env.SMTP_URL, from) : null,
    print: env.NODE_ENV === 'production' ? undefined : (mail) => app.log.info({ mail: { to: mail.recipient, subject: mail.subject, text: mail.text } }, 'mail (no SMTP_URL: kept in the outbox)'),
    log: app.log,
    leaseMs: env.MAIL_LEASE_SECONDS * 1000,
    ...pace,
  });
}
