/** Pieces the benchmarks share. */
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import postgres from 'postgres';
import { ALL_CATEGORIES } from '#shared/categories';
export { freePort } from '#server/test/free-port';

/** A GET of tRPC procedures batched into one request, the way the client's httpBatchLink sends them. */
export function trpcBatchPath(calls: [procedure: string, input: unknown][]): string {
  const input = Object.fromEntries(calls.map(([, value], index) => [index, value]));
  return `/trpc/${calls.map(([procedure]) => procedure).join(',')}?batch=1&input=${encodeURIComponent(JSON.stringify(input))}`;
}

/** Home's queries for a signed-in member, with the inputs of src/client/lib/page-queries.ts. */
export function homeBatchPath(): string {
  return trpcBatchPath([
    ['content.stats.get', undefined],
    ['content.podcasts.list', { search: '', category: ALL_CATEGORIES, limit: 3 }],
    ['content.directory.list', { limit: 4, sort: 'popular' }],
    ['content.events.list', { upcoming: true, limit: 2 }],
  ]);
}

/** Connections a bench's server keeps to PostgreSQL: twice the machine's cores unless set, as PostgreSQL runs on the same cores. */
export const BENCH_POOL_SIZE = process.env.DATABASE_POOL_SIZE ?? String(2 * availableParallelism());

/** The environment a bench's server runs in: the production build, quiet logs, no demo data, no admin account, no Redis. */
export function benchServerEnv({ port, dataDir, databaseUrl }: { port: number; dataDir: string; databaseUrl: string }) {
  return {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    DATABASE_POOL_SIZE: BENCH_POOL_SIZE,
    REDIS_URL: '',
    SEED_DEMO: '',
    ADMIN_EMAIL: '',
    ADMIN_PASSWORD: '',
    LOG_LEVEL: 'warn',
  };
}

/** The one password of the admin and of members 1..200 (scripts/bench-scale-data.sql, the same since its first version). */
export const BENCH_PASSWORD = 'BloomScale1';
/** Members the mixed workload signs in (ids 1..100). */
export const SIGNED_IN_MEMBERS = 100;

/** What the mixed workload writes to and signs in as, read from the loaded data. */
export async function mixedWorkloadRows(sql: postgres.Sql) {
  const ids = async (query: Promise<{ id: number }[]>) => (await query).map((row) => row.id);
  return {
    memberEmails: (await sql<{ email: string }[]>`select email from users where id <= ${SIGNED_IN_MEMBERS} and approval_status = 'approved' order by id`).map((row) => row.email),
    recentBlogIds: await ids(sql`select id from blogs where is_published order by created_at desc limit 500`),
    recentPodcastIds: await ids(sql`select id from podcasts order by created_at desc limit 300`),
    recentForumIds: await ids(sql`select id from forum_posts order by created_at desc limit 2000`),
    /** Upcoming events without a cap: an RSVP there always succeeds. */
    openEventIds: await ids(sql`select id from events where date_time > now() + interval '1 day' and max_attendees is null order by date_time limit 500`),
  };
}

/** Signs in through the API; answers the session cookie. */
export async function signIn(base: string, path: string, body: object): Promise<string> {
  const response = await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`sign-in at ${path} answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
  const cookie = /session=[^;]*/.exec(response.headers.get('set-cookie') ?? '')?.[0];
  if (!cookie) throw new Error(`sign-in at ${path} set no session cookie`);
  return cookie;
}

export const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** VmRSS and VmHWM (peak) of one process, in MiB. */
function processMemory(pid: number): { rss: number; hwm: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) / 1024;
    return { rss: field('VmRSS'), hwm: field('VmHWM') };
  } catch {
    return null;
  }
}

/**
 * The memory a server takes, in MiB: VmRSS and VmHWM (peak) of its process and its descendants
 * summed, since the production entry is a supervisor and the server processes it started (the
 * peaks of different processes may fall at different times, so their sum is an upper bound).
 * `processes` says how many there were. Null once the server is gone.
 */
export function memoryOf(pid: number): { rss: number; hwm: number; processes: number } | null {
  const each = processTree(pid).map(processMemory).filter((memory) => memory !== null);
  if (each.length === 0) return null;
  return { rss: each.reduce((sum, memory) => sum + memory.rss, 0), hwm: each.reduce((sum, memory) => sum + memory.hwm, 0), processes: each.length };
}

/** The unit of /proc's CPU times: Linux's USER_HZ, which is 100 on x86 and Arm. */
const CLOCK_TICKS_PER_SECOND = 100;

/**
 * A process's parent, its CPU time (user and system) so far and when it started, in ms since
 * boot; null once it is gone. With `mainThreadOnly`, the CPU time of its main thread alone (the
 * thread whose id is the process's), which in Node is the JavaScript thread every request waits
 * for; the rest is V8's collector threads and libuv's threadpool.
 */
function processTimes(pid: number, mainThreadOnly = false): { parent: number; cpu: number; startedAt: number } | null {
  try {
    // The fields after the command name (which may hold spaces): ppid is field 4; utime, stime and starttime are 14, 15 and 22.
    const stat = readFileSync(mainThreadOnly ? `/proc/${pid}/task/${pid}/stat` : `/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = (field: number) => (Number(fields[field - 3]) * 1000) / CLOCK_TICKS_PER_SECOND;
    return { parent: Number(fields[1]), cpu: ticks(14) + ticks(15), startedAt: ticks(22) };
  } catch {
    return null;
  }
}

