/**
 * CPU per request of one build against another, on one machine: machines of the same kind
 * differ by up to two times per request, so only builds measured side by side compare.
 *
 *   npx tsx scripts/bench-compare.ts <checkout> <database URL> [label]
 *
 * `<checkout>` is a built checkout of any commit since 2026-11-24 (`npm ci && npm run build`,
 * and for the read cache off, `dist/server/bench-server.js`, which its own `bench:scale`
 * bundles); `<database URL>` a database its own `bench:scale` loaded (its schema is the
 * checkout's). Each build's server is started with the read cache off (bench-server.js) and
 * then on (main.js), and driven by the `rest` mix of scripts/bench-load.ts, which every build
 * since that day serves: a closed loop of 50 connections, then the open loop at fixed rates
 * (`BENCH_COMPARE_RATES`, default 400 and 700 a second), the same offered load for every build;
 * or, with `BENCH_COMPARE_LOADS` (say 0.5,0.7), at those shares of the rate each build's own
 * closed loop reached: the same load as a share of what each can do, as a CPU figure "at 70%
 * load" means. Prints the rate, p50/p99/slowest, and the server's and PostgreSQL's CPU per request.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import postgres from 'postgres';
import { BENCH_PASSWORD, benchServerEnv, freePort, mixedWorkloadRows, signIn, sleep } from './bench-kit';
import { runLoad, type CommentsSent, type LoadPlan, type MixedData } from './bench-load';

const [checkout, url, label = checkout] = process.argv.slice(2);
if (!checkout || !url) {
  console.error('usage: npx tsx scripts/bench-compare.ts <built checkout> <database URL its bench:scale loaded> [label]');
  process.exit(2);
}
const database = decodeURIComponent(new URL(url).pathname.slice(1));
const RATES = (process.env.BENCH_COMPARE_RATES ?? '400,700').split(',').map(Number);
const LOADS = process.env.BENCH_COMPARE_LOADS?.split(',').map(Number);
if (LOADS?.some((load) => !(load > 0 && load <= 1))) throw new Error('BENCH_COMPARE_LOADS: shares of the saturation rate, above 0 and at most 1');

/** What the mix reads and writes, from the database (as bench-scale.ts reads it); the rest mix sends no card calls. */
async function mixedData(): Promise<Omit<MixedData, 'cookies'> & { memberEmails: string[] }> {
  const sql = postgres(url!, { max: 1, onnotice: () => {} });
  try {
    const noCards = { podcasts: [], listings: [], events: [] };
    return { ...(await mixedWorkloadRows(sql)), homeCards: noCards, firstPageCards: noCards };
  } finally {
    await sql.end();
  }
}

async function measure(entry: string, cache: 'off' | 'on', data: Awaited<ReturnType<typeof mixedData>>) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-compare-'));
  // The same connections to PostgreSQL for every build (bench-scale.ts's own choice).
  const server = spawn(process.execPath, [resolve(checkout!, entry)], {
    cwd: checkout,
    env: benchServerEnv({ port, dataDir, databaseUrl: url! }),
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    for (let attempt = 0; !(await fetch(`${base}/api/stats`).then((answer) => answer.ok, () => false)); attempt++) {
      if (attempt > 300 || server.exitCode !== null) throw new Error(`${entry} did not come up`);
      await sleep(100);
    }
    const cookies: string[] = [];
    const { memberEmails, ...rows } = data;
    for (const email of memberEmails) cookies.push(await signIn(base, '/api/login', { email, password: BENCH_PASSWORD }));
    const plan = { base, data: { ...rows, cookies }, mix: 'rest' as const };
    let commentsSent: CommentsSent = {};
    const run = async (step: LoadPlan) => {
      const { result, cpu } = await runLoad({ ...step, commentsSent }, server.pid!, database);
      commentsSent = result.commentsSent;
      const perRequest = (ms: number) => (ms / Math.max(result.answered, 1)).toFixed(2);
      const bad = Object.entries(result.statuses).filter(([key]) => !/ 2\d\d$/.test(key));
      console.log(
        `${label}, read cache ${cache}, ${step.mode === 'open' ? `open loop at ${step.rate}/s` : 'closed loop of 50'}: ${result.rate.toFixed(0)}/s, ` +
          `p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms, slowest ${result.max.toFixed(0)} ms; ` +
          `CPU per request: server ${perRequest(cpu.server)} + PostgreSQL ${perRequest(cpu.postgres)} ms` +
          (bad.length ? `; not 2xx: ${bad.map(([key, n]) => `${n}× ${key}`).join(', ')}` : ''),
      );
      return result;
    };
    const saturation = await run({ ...plan, seconds: 15, mode: 'closed', connections: 50 });
    const rates = LOADS ? LOADS.map((load) => Math.round(load * saturation.rate)) : RATES;
    for (const rate of rates) await run({ ...plan, seconds: 20, mode: 'open', rate });
  } finally {
    server.kill('SIGTERM');
    await new Promise((done) => (server.exitCode === null ? server.once('exit', done) : done(null)));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const data = await mixedData();
for (const [entry, cache] of [['dist/server/bench-server.js', 'off'], ['dist/server/main.js', 'on']] as const) {
  if (existsSync(resolve(checkout, entry))) await measure(entry, cache, data);
  else console.log(`${label}: no ${entry}; build the checkout (and run its bench:scale once for bench-server.js)`);
}
