import cluster from 'node:cluster';
import { extname, resolve } from 'node:path';
import { readEnv } from './env';
import { SERVER_PROCESS_V8_FLAGS } from './server-process-flags';
import { superviseWorkers } from './supervisor';

// The production entry: a supervisor (this process) and WEB_CONCURRENCY server processes
// (server-process.ts, beside this file) it keeps running. PGlite is one process's database
// folder, so without DATABASE_URL one worker serves.
//
// The supervisor loads none of the server's modules or packages: loading them grew its V8 young
// generation to the largest V8 allows (a 128 MiB new space on a 24 GiB machine), and it held
// about 190 MiB it never used (docs/benchmarks.md, "What the supervisor holds").
const env = readEnv();
if (!env.DATABASE_URL && env.WEB_CONCURRENCY > 1) {
  process.stderr.write(`${JSON.stringify({ level: 40, time: Date.now(), msg: 'WEB_CONCURRENCY needs DATABASE_URL: the embedded PGlite is served by one process' })}\n`);
}
// `.js` once built, `.ts` when run from source through tsx (whose loader the workers inherit with
// this process's other flags); every server process also gets the server's V8 flags.
cluster.setupPrimary({
  exec: resolve(import.meta.dirname, `server-process${extname(import.meta.filename)}`),
  execArgv: [...process.execArgv, ...SERVER_PROCESS_V8_FLAGS],
});
superviseWorkers(env.DATABASE_URL ? env.WEB_CONCURRENCY : 1);
