import { z } from 'zod';
import { DEFAULT_SITE_NAME } from '../shared/site';

const flag = z
  .enum(['0', '1', 'true', 'false', ''])
  .optional()
  .transform((value) => value === '1' || value === 'true');

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_URL: z.string().optional().transform((value) => value || undefined),
  DATA_DIR: z.string().default('./data'),
  SEED_DEMO: flag,
  ADMIN_EMAIL: z.string().optional().transform((value) => value || undefined),
  ADMIN_PASSWORD: z.string().optional().transform((value) => value || undefined),
  SITE_NAME: z.string().min(1).default(DEFAULT_SITE_NAME),
  PUBLIC_URL: z.string().url().optional().or(z.literal('').transform(() => undefined)),
  REDIS_URL: z.string().optional().transform((value) => value || undefined),
  TRUST_PROXY: flag,
  /** Built client to serve; defaults to dist/client. */
  CLIENT_DIR: z.string().optional().transform((value) => value || undefined),
  /** Test-only: lifts the rate limits for end-to-end runs that sign in many times from one address. */
  RATE_LIMIT_RELAXED: flag,
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
