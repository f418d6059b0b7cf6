import { resolve } from 'node:path';
import { seedDemo } from '../../db/seed';
import { buildApp } from './app';
import { RELAXED_RATE_LIMITS } from './auth/rate-limit';
import { openDatabase } from './database';
import { readEnv } from './env';
import { ensureAdminAccount } from './services/accounts';

const env = readEnv();
const database = await openDatabase(env);

if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) {
  await ensureAdminAccount(database.db, env.ADMIN_EMAIL, env.ADMIN_PASSWORD);
}
if (env.SEED_DEMO) {
  await seedDemo(database.db);
}

const app = await buildApp({
  db: database.db,
  env,
  ...(env.CLIENT_DIR ? { clientDir: resolve(env.CLIENT_DIR) } : {}),
  ...(env.RATE_LIMIT_RELAXED ? { rateLimits: RELAXED_RATE_LIMITS } : {}),
});

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  // app.close() stops accepting connections and waits for in-flight requests to finish.
  await app.close();
  await database.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: env.PORT, host: env.HOST });
