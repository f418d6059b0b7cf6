import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { seedDemo } from '#db/seed';
import { buildApp, type BuildAppOptions } from './app';
import { openDatabase } from './database';
import { readEnv } from './env';
import { accountService, ensureAdminAccount } from './services/accounts';
import { watchForStalls } from './stall-watch';

/**
 * Starts the site as the environment describes it: the database (migrated), the first
 * admin, the demo content, the app on its port, and a graceful stop on SIGTERM and SIGINT.
 * Each server process of the production entry (server-process.ts) runs it as it is. Settings
 * that weaken the server (the test server's relaxed rate limits, a benchmark's read cache
 * turned off) can only be passed in code, never through the environment of a deployment.
 */
export async function startServer(settings: Pick<BuildAppOptions, 'rateLimits' | 'responseCache'> = {}): Promise<FastifyInstance> {
  const env = readEnv();
  const database = await openDatabase(env, async (db) => {
    if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) await ensureAdminAccount(db, env.ADMIN_EMAIL, env.ADMIN_PASSWORD);
    if (env.SEED_DEMO) await seedDemo(db, accountService);
  });

  const app = await buildApp({
    db: database.db,
    env,
    ...(env.CLIENT_DIR ? { clientDir: resolve(env.CLIENT_DIR) } : {}),
    ...settings,
  });

  const stopWatching = watchForStalls(app.log);
  app.addHook('onClose', async () => stopWatching());

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
  return app;
}
