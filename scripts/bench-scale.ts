/**
 * `npm run bench:scale`: the production build against a PostgreSQL database holding a large
 * community (100k members, 20k blog posts, 500k comments, 1M likes, 1M notifications, ...), measured with the
 * read cache off (the targets: p99 under 50 ms) and on (for information).
 *
 * It empties BENCH_DATABASE_URL, migrates it as the server does at start, fills it with
 * scripts/bench-scale-data.sql, starts the server as a child process and runs autocannon
 * against the reads that grow with the data (searches, deep pages, admin lists) and the
 * first pages every visitor opens, then a mixed workload of members reading and writing
 * (scripts/bench-load.ts, in its own process): a closed loop finds the saturation rate, then an
 * open loop offers 25, 50, 70 and 85% of it, printing latency from each request's due time and
 * the server's and PostgreSQL's CPU time per request and how much of the run the server's one
 * JavaScript thread was busy, and the closed loop runs again after the
 * steps to show how far the machine's own capacity moved meanwhile. The targets: p99 under 50 ms for every
 * read, and at 25, 50 and 70% of saturation, with no answer over 500 ms at 70%.
 *
 *   BENCH_DATABASE_URL=postgres://...  required: a scratch database it may empty and fill
 *   BENCH_SCALE=1                      the data's volume: 0.1 loads a tenth of the members, blogs,
 *                                      forum posts and comments, for trying changes quickly
 *   BENCH_DURATION=5                   seconds per target (10 connections)
 *   BENCH_MIXED_DURATION=15            seconds of the mixed workload's closed loop (50 connections)
 *   BENCH_OPEN_LOOP_DURATION=30        seconds of the open loop at each offered rate (a p99 needs a few thousand answers)
 *   BENCH_WARM_UP_SECONDS=6            seconds each load run sends before the seconds it counts (the open loop rising
 *                                      to its rate over the first half): a new generator process warms up meanwhile
 *   BENCH_SATURATION=2000              the rate (req/s) the open loop takes shares of, instead of the closed loop's: the
 *                                      same offered rates for two builds (the closed loop's varies by a fifth from run to run)
 *   BENCH_REUSE_DATA=1                 keep the data a previous run loaded (skips reset and load)
 *   BENCH_ONLY=regex                   measure only the targets whose name matches (the mixed workload is "Mixed")
 *   BENCH_CACHE=off|on                 run one of the two servers only
 *   BENCH_CPU_PROFILE=folder           write the server's CPU profiles (node --cpu-prof) there
 *   BENCH_SERVER_NODE_FLAGS='--flag'   flags for the server's node, to try a V8 setting (--max-semi-space-size=64)
 *   BENCH_SERVER_LOG=file              append what the server prints to the file instead of summing up its warnings
 *   DATABASE_POOL_SIZE=n               the server's connections; by default twice this machine's
 *                                      cores, since PostgreSQL runs on the same cores here
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import { ALL_CATEGORIES } from '#shared/categories';
import { build } from 'esbuild';
import postgres from 'postgres';
import { createDb } from '#db/client';
import { runMigrations } from '#db/migrate';
import { hashPassword } from '#server/auth/password';
import { NOTIFICATION_PAGE_SIZE } from '#shared/notifications';
import { notificationViews, unreadCount } from '#server/notifications/inbox';
import { SERVER_PROCESS_V8_FLAGS } from '#server/server-process-flags';
import { SERVER_BUNDLE_OPTIONS } from './server-bundle-options';
import { BENCH_PASSWORD, BENCH_POOL_SIZE, benchServerEnv, freePort, homeBatchPath, memoryOf, mixedWorkloadRows, sampleCpu, signIn, SIGNED_IN_MEMBERS, sleep, trpcBatchPath, type MachineSecond } from './bench-kit';
import { homeCardsBatchPath, percentile, runLoad, WARM_UP_SECONDS, type CommentsSent, type LoadResult, type MixedData } from './bench-load';

const ROOT = resolve(import.meta.dirname, '..');
const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const MIXED_DURATION = Number(process.env.BENCH_MIXED_DURATION ?? 15);
/** Seconds of the open loop at each offered rate. */
const OPEN_LOOP_DURATION = Number(process.env.BENCH_OPEN_LOOP_DURATION ?? 30);
const WARM_UP = Number(process.env.BENCH_WARM_UP_SECONDS ?? WARM_UP_SECONDS);
if (!(WARM_UP >= 0)) throw new Error('BENCH_WARM_UP_SECONDS is a number of seconds, such as 6 (0 for none)');
const SATURATION_GIVEN = process.env.BENCH_SATURATION ? Number(process.env.BENCH_SATURATION) : undefined;
if (SATURATION_GIVEN !== undefined && !(SATURATION_GIVEN > 0)) throw new Error('BENCH_SATURATION is a rate in requests a second, such as 2000');
/** What a browser says it can decode: answers are measured compressed, as the site sends them. */
const ACCEPT_ENCODING = 'gzip, deflate, br';
const CONNECTIONS = 10;
const MIXED_CONNECTIONS = 50;
const TARGET_P99_MS = 50;

const ADMIN_EMAIL = 'admin@bench.example';
/** What the data holds and doesn't (bench-scale-data.sql). */
const WORD_IN_NO_POST = 'zyxwvquartz';
const RARE_BLOG_WORD = 'saffronquill';
const RARE_PODCAST_WORD = 'moonlitcedar';
const COMMON_WORD = 'sunflower';
/**
 * The words every search is measured with: none, common (in three items in five) and very
 * common (in every item), in English and in Arabic (typed without the hamza, the teh marbuta
 * and the tanwin the text has: 'إيمان', 'معاً'). Members search for common words far more often
 * than for words in no post.
 */
