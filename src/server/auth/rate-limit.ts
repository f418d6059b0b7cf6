import type { FastifyInstance, FastifyRequest } from 'fastify';
import { TRPCError } from '@trpc/server';
import { messages } from '../../shared/messages';

/** What is counted: sign-ins and applications per IP and per email, posts and comments per member. */
export type RateLimitBucket = 'signIn' | 'apply' | 'comment' | 'post' | 'subscribe' | 'suggest';

export type RateLimitSettings = Record<RateLimitBucket, { max: number; windowMs: number }>;

const MINUTE = 60_000;
export const DEFAULT_RATE_LIMITS: RateLimitSettings = {
  signIn: { max: 10, windowMs: MINUTE },
  apply: { max: 10, windowMs: MINUTE },
  comment: { max: 10, windowMs: MINUTE },
  post: { max: 5, windowMs: MINUTE },
  subscribe: { max: 10, windowMs: MINUTE },
  suggest: { max: 5, windowMs: MINUTE },
};

/** For tests and end-to-end runs, which sign in many times from one address. */
export const RELAXED_RATE_LIMITS: RateLimitSettings = Object.fromEntries(
  Object.keys(DEFAULT_RATE_LIMITS).map((bucket) => [bucket, { max: 10_000, windowMs: MINUTE }]),
) as RateLimitSettings;

export interface RateLimiter {
  /** Counts one attempt for each key; throws TOO_MANY_REQUESTS once any key is over its limit. */
  consume(bucket: RateLimitBucket, ...keys: string[]): Promise<void>;
}

type KeyedRequest = FastifyRequest & { rateLimitKey: string };

/**
 * Rate limits share @fastify/rate-limit's stores: in memory by default, Redis when the
 * plugin was registered with one, so several server processes count together.
 * Procedures call this through the context, so the tRPC and REST doors count the same.
 */
export function createRateLimiter(app: FastifyInstance, settings: RateLimitSettings): RateLimiter {
  const limiters = Object.fromEntries(
    Object.entries(settings).map(([bucket, { max, windowMs }]) => [
      bucket,
      app.createRateLimit({
        max,
        timeWindow: windowMs,
        keyGenerator: (request) => (request as KeyedRequest).rateLimitKey,
      }),
    ]),
  ) as Record<RateLimitBucket, ReturnType<FastifyInstance['createRateLimit']>>;

  return {
    async consume(bucket, ...keys) {
      for (const key of keys) {
        // createRateLimit reads only the key and the route's rate-limit config from the request.
        const probe = { rateLimitKey: `${bucket}:${key}`, routeOptions: { config: {} } } as unknown as FastifyRequest;
        const result = await limiters[bucket](probe);
        if (!result.isAllowed && result.isExceeded) {
          throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: messages.access.rateLimited });
        }
      }
    },
  };
}