/** A process and its descendants (the production server is a supervisor with its workers). */
function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const parent = processTimes(Number(entry))?.parent;
    if (parent !== undefined) children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++) tree.push(...(children.get(tree[i]!) ?? []));
  return tree;
}

const msSinceBoot = () => Number(readFileSync('/proc/uptime', 'utf8').split(' ')[0]) * 1000;

/**
 * The PostgreSQL processes that work for one database: its client backends and autovacuum
 * workers, and the server's own processes (checkpointer, WAL writer, background writer,
 * parallel workers), which work for every database. Other databases' backends and autovacuum
 * workers (a test suite's, another bench's) are left out.
 */
function postgresPidsFor(database: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'postgres') continue;
      // The process title: "postgres: 15/main: user database host(port) state", "... autovacuum worker database", "... checkpointer".
      const title = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
      const forDatabase = title.includes('(') || title.includes('autovacuum worker');
      if (!forDatabase || ` ${title} `.includes(` ${database} `)) pids.push(Number(entry));
    } catch {
      // the process ended meanwhile
    }
  }
  return pids;
}

/**
 * Samples, every 200 ms, the CPU time the server (with its worker processes) and PostgreSQL
 * (for `database`) use over a run. A process counts from the run's start (or its own, when it
 * started during the run) to its last sample, so one that ends during the run (an autovacuum
 * worker) loses at most 200 ms. It also keeps each server process's JavaScript thread apart: a
 * Node process serves on that one thread, so its share of the run, not the machine's, says how
 * near the server is to what it can serve.
 */
export function sampleCpu(pids: { server: number; database: string }) {
  const runStartedAt = msSinceBoot();
  const wallStartedAt = performance.now();
  type Group = 'server' | 'postgres' | 'javascriptThread';
  const seen = new Map<string, { first: number; last: number; group: Group }>();
  const record = (group: Group, pid: number, times: ReturnType<typeof processTimes>) => {
    if (!times) return;
    const key = `${group} ${pid}`;
    const known = seen.get(key);
    if (known) known.last = times.cpu;
    else seen.set(key, { first: times.startedAt >= runStartedAt ? 0 : times.cpu, last: times.cpu, group });
  };
  const sample = () => {
    for (const pid of processTree(pids.server)) {
      record('server', pid, processTimes(pid));
      record('javascriptThread', pid, processTimes(pid, true));
    }
    for (const pid of postgresPidsFor(pids.database)) record('postgres', pid, processTimes(pid));
  };
  sample();
  const timer = setInterval(sample, 200);
  return {
    /**
     * Stops sampling: CPU ms the server and PostgreSQL each used over the run, and the share of
     * the run the busiest server process's JavaScript thread was running.
     */
    stop(): CpuUsed {
      sample();
      clearInterval(timer);
      const total = { server: 0, postgres: 0 };
      let busiestThread = 0;
      for (const { first, last, group } of seen.values()) {
        if (group === 'javascriptThread') busiestThread = Math.max(busiestThread, last - first);
        else total[group] += last - first;
      }
      return { ...total, javascriptThreadBusy: busiestThread / Math.max(performance.now() - wallStartedAt, 1) };
    },
  };
}

/** What sampleCpu measured over a run. */
export interface CpuUsed {
  /** CPU ms of the server's processes, every thread. */
  server: number;
  /** CPU ms of PostgreSQL's processes for the database. */
  postgres: number;
  /** The share of the run its busiest server process's JavaScript thread ran (1: never idle). */
  javascriptThreadBusy: number;
}

