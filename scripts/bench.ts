/**
 * `npm run bench`: the production build with demo data, measured in one run.
 *
 * For each public list (and the tRPC batch Home sends), autocannon with 50 connections
 * against the real server, then against a bare node:http server that answers the same
 * bytes with the same headers: the ceiling of this machine. Prints req/s, p50 and p99
 * latency and the ratio to the ceiling.
 *
 *   BENCH_DURATION=8            seconds per target (default 6)
 *   BENCH_DATABASE_URL=postgres://...   measure on PostgreSQL instead of PGlite (a scratch
 *                                        database: the demo data is loaded into it)
 *   BENCH_FROM_SOURCE=1         run src/server/main.ts through tsx instead of dist/
 *
 * Then the watched-word matcher (bench-watched-words.ts: a post, and the worst event-loop delay
 * while adversarial texts are checked) and, on PostgreSQL, the mail outbox's
 * throughput with two server processes sharing it (bench-mail.ts), 1,000 open notification
 * streams on one process (bench-streams.ts: memory, and the time a notification takes to reach
 * them all), and the fault run: writes and
 * mail through database outages, a killed process and a mail server away (bench-faults.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import { DEMO_ACCOUNTS } from '#db/seed/demo-accounts';
import { reportWatchedWords } from './bench-watched-words';
import { benchMailOutbox, PROCESSES_SHARING_THE_OUTBOX } from './bench-mail';
import { benchNotificationStreams, reportStreams } from './bench-streams';
import { benchColdStarts, benchFaults, benchRepeatedOutages, reportFaults } from './bench-faults';
import { freePort, homeBatchPath, memoryOf, sleep } from './bench-kit';

const ROOT = resolve(import.meta.dirname, '..');
const DURATION = Number(process.env.BENCH_DURATION ?? 6);
const CONNECTIONS = 50;
const TARGET_RATIO = 0.5;
const TARGET_P99_MS = 50;

interface Target {
  name: string;
  path: string;
  signedIn?: boolean;
}

const targets: Target[] = [
  { name: 'GET /api/podcasts', path: '/api/podcasts' },
  { name: 'GET /api/blogs?published=true', path: '/api/blogs?published=true' },
  { name: 'GET /api/events', path: '/api/events' },
  { name: 'GET /api/stats', path: '/api/stats' },
  { name: 'tRPC batch of Home (member)', path: homeBatchPath(), signedIn: true },
];


async function waitFor(url: string, child: ChildProcess, output: string[]) {
  for (let attempt = 0; attempt < 300; attempt++) {
    if (child.exitCode !== null) break;
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(1000) })).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`${url} did not come up:\n${output.join('').slice(-3000)}`);
}

function spawnLogged(args: string[], env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  child.stdout!.on('data', (chunk) => output.push(String(chunk)));
  child.stderr!.on('data', (chunk) => output.push(String(chunk)));
  return { child, output };
}

async function startApp(dataDir: string) {
  const fromSource = process.env.BENCH_FROM_SOURCE === '1';
  const entry = fromSource ? ['--import', 'tsx', 'src/server/main.ts'] : ['dist/server/main.js'];
  if (!fromSource && !existsSync(resolve(ROOT, 'dist/server/main.js'))) {
    throw new Error('dist/server/main.js is missing: run `npm run build` first (npm run bench does).');
  }
  const port = await freePort();
  const { child, output } = spawnLogged(entry, {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
    REDIS_URL: '',
    SEED_DEMO: '1',
    LOG_LEVEL: 'warn',
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/api/health`, child, output);
  return { child, base };
}

/** A server that does nothing but send the captured answer: what this machine can do at best. */
async function startCeiling(file: string) {
  const port = await freePort();
  const code = `
    const { readFileSync } = require('node:fs');
    const { createServer } = require('node:http');
    const { status, headers, body } = JSON.parse(readFileSync(${JSON.stringify(file)}, 'utf8'));
    const bytes = Buffer.from(body, 'base64');
    createServer((req, res) => { res.writeHead(status, headers); res.end(bytes); }).listen(${port}, '127.0.0.1');
  `;
  const { child, output } = spawnLogged(['-e', code], { ...process.env });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/`, child, output);
  return { child, base };
}

interface Measure {
  rps: number;
  p50: number;
  p99: number;
  bad: number;
}

async function measure(url: string, headers: Record<string, string>): Promise<Measure> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bad: result.non2xx + result.errors + result.timeouts,
  };
}

/** Headers a real answer carries that matter to its cost on the wire. */
const KEPT_HEADERS = ['content-type', 'cache-control', 'etag', 'content-security-policy', 'x-content-type-options', 'x-frame-options', 'referrer-policy', 'strict-transport-security', 'cross-origin-opener-policy', 'cross-origin-resource-policy', 'origin-agent-cluster', 'x-dns-prefetch-control', 'x-download-options', 'x-permitted-cross-domain-policies', 'x-xss-protection', 'vary'];

async function main() {
  const work = mkdtempSync(join(tmpdir(), 'bloom-bench-'));
  const children: ChildProcess[] = [];
  const cleanup = () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(work, { recursive: true, force: true });
  };
  process.on('SIGINT', () => {
    cleanup();
    process.exit(130);
  });
  try {
    const app = await startApp(join(work, 'data'));
    children.push(app.child);
    const login = await fetch(`${app.base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO_ACCOUNTS.member.email, password: DEMO_ACCOUNTS.member.password }),
    });
    if (!login.ok) throw new Error(`demo member sign-in failed: ${login.status}`);
    const cookie = /session=[^;]*/.exec(login.headers.get('set-cookie') ?? '')?.[0] ?? '';

    // Memory once started and signed in, before any load.
    await sleep(1000);
    const idle = memoryOf(app.child.pid!);
    const database = process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
    console.log(`Bloom Circle bench: ${database}, demo data, LOG_LEVEL=warn (no per-request log lines), autocannon -c ${CONNECTIONS} -d ${DURATION} per target, node ${process.version}\n`);
    const rows: string[][] = [];
    let met = true;
    for (const target of targets) {
      const headers: Record<string, string> = target.signedIn ? { cookie } : {};
      const sample = await fetch(`${app.base}${target.path}`, { headers });
      const body = Buffer.from(await sample.arrayBuffer());
      if (sample.status !== 200) throw new Error(`${target.name} answered ${sample.status}: ${body.toString().slice(0, 300)}`);
      const kept = Object.fromEntries(KEPT_HEADERS.flatMap((name) => (sample.headers.get(name) ? [[name, sample.headers.get(name)!]] : [])));
      const file = join(work, `answer-${rows.length}.json`);
      writeFileSync(file, JSON.stringify({ status: sample.status, headers: kept, body: body.toString('base64') }));

      const real = await measure(`${app.base}${target.path}`, headers);
      const ceilingServer = await startCeiling(file);
      children.push(ceilingServer.child);
      const ceiling = await measure(`${ceilingServer.base}${target.path}`, {});
      ceilingServer.child.kill('SIGKILL');

      const ratio = real.rps / ceiling.rps;
      const ok = ratio >= TARGET_RATIO && real.p99 < TARGET_P99_MS && real.bad === 0;
      met &&= ok;
      rows.push([
        target.name,
        `${(body.length / 1024).toFixed(1)} KiB`,
        real.rps.toFixed(0),
        `${real.p50} ms`,
        `${real.p99} ms`,
        ceiling.rps.toFixed(0),
        ratio.toFixed(2),
        real.bad ? `${real.bad} failed` : ok ? 'yes' : 'no',
      ]);
    }

    const header = ['Target', 'Answer', 'req/s', 'p50', 'p99', 'Ceiling req/s', 'Ratio', `Target met (>= ${TARGET_RATIO}, p99 < ${TARGET_P99_MS} ms)`];
    const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
    const line = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`;
    console.log(line(header));
    console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
    for (const row of rows) console.log(line(row));
    // Failed requests make the figures meaningless: that is an error, unlike a missed target.
    if (rows.some((row) => row[7]!.endsWith('failed'))) process.exitCode = 1;
    const afterLoad = memoryOf(app.child.pid!);
    if (idle && afterLoad) {
      console.log(`\nServer memory (${database}, the database included when embedded; the supervisor and its server process together): RSS ${idle.rss.toFixed(0)} MiB idle after start, ${afterLoad.rss.toFixed(0)} MiB after the run, peak ${afterLoad.hwm.toFixed(0)} MiB`);
    }
    // The matcher runs in this process, after the server's load: a post, then adversarial texts.
    met &&= await reportWatchedWords();
    const mail = await benchMailOutbox();
    if (mail === 'skipped') console.log('\nMail outbox: skipped (it needs PostgreSQL: set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
    else {
      // A mail sent twice or never is an error, not a missed target.
      if (mail.duplicates > 0 || mail.lost > 0) process.exitCode = 1;
      console.log(
        `\nNewsletter issue to ${mail.mails} subscribers (PostgreSQL, ${PROCESSES_SHARING_THE_OUTBOX} server processes, one SMTP server): queued in ${mail.queueSeconds.toFixed(2)} s, all handed to SMTP in ${mail.seconds.toFixed(1)} s (${Math.round(mail.perSecond)} mails/s); sent twice: ${mail.duplicates}, never sent: ${mail.lost}`,
      );
    }
    // A stream that never got its new count is an error, unlike a slow one.
    if (!reportStreams(await benchNotificationStreams())) process.exitCode = 1;
    // A broken promise (a write lost, a process gone) is an error, unlike a missed target.
    if (!reportFaults(await benchFaults())) process.exitCode = 1;
    if (!benchRepeatedOutages()) process.exitCode = 1;
    if (!(await benchColdStarts())) process.exitCode = 1;
    console.log(`\n${met ? 'Every target met.' : 'Some targets not met (the figures above are the result; the bench does not fail on them).'}`);
  } finally {
    cleanup();
  }
}

await main();
