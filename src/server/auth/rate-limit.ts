import type { FastifyInstance, FastifyRequest } from 'fastify';
import { TRPCError } from '@trpc/server';
import { messages } from '#shared/messages';

/**
 * What is counted: wrong sign-in passwords per address and per account from an address,
 * applications per IP and per email, posts and comments per member, password resets per
 * address and per email, and every call that mails someone: per recipient address
 * (`mailRecipient`, whatever the mail) and per account asking (`mailSender`).
 */
export type RateLimitBucket = 'signIn' | 'apply' | 'comment' | 'post' | 'subscribe' | 'suggest' | 'passwordReset' | 'mailRecipient' | 'mailSender';

export type RateLimitSettings = Record<RateLimitBucket, { max: number; windowMs: number }>;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
export const DEFAULT_RATE_LIMITS: RateLimitSettings = {
  signIn: { max: 10, windowMs: MINUTE },
  apply: { max: 10, windowMs: MINUTE },
  comment: { max: 10, windowMs: MINUTE },
  post: { max: 5, windowMs: MINUTE },
  subscribe: { max: 10, windowMs: MINUTE },
  suggest: { max: 5, windowMs: MINUTE },
  // Like sign-in: reset requests per address and per email, reset attempts per address.
  passwordReset: { max: 10, windowMs: MINUTE },
  // Nobody's inbox can be filled from the site: an address gets at most five mails an hour that
  // a call asked for (applications, resets, email changes, subscriptions, test sends together),
  // and one account asks for at most ten.
  mailRecipient: { max: 5, windowMs: HOUR },
  mailSender: { max: 10, windowMs: HOUR },
};

/** The address a mail-limit key names: one spelling per address, whatever case it was typed in. */
export const recipientKey = (email: string) => `to:${email.trim().toLowerCase()}`;

/** For tests and end-to-end runs, which sign in many times from one address. */
export const RELAXED_RATE_LIMITS: RateLimitSettings = Object.fromEntries(
  Object.keys(DEFAULT_RATE_LIMITS).map((bucket) => [bucket, { max: 10_000, windowMs: MINUTE }]),
) as RateLimitSettings;

/** The keys of an attempt where only failures count (see RateLimiter.limitFailures). */
export interface FailureKeys {
  /** Each is refused once it holds the bucket's limit of failures (an address; an account from that address). */
  keys: string[];
  /**
   * Counted too, but never refused by itself, since anyone can name it (an account): once it
   * holds the limit, an attempt whose `keys` show a single failure is refused.
   */
  watch?: string;
}

export interface RateLimiter {
  /** Counts one attempt for each key; throws TOO_MANY_REQUESTS once any key is over its limit. */
  consume(bucket: RateLimitBucket, ...keys: string[]): Promise<void>;
  /**
   * Runs `attempt` unless its keys hold too many recent failures (then TOO_MANY_REQUESTS, before
   * running it); an attempt that resolves to undefined failed and is counted against every key.
   * Successes count nothing, so a right answer is never what locks someone out.
   */
  limitFailures<T>(bucket: RateLimitBucket, keys: FailureKeys, attempt: () => Promise<T | undefined>): Promise<T | undefined>;
}

type KeyedRequest = FastifyRequest & { rateLimitKey: string };

/** The hour-long mail limits say so, rather than asking to wait a minute. */
const tooManyRequests = (bucket?: RateLimitBucket) =>
  new TRPCError({ code: 'TOO_MANY_REQUESTS', message: bucket === 'mailRecipient' || bucket === 'mailSender' ? messages.access.mailRateLimited : messages.access.rateLimited });

/**
 * Rate limits share @fastify/rate-limit's stores: in memory by default, Redis when the
 * plugin was registered with one, so several server processes count together.
 * Procedures call this through the context, so the tRPC endpoint and the REST adapters count the same.
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

  // createRateLimit reads only the key and the route's rate-limit config from the request.
  const probe = (key: string) => ({ rateLimitKey: key, routeOptions: { config: {} } }) as unknown as FastifyRequest;

  /** How many times a key was counted in its current window, counting nothing. */
  const counted = async (bucket: RateLimitBucket, key: string) => {
    const result = await limiters[bucket](probe(key), { increment: false });
    return result.isAllowed ? 0 : result.max - result.remaining;
  };

  // Failures are counted after the attempt, so attempts still under way in this process count as
  // failures meanwhile: otherwise a burst sent at once would pass the check before any is counted.
  const underWay = new Map<string, number>();
  const track = (keys: string[], step: 1 | -1) => {
    for (const key of keys) {
      const next = (underWay.get(key) ?? 0) + step;
      if (next > 0) underWay.set(key, next);
      else underWay.delete(key);
    }
  };

  return {
    async consume(bucket, ...keys) {
      for (const key of keys) {
        const result = await limiters[bucket](probe(`${bucket}:${key}`));
        if (!result.isAllowed && result.isExceeded) throw tooManyRequests(bucket);
      }
    },

    // Checks first and counts after a failure with the stores' own read and increment, so it
    // works the same in memory and across processes through Redis.
    async limitFailures(bucket, { keys, watch }, attempt) {
      const all = [...keys, ...(watch === undefined ? [] : [watch])].map((key) => `${bucket}:${key}`);
      const before = all.map((key) => underWay.get(key) ?? 0);
      track(all, 1);
      try {
        const failures = await Promise.all(all.map(async (key, i) => (await counted(bucket, key)) + before[i]!));
        const { max } = settings[bucket];
        const own = failures.slice(0, keys.length);
        const watched = watch === undefined ? 0 : failures[keys.length]!;
        if (own.some((count) => count >= max) || (watched >= max && own.some((count) => count > 0))) throw tooManyRequests();

        const result = await attempt();
        if (result === undefined) await Promise.all(all.map((key) => limiters[bucket](probe(key))));
        return result;
      } finally {
        track(all, -1);
      }
    },
  };
}
