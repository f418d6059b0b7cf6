import cluster from 'node:cluster';
import { readEnv } from './env';
import { startServer } from './start';
import { superviseWorkers } from './supervisor';

// The production entry: a supervisor (this process) and WEB_CONCURRENCY server processes it
// keeps running. PGlite is one process's database folder, so without DATABASE_URL one worker serves.
if (cluster.isPrimary) {
  const env = readEnv();
  if (!env.DATABASE_URL && env.WEB_CONCURRENCY > 1) {
    process.stderr.write(`${JSON.stringify({ level: 40, time: Date.now(), msg: 'WEB_CONCURRENCY needs DATABASE_URL: the embedded PGlite is served by one process' })}\n`);
  }
  superviseWorkers(env.DATABASE_URL ? env.WEB_CONCURRENCY : 1);
} else {
  await startServer();
}