const SEARCH_WORDS = [
  { name: 'word in no post', word: WORD_IN_NO_POST },
  { name: 'common word', word: COMMON_WORD },
  { name: 'very common word', word: 'together' },
  { name: 'common Arabic word', word: 'ايمان' },
  { name: 'very common Arabic word', word: 'معا' },
];
/** First names in the data: 'Amira' is one member in 41, 'أمينة' (searched as 'امينه') too. */
const MEMBER_NAMES = [
  { name: 'a common name', word: 'Amira' },
  { name: 'a common Arabic name', word: 'امينه' },
  { name: 'no member', word: WORD_IN_NO_POST },
];
/** The data's volumes at BENCH_SCALE (1: 100k members, 20k blogs, 500k comments, 200k forum posts). */
const SCALE = Number(process.env.BENCH_SCALE ?? 1);
function volumes(): Record<string, number> {
  if (!(SCALE > 0 && SCALE <= 1)) throw new Error('BENCH_SCALE must be above 0 and at most 1');
  // Blogs in multiples of 400 (every 400th a draft), at least enough members for the likes' pairs.
  const scaled = (full: number, unit: number, least: number) => Math.max(least, Math.round((full * SCALE) / unit) * unit);
  return {
    members: scaled(100_000, 1000, 2000),
    blogs: scaled(20_000, 400, 800),
    blog_comments: scaled(495_000, 1000, 5000),
    forum_posts: scaled(200_000, 1000, 3000),
    forum_comments: scaled(298_000, 1000, 3000),
  };
}
/** Part of one member's email, the way an admin looks someone up. */
const ADMIN_SEARCH = '.4242@';
/** The client's page sizes (use-paged-list.ts, community/(forum)/blog.tsx, admin-kit.tsx). */
const GRID_PAGE = 12;
const COMMENT_PAGE = 50;
const FORUM_PAGE = 20;
const ADMIN_PAGE = 100;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const milliseconds = (ms: number) => (Number.isFinite(ms) ? `${Math.round(ms)} ms` : `> ${DURATION * 1000} ms`);

// ---------------------------------------------------------------- database

function databaseName(url: string): string {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  if (!name) throw new Error('BENCH_DATABASE_URL names no database');
  return name;
}

/** Creates the database when it is missing, through the server's maintenance database. */
async function ensureDatabase(url: string) {
  const probe = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await probe`select 1`;
    return;
  } catch (error) {
    if ((error as { code?: string }).code !== '3D000') throw error;
  } finally {
    await probe.end();
  }
  const maintenance = new URL(url);
  maintenance.pathname = '/postgres';
  const admin = postgres(maintenance.toString(), { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database "${databaseName(url).replace(/"/g, '""')}"`);
    console.log(`Created database ${databaseName(url)}.`);
  } finally {
    await admin.end();
  }
}

/** The steps of bench-scale-data.sql, each introduced by a `-- step: name` line. */
function dataSteps(): { name: string; sql: string }[] {
  const volume = volumes();
  const text = readFileSync(resolve(ROOT, 'scripts/bench-scale-data.sql'), 'utf8').replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    if (volume[name] === undefined) throw new Error(`bench-scale-data.sql names an unknown volume {{${name}}}`);
    return String(volume[name]);
  });
  return text
    .split(/^-- step: /m)
    .slice(1)
    .map((part) => {
      const newline = part.indexOf('\n');
      return { name: part.slice(0, newline).trim(), sql: part.slice(newline + 1) };
    });
}

async function resetAndLoad(url: string) {
  await ensureDatabase(url);
  const started = Date.now();
  // One connection: the steps share temporary tables, functions and settings.
  const sql = postgres(url, { max: 1, onnotice: () => {}, idle_timeout: 0 });
  try {
    await sql.unsafe('drop schema if exists drizzle cascade; drop schema if exists public cascade; create schema public;').simple();
    const handle = createDb({ url, maxConnections: 1 });
    try {
      await runMigrations(handle);
    } finally {
      await handle.close();
    }
    console.log(`Reset and migrated in ${seconds(Date.now() - started)}.`);

    // One argon2id hash for everyone the benchmark signs in as, another for everyone else.
    const [knownHash, otherHash] = await Promise.all([hashPassword(BENCH_PASSWORD), hashPassword(crypto.randomUUID())]);
    await sql`select set_config('bench.known_hash', ${knownHash}, false), set_config('bench.other_hash', ${otherHash}, false)`;

    const loadStarted = Date.now();
    for (const step of dataSteps()) {
      const stepStarted = Date.now();
      await sql.unsafe(step.sql).simple();
      console.log(`  ${step.name}: ${seconds(Date.now() - stepStarted)}`);
    }
    const inserted = Date.now() - loadStarted;
    // The load inserts each kind of row in a few big statements, and after each the count
    // triggers rewrite every item's row once (likes, then comments, ...): the items' tables end
    // up with several dead versions of each row, which a live site, writing a row at a time,
    // never piles up. Compact them, then do what autovacuum would have done on a live site:
    // visibility maps and planner statistics.
    const vacuumStarted = Date.now();
    await sql.unsafe('vacuum (full) blogs, podcasts, forum_posts, directory_listings, events');
    await sql.unsafe('vacuum (analyze)');
    console.log(`  vacuum and analyze: ${seconds(Date.now() - vacuumStarted)}`);
    console.log(`Data loaded in ${seconds(Date.now() - loadStarted)} (inserts ${seconds(inserted)}); reset, migrations and load ${seconds(Date.now() - started)}.`);
  } finally {
    await sql.end();
  }
}

interface Fixtures extends Awaited<ReturnType<typeof mixedWorkloadRows>> {
  busyBlog: { id: number; comments: number };
  /** Keyset cursors of the deepest pages: the blog just before the last page of cards, the busy post's comment before its last page. */
  lastBlogPageCursor: { after: number; position: number };
  lastCommentPageCursor: number;
  /** How many items hold each searched word, by list: `${list} ${word}`. */
  hits: Map<string, number>;
}

