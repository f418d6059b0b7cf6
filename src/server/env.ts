import { z } from 'zod';
import { DEFAULT_SITE_NAME } from '#shared/site';
import { DEFAULT_TIME_ZONE, isTimeZone } from '#shared/event-time';

const flag = z
  .enum(['0', '1', 'true', 'false', ''])
  .optional()
  .transform((value) => value === '1' || value === 'true');

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_URL: z.string().optional().transform((value) => value || undefined),
  /**
   * Connections each server process keeps to PostgreSQL. More connections than the database's
   * cores can keep busy only make its processes take turns (see the README's scale figures).
   */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  /** Server processes `npm start` runs and keeps running (src/server/supervisor.ts); PostgreSQL only. */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(1),
  DATA_DIR: z.string().default('./data'),
  SEED_DEMO: flag,
  ADMIN_EMAIL: z.string().optional().transform((value) => value || undefined),
  ADMIN_PASSWORD: z.string().optional().transform((value) => value || undefined),
  SITE_NAME: z.string().min(1).default(DEFAULT_SITE_NAME),
  /** The zone of events whose admin names none (an IANA name Intl knows, e.g. Europe/London). */
  SITE_TIME_ZONE: z
    .string()
    .optional()
    .transform((value) => value?.trim() || DEFAULT_TIME_ZONE)
    .refine(isTimeZone, 'expected an IANA time zone name such as Africa/Cairo'),
  PUBLIC_URL: z.string().url().optional().or(z.literal('').transform(() => undefined)),
  REDIS_URL: z.string().optional().transform((value) => value || undefined),
  /** The mail server, e.g. smtp://user:password@mail.example.org:587; unset keeps mail in the outbox. */
  SMTP_URL: z.string().optional().transform((value) => value || undefined),
  /**
   * How long a server process holds mail it claimed without renewing the claim (it renews while
   * it sends): after a process dies, another sends its mail within this time.
   */
  MAIL_LEASE_SECONDS: z.coerce.number().int().min(5).max(600).default(30),
  /** The sender; defaults to "<SITE_NAME>" <no-reply@localhost>. */
  MAIL_FROM: z.string().optional().transform((value) => value || undefined),
  /**
   * Which X-Forwarded-For entries to believe, as Fastify's trustProxy. A hop count: '1' (or
   * 'true') for one proxy in front, '2' for two; the address used is the one the outermost
   * trusted proxy saw, so entries a client wrote before it change nothing. Only safe when the
   * server can't be reached around the proxies. Or proxy addresses and CIDRs (or proxy-addr's
   * loopback, linklocal, uniquelocal) separated by commas: only those are believed, so a
   * client that reaches the server directly is its own address. '0', 'false' or unset: none.
   * A count becomes the per-hop function, since Fastify's `true` believes the left-most entry,
   * which the client writes, and it ignores bare numbers.
   */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const text = value?.trim() ?? '';
      if (text === '' || text === '0' || text === 'false') return false;
      const hops = text === 'true' ? 1 : /^\d+$/.test(text) ? Number(text) : undefined;
      if (hops !== undefined) return (_address: string, hop: number) => hop < hops;
      const proxies = text.split(',').map((entry) => entry.trim());
      const proxy = z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6(), z.enum(['loopback', 'linklocal', 'uniquelocal'])]);
      if (proxies.every((entry) => proxy.safeParse(entry).success)) return proxies;
      ctx.addIssue({ code: 'custom', message: 'expected a hop count, or proxy addresses and CIDRs separated by commas' });
      return z.NEVER;
    }),
  /**
   * 'required': staff (moderators and admins) without a second factor get 403 'Two-factor
   * sign-in is required' on every staff call and are sent to set one up. 'optional' keeps
   * SPEC.md's password-only admin sign-in working.
   */
  STAFF_MFA: z.enum(['optional', 'required']).default('optional'),
  /** Built client to serve; defaults to dist/client. */
  CLIENT_DIR: z.string().optional().transform((value) => value || undefined),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Env = z.infer<typeof EnvSchema>;

/** Reads the environment once; a bad value stops the start with a clear message. */
export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`Invalid environment variable ${issue?.path.join('.')}: ${issue?.message}`);
  }
  return parsed.data;
}