/** One second of the machine's CPU time, as shares of all its cores' time in that second. */
export interface MachineSecond {
  /** Running any process (user, nice, system, interrupts). */
  busy: number;
  /**
   * Taken by the hypervisor for other virtual machines while this one had work to run (steal):
   * time none of this machine's processes could use, whatever they were doing.
   */
  steal: number;
  /**
   * Linux's pressure stall information (PSI, "some"): the share of the second in which at least
   * one runnable task waited for a CPU, and in which at least one task waited for the disk; null
   * where the kernel does not report it. A second of queued work shows as CPU pressure, one spent
   * waiting on a flush as I/O pressure with the cores idle.
   */
  cpuPressure: number | null;
  ioPressure: number | null;
}

/** Microseconds some task has waited so far, from a /proc/pressure file's "some" line; null without PSI. */
function pressureTotal(resource: 'cpu' | 'io'): number | null {
  try {
    const total = /^some .*total=(\d+)/m.exec(readFileSync(`/proc/pressure/${resource}`, 'utf8'))?.[1];
    return total === undefined ? null : Number(total);
  } catch {
    return null;
  }
}

/** The machine's CPU times so far, in ticks summed over its cores (/proc/stat's first line). */
function machineTimes(): { busy: number; idle: number; steal: number } {
  // user nice system idle iowait irq softirq steal (guest time is already inside user).
  const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!.trim().split(/\s+/).slice(1).map(Number);
  return { busy: user + nice + system + irq + softirq, idle: idle + iowait, steal };
}

/**
 * Samples the whole machine's CPU every second over a run: second i covers [i, i + 1) s from
 * the call. A stall on a shared machine may be no process's: the hypervisor can take the cores
 * away (steal), and this says when it did; the pressure figures say whether work queued for the
 * cores or waited for the disk.
 */
export function sampleMachine() {
  const read = () => ({ times: machineTimes(), at: performance.now(), cpu: pressureTotal('cpu'), io: pressureTotal('io') });
  let last = read();
  const seconds: MachineSecond[] = [];
  const timer = setInterval(() => {
    const now = read();
    const busy = now.times.busy - last.times.busy;
    const steal = now.times.steal - last.times.steal;
    const total = busy + steal + (now.times.idle - last.times.idle);
    const microseconds = (now.at - last.at) * 1000;
    const pressure = (to: number | null, from: number | null) => (to === null || from === null ? null : Math.min(1, (to - from) / microseconds));
    seconds.push({ busy: total > 0 ? busy / total : 0, steal: total > 0 ? steal / total : 0, cpuPressure: pressure(now.cpu, last.cpu), ioPressure: pressure(now.io, last.io) });
    last = now;
  }, 1000);
  return {
    /** Stops sampling: the run's seconds. */
    stop(): MachineSecond[] {
      clearInterval(timer);
      return seconds;
    },
  };
}

/**
 * One second of the server's sessions with PostgreSQL, at most at once: in an open transaction
 * waiting for the server's next statement (idle in transaction), and running a statement. A
 * transaction holds its connection from begin to commit, so when every connection is in one, the
 * reads wait for a transaction to end, and a transaction's statements each wait for a turn of
 * the server's event loop.
 */
export interface SessionsSecond {
  inTransaction: number;
  running: number;
}

/**
 * Samples the sessions of the database at `url` (but its own) from pg_stat_activity every 25 ms
 * over a run: second i covers [i, i + 1) s from the call. While a load runs, the bench's own
 * connections sit idle, so what is counted is the server's.
 */
export function sampleSessions(url: string) {
  const client = postgres(url, { max: 1, onnotice: () => {} });
  const started = performance.now();
  const seconds: SessionsSecond[] = [];
  let stopped = false;
  const sampling = (async () => {
    while (!stopped) {
      const [row] = await client<{ inTransaction: number; running: number }[]>`
        select count(*) filter (where state = 'idle in transaction')::int as "inTransaction", count(*) filter (where state = 'active')::int as running
        from pg_stat_activity where datname = current_database() and backend_type = 'client backend' and pid <> pg_backend_pid()`;
      const second = Math.floor((performance.now() - started) / 1000);
      const kept = (seconds[second] ??= { inTransaction: 0, running: 0 });
      kept.inTransaction = Math.max(kept.inTransaction, row!.inTransaction);
      kept.running = Math.max(kept.running, row!.running);
      await sleep(25);
    }
  })();
  return {
    /** Stops sampling: the run's seconds (a second with no sample holds zeros). */
    async stop(): Promise<SessionsSecond[]> {
      stopped = true;
      await sampling;
      await client.end();
      return Array.from(seconds, (second) => second ?? { inTransaction: 0, running: 0 });
    },
  };
}