async function describeData(url: string): Promise<Fixtures> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const volumes = await sql<{ name: string; rows: string }[]>`
      select name, rows from (values
        ('members (approved)', (select count(*) from users where approval_status = 'approved' and role = 'member')),
        ('established members', (select count(*) from users where established)),
        ('applicants', (select count(*) from users where approval_status <> 'approved')),
        ('blog posts', (select count(*) from blogs)),
        ('blog drafts', (select count(*) from blogs where not is_published)),
        ('blog comments', (select count(*) from blog_comments)),
        ('likes (blogs, podcasts, listings, forum)', (select (select count(*) from blog_likes) + (select count(*) from podcast_likes) + (select count(*) from directory_likes) + (select count(*) from forum_post_likes))),
        ('podcasts', (select count(*) from podcasts)),
        ('podcast comments', (select count(*) from podcast_comments)),
        ('events', (select count(*) from events)),
        ('upcoming events', (select count(*) from events where date_time >= now())),
        ('RSVPs', (select count(*) from event_rsvps)),
        ('forum posts', (select count(*) from forum_posts)),
        ('forum comments', (select count(*) from forum_comments)),
        ('notifications', (select count(*) from notifications)),
        ('directory listings', (select count(*) from directory_listings)),
        ('directory reviews', (select count(*) from directory_reviews)),
        ('places', (select count(*) from places)),
        ('newsletter subscriptions', (select count(*) from newsletter_subscriptions))
      ) as v(name, rows)`;
    const [size] = await sql<{ size: string }[]>`select pg_size_pretty(pg_database_size(current_database())) as size`;
    console.log(
      `Volumes: ${volumes.map(({ name, rows }) => `${name} ${Number(rows).toLocaleString('en')}`).join(', ')}; database ${size?.size}.`,
    );

    const [busy] = await sql<{ id: number; n: string }[]>`select blog_id as id, count(*) as n from blog_comments group by blog_id order by count(*) desc limit 1`;
    const [published] = await sql<{ n: string }[]>`select count(*) as n from blogs where is_published`;
    const position = Math.max(0, Number(published!.n) - GRID_PAGE - 1);
    const [lastBlogPage] = await sql<{ id: number }[]>`select id from blogs where is_published order by created_at desc, id desc offset ${position} limit 1`;
    const [lastCommentPage] = await sql<{ id: number }[]>`
      select id from blog_comments where blog_id = ${busy!.id} order by created_at, id offset ${Math.max(0, Number(busy!.n) - COMMENT_PAGE - 1)} limit 1`;
    return {
      ...(await mixedWorkloadRows(sql)),
      busyBlog: { id: busy!.id, comments: Number(busy!.n) },
      lastBlogPageCursor: { after: lastBlogPage!.id, position: position + 1 },
      lastCommentPageCursor: lastCommentPage!.id,
      hits: await countHits(sql),
    };
  } finally {
    await sql.end();
  }
}

// ---------------------------------------------------------------- her bell's queries

/**
 * Her bell's two queries run straight against the database, one at a time, 500 times each:
 * what they cost without the HTTP server and the load generator around them (the targets
 * below measure the whole request).
 */
async function measureNotificationQueries(url: string): Promise<string[]> {
  const handle = createDb({ url, maxConnections: 1 });
  const lines: string[] = [];
  try {
    for (const [who, userId] of [['member 1, 2,000 notifications (1,500 unread)', 1], [`member ${SIGNED_IN_MEMBERS}, about 10`, SIGNED_IN_MEMBERS]] as const) {
      const queries: [string, () => Promise<unknown>][] = [
        ['unread count', () => unreadCount(handle.db, userId)],
        ['first page', () => notificationViews(handle.db, userId, { order: 'newest', limit: NOTIFICATION_PAGE_SIZE + 1 })],
      ];
      for (const [what, run] of queries) {
        for (let i = 0; i < 20; i++) await run();
        const times: number[] = [];
        for (let i = 0; i < 500; i++) {
          const started = performance.now();
          await run();
          times.push(performance.now() - started);
        }
        times.sort((a, b) => a - b);
        lines.push(`${what}, ${who}: p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms`);
      }
    }
  } finally {
    await handle.close();
  }
  return lines;
}

/** How many items each searched word is in, for the targets' names: the stored search text holding it. */
async function countHits(sql: postgres.Sql): Promise<Map<string, number>> {
  const lists = { blogs: 'blogs where is_published', podcasts: 'podcasts', directory: 'directory_listings', places: 'places', events: 'events', members: 'users' };
  const words = [...SEARCH_WORDS, ...MEMBER_NAMES, { word: RARE_BLOG_WORD }, { word: RARE_PODCAST_WORD }].map((entry) => entry.word);
  const hits = new Map<string, number>();
  for (const [list, from] of Object.entries(lists)) {
    const [row] = await sql.unsafe<Record<string, string>[]>(
      `select ${words.map((_, i) => `count(*) filter (where strpos(search_text, bloom_search_stem($${i + 1})) > 0) as w${i}`).join(', ')} from ${from}`,
      words,
    );
    words.forEach((word, i) => hits.set(`${list} ${word}`, Number(row![`w${i}`])));
  }
  return hits;
}

// ---------------------------------------------------------------- server


interface Server {
  child: ChildProcess;
  base: string;
  output: string[];
  /** RSS after start and at most, in MiB, of the server's `processes` together (memoryOf): the production entry is a supervisor and its server process. */
  idleRss: number;
  peakRss: number;
  processes: number;
  stopSampling(): void;
}

/**
 * The cache-off server is scripts/bench-server.ts bundled the way the build bundles the
 * server's entries, beside them in dist/server so it finds the client, the server-side renderer
 * and the migrations alike.
 */
const BENCH_SERVER_BUNDLE = resolve(ROOT, 'dist/server/bench-server.js');
async function bundleBenchServer(): Promise<string> {
  await build({ ...SERVER_BUNDLE_OPTIONS, entryPoints: [resolve(ROOT, 'scripts/bench-server.ts')], outfile: BENCH_SERVER_BUNDLE, logLevel: 'warning' });
  return BENCH_SERVER_BUNDLE;
}

async function startServer(entry: string, url: string, dataDir: string): Promise<Server> {
  const port = await freePort();
  const profile = process.env.BENCH_CPU_PROFILE ? ['--cpu-prof', '--cpu-prof-dir', resolve(process.env.BENCH_CPU_PROFILE)] : [];
  // The flags main.ts gives its server processes, for the cache-off server that runs without it.
  const serverFlags = entry === BENCH_SERVER_BUNDLE ? SERVER_PROCESS_V8_FLAGS : [];
  const child = spawn(process.execPath, [...serverFlags, ...(process.env.BENCH_SERVER_NODE_FLAGS?.split(' ').filter(Boolean) ?? []), ...profile, entry], {
    cwd: ROOT,
    env: benchServerEnv({ port, dataDir, databaseUrl: url }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  if (process.env.BENCH_SERVER_LOG) {
    // Everything the server prints goes to the file instead (with --trace-gc in BENCH_SERVER_NODE_FLAGS, its collections).
    const file = createWriteStream(resolve(process.env.BENCH_SERVER_LOG), { flags: 'a' });
    child.stdout!.pipe(file);
    child.stderr!.pipe(file);
  } else {
    child.stdout!.on('data', (chunk) => output.push(String(chunk)));
    child.stderr!.on('data', (chunk) => output.push(String(chunk)));
  }
  const base = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt++) {
    if (child.exitCode !== null || attempt >= 300) {
      child.kill('SIGKILL');
      throw new Error(`${entry} did not come up:\n${output.join('').slice(-3000)}`);
    }
    try {
      if ((await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(1000) })).ok) break;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  await sleep(1000);
  const idle = memoryOf(child.pid!);
  const idleRss = idle?.rss ?? 0;
  const server: Server = { child, base, output, idleRss, peakRss: idleRss, processes: idle?.processes ?? 0, stopSampling: () => {} };
  const sampler = setInterval(() => {
    const memory = memoryOf(child.pid!);
    if (memory) server.peakRss = Math.max(server.peakRss, memory.rss, memory.hwm);
  }, 250);
  server.stopSampling = () => clearInterval(sampler);
  return server;
}

async function stopServer(server: Server) {
  server.stopSampling();
  const memory = memoryOf(server.child.pid!);
  if (memory) server.peakRss = Math.max(server.peakRss, memory.rss, memory.hwm);
  if (server.child.exitCode !== null) return;
  const exited = new Promise((done) => server.child.once('exit', done));
  server.child.kill('SIGTERM');
  await Promise.race([exited, sleep(10_000)]);
  if (server.child.exitCode === null) server.child.kill('SIGKILL');
}


// ---------------------------------------------------------------- measuring

/** The ids of the podcasts, listings and events a member sees on Home (from Home's own batch) and on each list's first page. */
async function cardIdsOf(base: string, cookie: string): Promise<Pick<MixedData, 'homeCards' | 'firstPageCards'>> {
  const dataOf = async (path: string, what: string) => {
    const response = await fetch(`${base}${path}`, { headers: { cookie } });
    if (!response.ok) throw new Error(`${what} answered ${response.status}`);
    return ((await response.json()) as { result: { data: { id: number }[] } }[]).map((entry) => entry.result.data);
  };
  const ids = (list: { id: number }[] | undefined) => (list ?? []).map((item) => item.id);
  const [, podcasts, listings, events] = await dataOf(homeBatchPath(), "Home's batch");
  const firstPage = { direction: 'forward' };
  const [podcastsPage, listingsPage, eventsPage] = await dataOf(
    trpcBatchPath([
      ['content.podcasts.list', { search: '', category: ALL_CATEGORIES, limit: GRID_PAGE, ...firstPage }],
      ['content.directory.list', { limit: GRID_PAGE, ...firstPage }],
      ['content.events.list', { upcoming: true, limit: GRID_PAGE, ...firstPage }],
    ]),
    'The first pages',
  );
  return {
    homeCards: { podcasts: ids(podcasts), listings: ids(listings), events: ids(events) },
    firstPageCards: { podcasts: ids(podcastsPage), listings: ids(listingsPage), events: ids(eventsPage) },
  };
}

interface Target {
  name: string;
  /** A function when the path is known only once the server runs. */
  path: string | (() => string);
  /** Measured for information, not one of the targets. */
  info?: boolean;
  /** Whose session: the admin, member 1 (2,000 notifications), or the last member signed in (about 10). */
  cookie?: 'admin' | 'member' | 'quiet member';
}

interface Row {
  target: string;
  cache: 'off' | 'on';
  rows: string;
  requests: number;
  p50: number;
  p99: number;
  rps: number;
  bad: number;
  badDetail: string;
  counted: boolean;
  /** CPU ms per answer of the server and of PostgreSQL (autocannon's own CPU is not counted). */
  cpuPerRequest: { server: number; postgres: number };
  /** The slowest answer, and the most it may take (the open loop at 70%). */
  max?: number;
  maxTarget?: number;
}

/** A row meets its target: p99 under TARGET_P99_MS, every answer 2xx, and no answer over its maxTarget. */
const meets = (row: Row) => row.p99 < TARGET_P99_MS && row.bad === 0 && (row.maxTarget === undefined || (row.max ?? 0) <= row.maxTarget);

/** How many items an answer holds: a list, a page object, a hub search or a tRPC batch. */
function itemsIn(body: unknown): string {
  if (Array.isArray(body)) {
    if (body.length > 0 && body.every((entry) => entry && typeof entry === 'object' && 'result' in entry)) return `batch of ${body.length}`;
    return String(body.length);
  }
  if (body && typeof body === 'object') {
    const record = body as Record<string, unknown>;
    if (Array.isArray(record.items)) return String(record.items.length);
    const lists = Object.values(record).filter(Array.isArray) as unknown[][];
    if (lists.length > 0) return String(lists.reduce((sum, list) => sum + list.length, 0));
    return 'object';
  }
  return '-';
}

function describeBad(result: autocannon.Result): string {
  const codes = Object.entries(result.statusCodeStats ?? {})
    .filter(([code]) => !code.startsWith('2'))
    .map(([code, { count }]) => `${count}×${code}`);
  if (result.errors) codes.push(`${result.errors} errors`);
  if (result.timeouts) codes.push(`${result.timeouts} timeouts`);
  return codes.join(', ');
}

async function measureTarget(server: Server, database: string, target: Target, headers: Record<string, string>, cache: 'off' | 'on', counted: boolean): Promise<Row> {
  const base = server.base;
  const path = typeof target.path === 'function' ? target.path() : target.path;
  const sample = await fetch(`${base}${path}`, { headers });
  const text = await sample.text();
  let rows: string;
  try {
    rows = sample.ok ? itemsIn(JSON.parse(text)) : `${sample.status}`;
  } catch {
    rows = 'not JSON';
  }
  if (!sample.ok) console.error(`${target.name} (cache ${cache}) answered ${sample.status}: ${text.slice(0, 200)}`);
  const sampler = sampleCpu({ server: server.child.pid!, database });
  const result = await autocannon({ url: `${base}${path}`, connections: CONNECTIONS, duration: DURATION, headers });
  const cpu = sampler.stop();
  const bad = result.non2xx + result.errors + result.timeouts;
  // No answer within the run: autocannon reports 0 ms, which must not pass for fast.
  const none = result.requests.total === 0;
  return {
    target: target.name,
    cache,
    rows,
    requests: result.requests.total,
    p50: none ? Number.POSITIVE_INFINITY : result.latency.p50,
    p99: none ? Number.POSITIVE_INFINITY : result.latency.p99,
    rps: result.requests.average,
    bad,
    badDetail: bad ? describeBad(result) : '',
    counted,
    cpuPerRequest: { server: cpu.server / Math.max(result.requests.total, 1), postgres: cpu.postgres / Math.max(result.requests.total, 1) },
  };
}

/** The shares of the saturation rate the open loop offers, and whether each counts toward the targets. */
const OPEN_LOOP_LOADS = [
  { share: 0.25, counted: true },
  { share: 0.5, counted: true },
  { share: 0.7, counted: true },
  { share: 0.85, counted: false },
];
/** At 70% of saturation no request may take longer than this (a stall a user would notice). */
const MAX_AT_70_MS = 500;

/** The answers of a load run that were not 2xx, as [`${kind} ${status or error}`, count]. */
const not2xx = (result: LoadResult) => Object.entries(result.statuses).filter(([key]) => !/ 2\d\d$/.test(key));

/** A share as a percentage, a small one to a tenth (steal is often 0.1%); '-' for one not measured. */
const percent = (share: number | null) => (share === null ? '-' : `${(share * 100).toFixed(share < 0.1 ? 1 : 0)}%`);

/**
 * The machine's part of a load run: how busy its cores were and how much the hypervisor took
 * (steal), over the run, in its worst second and in each second a request over 500 ms was due.
 */
function describeMachine(machine: MachineSecond[], slowSeconds: number[]): string {
  if (machine.length === 0) return '';
  const mean = (field: 'busy' | 'steal') => machine.reduce((sum, second) => sum + second[field], 0) / machine.length;
  const mostStolen = machine.reduce((most, second, index) => (second.steal > machine[most]!.steal ? index : most), 0);
  const slow = slowSeconds.flatMap((index) => {
    const second = machine[index];
    return second ? [`second ${index} busy ${percent(second.busy)}, steal ${percent(second.steal)}`] : [];
  });
  return (
    `; the machine: busy ${percent(mean('busy'))}, steal ${percent(mean('steal'))} (most in one second: ${percent(machine[mostStolen]!.steal)}, second ${mostStolen})` +
    (slow.length ? ` (in the slow seconds: ${slow.join('; ')})` : '')
  );
}

/** One line on a load run: where the time and the CPU went. */
function describeLoad(label: string, { result, cpu, machine, sessions }: Awaited<ReturnType<typeof runLoad>>, cache: 'off' | 'on'): string {
  const sessionsIn = (second: number) => {
    const seen = sessions[second];
    return seen ? `, ${seen.inTransaction} in a transaction and ${seen.running} running` : '';
  };
  const machineIn = (second: number) => {
    const seen = machine[second];
    return seen ? `, machine busy ${percent(seen.busy)}, CPU pressure ${percent(seen.cpuPressure)}, I/O pressure ${percent(seen.ioPressure)}` : '';
  };
  const bad = not2xx(result);
  const perRequest = (ms: number) => (ms / Math.max(result.answered, 1)).toFixed(2);
  return (
    `${label} (cache ${cache}): ${result.answered} answers at ${result.rate.toFixed(0)}/s, ${result.writes} writes (${((result.writes / Math.max(result.sent, 1)) * 100).toFixed(1)}%); ` +
    `p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms, max ${result.max.toFixed(0)} ms, ${result.over500} over 500 ms` +
    (result.slowSeconds.length ? ` (due in seconds ${result.slowSeconds.join(', ')} of the run begun ${result.startedAt})` : '') +
    `; seconds with p99 over 50 ms: ${result.tailSeconds.length} of ${Math.ceil(result.sent / Math.max(result.rate, 1))}` +
    (result.tailSeconds.length
      ? ` (second: p99/slowest ms, new connections, sent late at most, generator held at most, the server's PostgreSQL connections at most, the machine: ${result.tailSeconds.map(({ second, p99, max, newConnections, sendLagMax, generatorHeldMax }) => `${second}: ${p99.toFixed(0)}/${max.toFixed(0)}, ${newConnections}, ${sendLagMax.toFixed(0)} ms, ${generatorHeldMax.toFixed(0)} ms${sessionsIn(second)}${machineIn(second)}`).join('; ')})`
      : '') +
    `; ${result.newConnections} connections opened` +
    `; in the ${result.warmUp.seconds} s of warm-up before (not counted): ${result.warmUp.sent} sent, p99 ${result.warmUp.p99.toFixed(0)} ms, slowest ${result.warmUp.max.toFixed(0)} ms, ${result.warmUp.newConnections} connections opened, generator held at most ${result.warmUp.generatorHeldMax.toFixed(0)} ms` +
    `; CPU per request: server ${perRequest(cpu.server)} ms + PostgreSQL ${perRequest(cpu.postgres)} ms (generator ${perRequest(result.generatorCpuMs)} ms, sending late by p99 ${result.sendLag.p99.toFixed(1)} ms, at most ${result.sendLag.max.toFixed(0)} ms)` +
    `; the server's JavaScript thread busy ${percent(cpu.javascriptThreadBusy)} of the run` +
    `; reads p50/p99 ${result.reads.p50.toFixed(0)}/${result.reads.p99.toFixed(0)} ms, writes ${result.writeLatency.p50.toFixed(0)}/${result.writeLatency.p99.toFixed(0)} ms` +
    `; by kind: ${Object.entries(result.byKind).map(([kind, times]) => `${kind} ${times.p50.toFixed(0)}/${times.p99.toFixed(0)}`).join(', ')}` +
    (bad.length ? `; not 2xx: ${bad.map(([key, n]) => `${n}× ${key}`).join(', ')}` : '; every answer 2xx') +
    (cache === 'on' ? `; from the read cache: ${Object.entries(result.cacheHits).map(([kind, n]) => `${kind} ${Math.round((n.fromCache / n.answered) * 100)}%`).join(', ')}` : '') +
    describeMachine(machine, result.slowSeconds)
  );
}

function loadRow(target: string, { result, cpu }: Awaited<ReturnType<typeof runLoad>>, cache: 'off' | 'on', counted: boolean, maxTarget?: number): Row {
  const bad = not2xx(result);
  return {
    target,
    cache,
    rows: '-',
    requests: result.sent,
    p50: result.p50,
    p99: result.p99,
    rps: result.rate,
    bad: bad.reduce((sum, [, n]) => sum + n, 0),
    badDetail: bad.map(([key, n]) => `${n}× ${key}`).join(', '),
    counted,
    cpuPerRequest: { server: cpu.server / Math.max(result.answered, 1), postgres: cpu.postgres / Math.max(result.answered, 1) },
    max: result.max,
    maxTarget,
  };
}

/** Lines the server logged at warn or above, grouped by message. */
function serverComplaints(output: string[]): string[] {
  const counts = new Map<string, number>();
  for (const line of output.join('').split('\n')) {
    if (!line.trim()) continue;
    let message = line.slice(0, 160);
    try {
      const entry = JSON.parse(line) as { level?: number; msg?: string; err?: { message?: string } };
      // The supervisor of the production entry says when its processes start and stop (info, 30) whatever LOG_LEVEL says.
      if (typeof entry.level === 'number' && entry.level < 40) continue;
      message = [entry.msg, entry.err?.message].filter(Boolean).join(': ').slice(0, 160) || message;
    } catch {
      // not a JSON log line
    }
    counts.set(message, (counts.get(message) ?? 0) + 1);
  }
  return [...counts].map(([message, n]) => `${n}× ${message}`);
}

// ---------------------------------------------------------------- main

async function main() {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url || !/^postgres(ql)?:\/\//.test(url)) {
    console.error(
      'bench:scale needs BENCH_DATABASE_URL=postgres://user@host:port/database: a scratch PostgreSQL database it may empty and fill\n' +
        '(it drops the public and drizzle schemas there). Example: BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bloom_scale npm run bench:scale',
    );
    process.exit(2);
  }
  if (!existsSync(resolve(ROOT, 'dist/server/main.js')) || !existsSync(resolve(ROOT, 'dist/client/index.html'))) {
    throw new Error('dist/ is missing: run `npm run build` first (npm run bench:scale does).');
  }
  const started = Date.now();
  console.log(`Bloom Circle scale bench: PostgreSQL database ${databaseName(url)}, scale ${SCALE} (${Object.entries(volumes()).map(([name, n]) => `${name} ${n}`).join(', ')}), node ${process.version}`);

  if (process.env.BENCH_REUSE_DATA === '1') {
    console.log('Reusing the data already loaded (BENCH_REUSE_DATA=1).');
  } else {
    await resetAndLoad(url);
  }
  const fixtures = await describeData(url);
  if (fixtures.memberEmails.length < SIGNED_IN_MEMBERS) throw new Error('the database does not hold the benchmark data: run without BENCH_REUSE_DATA');
  const benchServer = await bundleBenchServer();

  const work = mkdtempSync(join(tmpdir(), 'bloom-scale-'));
  let running: Server | undefined;
  process.on('SIGINT', () => {
    if (running?.child.exitCode === null) running.child.kill('SIGKILL');
    rmSync(work, { recursive: true, force: true });
    process.exit(130);
  });

  const busy = fixtures.busyBlog;
  const deepOffset = Math.max(0, busy.comments - COMMENT_PAGE);
  const hits = (list: string, word: string) => fixtures.hits.get(`${list} ${word}`)!.toLocaleString('en');
  const q = encodeURIComponent;
  // Every search box, with each kind of word: the first page the site asks for.
  const searches: Target[] = [
    // The blog list's search box asks for cards (a summary instead of the body), as its first page does.
    ...[...SEARCH_WORDS.slice(0, 1), { name: 'rare word', word: RARE_BLOG_WORD }, ...SEARCH_WORDS.slice(1)].map(({ name, word }) => ({
      name: `Blog search, ${name} (${hits('blogs', word)} posts)`,
      path: trpcBatchPath([['content.blogs.cards', { search: word, category: ALL_CATEGORIES, limit: GRID_PAGE, direction: 'forward' }]]),
    })),
    // The REST door answers whole articles (about 40 KB a page).
    { name: `Blog search, common word, whole articles by REST (${hits('blogs', COMMON_WORD)} posts)`, path: `/api/blogs?published=true&search=${q(COMMON_WORD)}&limit=${GRID_PAGE}` },
    ...[...SEARCH_WORDS.slice(0, 1), { name: 'rare word', word: RARE_PODCAST_WORD }, ...SEARCH_WORDS.slice(1)].map(({ name, word }) => ({
      name: `Podcast search, ${name} (${hits('podcasts', word)})`,
      path: `/api/podcasts?search=${q(word)}&limit=${GRID_PAGE}`,
    })),
    ...SEARCH_WORDS.map(({ name, word }) => ({ name: `Directory search, ${name} (${hits('directory', word)})`, path: `/api/directory?search=${q(word)}&limit=${GRID_PAGE}` })),
    ...SEARCH_WORDS.map(({ name, word }) => ({ name: `Places search, ${name} (${hits('places', word)})`, path: `/api/places?search=${q(word)}` })),
    ...SEARCH_WORDS.map(({ name, word }) => ({
      name: `Hub search, ${name} (${hits('blogs', word)} posts, ${hits('podcasts', word)} podcasts, ${hits('events', word)} events)`,
      path: `/api/search?q=${q(word)}`,
    })),
    ...MEMBER_NAMES.map(({ name, word }) => ({
      name: `Admin member search, ${name} (${hits('members', word)})`,
      path: `/api/admin/users?limit=${ADMIN_PAGE}&search=${q(word)}`,
      cookie: 'admin' as const,
    })),
  ];
  const targets: Target[] = [
    ...searches,
    // The deepest pages, by keyset as the site asks (the cost of any page is the first's), and by
    // offset as an API client still may (for information: an offset walks every row before it).
    {
      name: `Blog cards, last page by cursor (after ${fixtures.lastBlogPageCursor.position.toLocaleString('en')})`,
      path: trpcBatchPath([['content.blogs.cards', { search: '', category: ALL_CATEGORIES, limit: GRID_PAGE, cursor: fixtures.lastBlogPageCursor.after, direction: 'forward' }]]),
    },
    {
      name: `Busy post comments, last page by cursor (${busy.comments.toLocaleString('en')})`,
      path: trpcBatchPath([['content.blogs.comments', { id: busy.id, limit: COMMENT_PAGE, cursor: fixtures.lastCommentPageCursor, direction: 'forward' }]]),
      cookie: 'member',
    },
    { name: 'Blogs, offset 19900', path: `/api/blogs?published=true&limit=${GRID_PAGE}&offset=19900`, info: true },
    { name: `Busy post comments, offset ${deepOffset}`, path: `/api/blogs/${busy.id}/comments?limit=${COMMENT_PAGE}&offset=${deepOffset}`, info: true },
    { name: 'Admin users list', path: `/api/admin/users?limit=${ADMIN_PAGE}`, cookie: 'admin' },
    { name: 'Admin member search, part of an email', path: `/api/admin/users?limit=${ADMIN_PAGE}&search=${encodeURIComponent(ADMIN_SEARCH)}`, cookie: 'admin' },
    { name: 'Admin overview (12 weeks)', path: '/api/admin/overview', cookie: 'admin' },
    { name: 'tRPC batch of Home (member)', path: homeBatchPath(), cookie: 'member' },
    { name: "tRPC batch of Home's cards (member: likes and RSVPs of 9 cards)", path: () => homeCardsBatchPath(cardIds!.homeCards), cookie: 'member' },
    // Her bell: the unread count (it stops at 1,000) with the first page, for a member with
    // 2,000 notifications and for one with about 10, among 1M.
    { name: 'Notifications, first page and unread (2,000)', path: `/api/notifications?limit=${NOTIFICATION_PAGE_SIZE}`, cookie: 'member' },
    { name: 'Notifications, first page and unread (~10)', path: `/api/notifications?limit=${NOTIFICATION_PAGE_SIZE}`, cookie: 'quiet member' },
    { name: 'GET /api/stats', path: '/api/stats' },
    { name: 'Blogs, first page', path: `/api/blogs?published=true&limit=${GRID_PAGE}` },
    { name: 'Blog cards, first page (tRPC, as the site asks)', path: trpcBatchPath([['content.blogs.cards', { search: '', category: ALL_CATEGORIES, limit: GRID_PAGE, direction: 'forward' }]]) },
    { name: 'Events, first page', path: `/api/events?upcoming=true&limit=${GRID_PAGE}` },
    { name: 'Forum, first page', path: `/api/forum/posts?limit=${FORUM_PAGE}` },
    { name: 'Directory, first page', path: `/api/directory?limit=${GRID_PAGE}` },
    { name: 'Podcasts, first page', path: `/api/podcasts?limit=${GRID_PAGE}` },
  ];

  const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, 'i') : undefined;
  const chosen = (name: string) => !only || only.test(name);
  const bellQueries = chosen('Notifications') ? await measureNotificationQueries(url) : [];
  for (const line of bellQueries) console.log(`Notification query: ${line}`);
  const caches = (['off', 'on'] as const).filter((cache) => !process.env.BENCH_CACHE || process.env.BENCH_CACHE === cache);
  const rows: Row[] = [];
  const notes: string[] = [];
  const memory: string[] = [];
  const complaints: string[] = [];
  let admin = '';
  const members: string[] = [];
  let cardIds: Pick<MixedData, 'homeCards' | 'firstPageCards'> | undefined;
  try {
    for (const cache of caches) {
      const counted = cache === 'off';
      const entry = cache === 'off' ? benchServer : resolve(ROOT, 'dist/server/main.js');
      const server = await startServer(entry, url, join(work, `data-${cache}`));
      running = server;
      console.log(`\nRead cache ${cache}: ${entry.slice(ROOT.length + 1)} on ${server.base}, idle RSS ${server.idleRss.toFixed(0)} MiB in ${server.processes} process(es)`);

      // Sessions live in the database, so one sign-in each serves both servers.
      if (!admin) {
        const signInStarted = Date.now();
        admin = await signIn(server.base, '/api/admin/login', { username: ADMIN_EMAIL, password: BENCH_PASSWORD });
        for (let i = 0; i < fixtures.memberEmails.length; i += 4) {
          const batch = fixtures.memberEmails.slice(i, i + 4);
          const cookies = await Promise.all(batch.map((email) => signIn(server.base, '/api/login', { email, password: BENCH_PASSWORD })));
          members.push(...cookies);
        }
        console.log(`Signed in the admin and ${members.length} members in ${seconds(Date.now() - signInStarted)}.`);
        cardIds = await cardIdsOf(server.base, members[0]!);
      }

      for (const target of targets.filter((candidate) => chosen(candidate.name))) {
        const cookies = { admin, member: members[0]!, 'quiet member': members.at(-1)! };
        const headers: Record<string, string> = { 'accept-encoding': ACCEPT_ENCODING, ...(target.cookie ? { cookie: cookies[target.cookie] } : {}) };
        const row = await measureTarget(server, databaseName(url), target, headers, cache, counted && !target.info);
        rows.push(row);
        console.log(
          `  ${row.target}: p50 ${milliseconds(row.p50)}, p99 ${milliseconds(row.p99)}, ${row.rps.toFixed(0)} req/s, CPU per request server ${row.cpuPerRequest.server.toFixed(2)} ms + PostgreSQL ${row.cpuPerRequest.postgres.toFixed(2)} ms${row.bad ? `, non-2xx: ${row.badDetail}` : ''}`,
        );
      }
      if (chosen('Mixed')) {
        const data: MixedData = { cookies: members, ...fixtures, ...cardIds! };
        // Closed loop first: the most the machine serves (the saturation rate), for information.
        const closedLoop = (commentsSent?: CommentsSent) =>
          runLoad({ base: server.base, data, seconds: MIXED_DURATION, warmUpSeconds: WARM_UP, mode: 'closed', connections: MIXED_CONNECTIONS, commentsSent }, server.child.pid!, databaseName(url), url);
        const closed = await closedLoop();
        let commentsSent = closed.result.commentsSent;
        const saturation = SATURATION_GIVEN ?? closed.result.rate;
        rows.push(loadRow(`Mixed, closed loop (c=${MIXED_CONNECTIONS}): saturation`, closed, cache, false));
        notes.push(describeLoad(`Mixed, closed loop of ${MIXED_CONNECTIONS} connections`, closed, cache));
        console.log(`  ${notes.at(-1)}`);
        // Then the open loop at shares of that rate: its latency counts with the read cache off;
        // with it on (the production server) it says what a request costs in CPU as the site runs.
        for (const load of OPEN_LOOP_LOADS) {
          const rate = Math.max(1, Math.round(saturation * load.share));
          const open = await runLoad({ base: server.base, data, seconds: OPEN_LOOP_DURATION, warmUpSeconds: WARM_UP, mode: 'open', rate, commentsSent }, server.child.pid!, databaseName(url), url);
          commentsSent = open.result.commentsSent;
          const maxTarget = load.share === 0.7 ? MAX_AT_70_MS : undefined;
          rows.push(loadRow(`Mixed, open loop at ${load.share * 100}% (${rate}/s)${maxTarget ? `, none over ${maxTarget} ms` : ''}`, open, cache, counted && load.counted, maxTarget));
          notes.push(describeLoad(`Mixed, open loop at ${load.share * 100}% of ${saturation.toFixed(0)}/s`, open, cache));
          console.log(`  ${notes.at(-1)}`);
        }
        // The closed loop once more: each step offered a share of the rate found before the
        // steps, and on a machine shared with other work that rate moves (1,250 to 2,205 req/s
        // within an hour on one machine, with no steal counted). A step whose share was of a
        // rate the machine no longer had shows here as a lower rate after than before.
        const closedAfter = await closedLoop(commentsSent);
        rows.push(loadRow(`Mixed, closed loop (c=${MIXED_CONNECTIONS}) again after the steps`, closedAfter, cache, false));
        notes.push(describeLoad(`Mixed, closed loop of ${MIXED_CONNECTIONS} connections again after the steps`, closedAfter, cache));
        console.log(`  ${notes.at(-1)}`);
        notes.push(
          `Mixed (cache ${cache}): the machine served ${closed.result.rate.toFixed(0)} req/s in the closed loop before the steps and ${closedAfter.result.rate.toFixed(0)} req/s after them ` +
            `(${((closedAfter.result.rate / closed.result.rate - 1) * 100).toFixed(0)}%); the steps' shares were of ${saturation.toFixed(0)} req/s`,
        );
        console.log(`  ${notes.at(-1)}`);
      }

      await stopServer(server);
      running = undefined;
      memory.push(`cache ${cache}: idle ${server.idleRss.toFixed(0)} MiB after start, peak ${server.peakRss.toFixed(0)} MiB during the run (${server.processes} process(es) together)`);
      complaints.push(...serverComplaints(server.output).map((line) => `cache ${cache}: ${line}`));
    }
  } finally {
    if (running?.child.exitCode === null) running.child.kill('SIGKILL');
    rmSync(work, { recursive: true, force: true });
  }

  const header = ['Target', 'Cache', 'Rows', 'Requests', 'p50', 'p99', 'max', 'req/s', 'CPU ms/req server + PG', 'non-2xx', `p99 < ${TARGET_P99_MS} ms`];
  const cells = rows.map((row) => [
    row.target,
    row.cache,
    row.rows,
    String(row.requests),
    milliseconds(row.p50),
    milliseconds(row.p99),
    row.max === undefined ? '-' : milliseconds(row.max),
    row.rps.toFixed(0),
    `${row.cpuPerRequest.server.toFixed(2)} + ${row.cpuPerRequest.postgres.toFixed(2)}`,
    row.bad ? row.badDetail : '0',
    `${meets(row) ? 'yes' : 'no'}${row.counted ? '' : ' (info)'}`,
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...cells.map((row) => row[column]!.length)));
  const line = (values: string[]) => `| ${values.map((value, column) => value.padEnd(widths[column]!)).join(' | ')} |`;
  console.log(`\nautocannon -c ${CONNECTIONS} -d ${DURATION} per target; mixed workload (scripts/bench-load.ts): closed loop of ${MIXED_CONNECTIONS} connections for ${MIXED_DURATION} s, then open loop at ${OPEN_LOOP_LOADS.map((load) => `${load.share * 100}%`).join(', ')} of its rate for ${OPEN_LOOP_DURATION} s each, then the closed loop again, each after an uncounted warm-up of ${WARM_UP} s (the open loop rising to its rate over its first half); answers compressed; production build, LOG_LEVEL=warn, ${BENCH_POOL_SIZE} connections to PostgreSQL; whole run ${seconds(Date.now() - started)}\n`);
  console.log(line(header));
  console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
  for (const row of cells) console.log(line(row));
  console.log('');
  for (const note of notes) console.log(note);
  for (const line of bellQueries) console.log(`Notification query, one at a time on one connection: ${line}`);
  console.log(`Server RSS: ${memory.join('; ')}`);
  console.log(complaints.length ? `Server log (warn and above):\n  ${complaints.slice(0, 10).join('\n  ')}` : 'Server log: nothing at warn or above.');
  // Failed requests make the figures meaningless: an error, unlike a missed target.
  if (rows.some((row) => row.bad > 0)) process.exitCode = 1;

  const counted = rows.filter((row) => row.counted);
  const met = counted.filter(meets).length;
  console.log(`scale: ${met} of ${counted.length} targets under ${TARGET_P99_MS} ms p99`);
}

await main();
