/**
 * The mixed workload's load generator for `bench:scale`, run as a child process so that its own
 * CPU is its own (the orchestrating process samples the server's and PostgreSQL's CPU meanwhile)
 * and its event loop never delays a send for the orchestrator's work.
 *
 * Two ways to send:
 * - closed loop: `connections` members each send their next request when the last is
 *   answered. Its rate is the most the machine serves: the saturation rate.
 * - open loop: requests leave on a fixed schedule (`rate` a second) whatever the answers, and a
 *   request's latency counts from when it was due to leave, not from when a free connection
 *   sent it. A server that stalls for a second is then charged for every request due during
 *   the stall (coordinated omission counted), as a browser's user would feel it.
 *
 * Either way the generator first sends for `warmUpSeconds` (WARM_UP_SECONDS) and counts only
 * what is due after that: the closed loop at its concurrency, the open loop at a rate rising
 * evenly from none to the plan's over the warm-up's first half, then holding. A run starts a new
 * process with no connection and none of its code compiled; started at full rate, the open loop
 * opened 90–256 connections in its first seconds and its step's worst answers came then (p99
 * 383 ms in the first second at 70%, the other seconds at most 72 ms; stalls of 1.3–1.8 s in two
 * steps' first seconds), and at 70–85% of saturation such a backlog takes seconds to drain.
 * Visitors arrive as a rising stream and bring their connections one by one. The warm-up's own
 * figures are reported beside the run's.
 *
 * The parent writes a LoadPlan as JSON on stdin and reads LOAD_STARTED, when the warm-up ends and
 * the counted seconds begin, then a LoadResult as JSON from stdout.
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import { setPriority } from 'node:os';
import { resolve } from 'node:path';
import { ALL_CATEGORIES } from '#shared/categories';
import { homeBatchPath, sampleCpu, sampleMachine, sampleSessions, trpcBatchPath, type CpuUsed, type MachineSecond, type SessionsSecond } from './bench-kit';

/** What the generator writes on stdout as the counted seconds begin, after the warm-up. */
export const LOAD_STARTED = 'started\n';
/** Share of the mixed workload's requests that write. */
const WRITE_SHARE = 0.05;
/**
 * The server allows 10 comments a minute per member (DEFAULT_RATE_LIMITS); stay at half of it:
 * a comment queued on the way can reach the server in the same minute as the ones after it.
 */
const COMMENTS_PER_MINUTE = 5;
/** The client's page sizes (src/client/lib/paging.ts, the forum screen). */
const GRID_PAGE = 12;
const COMMENT_PAGE = 50;
const FORUM_PAGE = 20;
/** A request not answered within this long counts as timed out. */
const TIMEOUT_MS = 10_000;
/** Seconds of sending before a run's counted seconds, uncounted (see above). */
export const WARM_UP_SECONDS = 6;
/** Connections the open loop may hold open at once, as many browsers would. */
const OPEN_LOOP_SOCKETS = 256;
/** What a browser says it can decode: answers come compressed, as the site's do. */
const ACCEPT_ENCODING = 'gzip, deflate, br';

export interface MixedData {
  cookies: string[];
  recentBlogIds: number[];
  recentPodcastIds: number[];
  recentForumIds: number[];
  openEventIds: number[];
  /** Ids on Home for a member: podcasts, listings and events (for the cards' own batch). */
  homeCards: CardIds;
  /** Ids on the first page of Podcasts, Directory and Events: each page asks for its cards' states in a call of its own. */
  firstPageCards: CardIds;
}

/** The podcasts, listings and events a screen shows, whose likes and RSVPs it asks for. */
export interface CardIds {
  podcasts: number[];
  listings: number[];
  events: number[];
}

/**
 * When each member's comments were sent (epoch ms), by session cookie: the steps of one server's
 * run follow each other within a minute, so each step starts from the last one's record and the
 * server's limit (a minute's window) never sees more than COMMENTS_PER_MINUTE from the bench.
 */
export type CommentsSent = Record<string, number[]>;

/**
 * What the members read: `site`, what the site's screens ask for (the default); `rest`, the mix
 * of 2026-11-24 (REST first pages, whole articles and their comments, Home's batch of that day,
 * no card calls), which paths every build since serves, to compare builds on one machine.
 */
export type Mix = 'site' | 'rest';

export type LoadPlan = { base: string; data: MixedData; seconds: number; warmUpSeconds?: number; commentsSent?: CommentsSent; mix?: Mix } & (
  | { mode: 'closed'; connections: number }
  | { mode: 'open'; rate: number }
);

export interface LoadResult {
  sent: number;
  answered: number;
  /** Answers a second over the run's length (open loop: the rate actually served). */
  rate: number;
  p50: number;
  p99: number;
  max: number;
  /** Requests that took over 500 ms, and the seconds of the run (from its start) they were due in. */
  over500: number;
  slowSeconds: number[];
  /**
   * The seconds whose answers' p99 (by when they were due) was over 50 ms, with that p99 and the
   * slowest: a tail spread over every second is a queue, one held in a few seconds is a stall.
   * With them, the connections the generator opened for requests due in them, how late it sent
   * at most, and the longest its own event loop was held in that second or the next (when their
   * answers arrived): a wave of new connections, a starved sender or a generator that read its
   * answers late shows there.
   */
  tailSeconds: { second: number; p99: number; max: number; newConnections: number; sendLagMax: number; generatorHeldMax: number }[];
  /** Connections opened over the run (the open loop opens one whenever none is free). */
  newConnections: number;
  writes: number;
  /** `${kind} ${status}` (status 0: no answer) → count. */
  statuses: Record<string, number>;
  byKind: Record<string, { p50: number; p99: number }>;
  /** Reads answered 2xx and those replayed by the read cache, by kind. */
  cacheHits: Record<string, { answered: number; fromCache: number }>;
  reads: { p50: number; p99: number };
  writeLatency: { p50: number; p99: number };
  /** When the run began (ISO time), to match its slow seconds with the server's and PostgreSQL's logs. */
  startedAt: string;
  /** CPU ms the generator itself used over the run. */
  generatorCpuMs: number;
  /**
   * How late the generator itself sent its requests (open loop: from when each was due), p99 and
   * at most, in ms: its own pauses (its garbage collector, a busy core) count in every latency
   * above, so a high figure here says the tail is partly the generator's, not the server's.
   */
  sendLag: { p99: number; max: number };
  /** The plan's record of comments sent, with this run's added: the next step's plan. */
  commentsSent: CommentsSent;
  /** The uncounted seconds before the run (their requests, by when they were due), for information. */
  warmUp: { seconds: number; sent: number; p99: number; max: number; newConnections: number; generatorHeldMax: number };
}

interface Pick {
  kind: string;
  write: boolean;
  method: 'GET' | 'POST';
  path: string;
  cookie: string;
  body?: string;
}

const randomOf = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Home's second batch: whether she liked each podcast and listing on it, and each event's RSVPs, one call per list as the site asks. */
export function homeCardsBatchPath(cards: CardIds): string {
  return trpcBatchPath([
    ['content.podcasts.likedByIds', { ids: cards.podcasts }],
    ['content.directory.likedByIds', { ids: cards.listings }],
    ['content.events.rsvpsByIds', { ids: cards.events }],
  ]);
}

/** What the site's screens ask for, through tRPC as the client sends it. */
function siteReads(data: MixedData): [string, () => string][] {
  const cards = homeCardsBatchPath(data.homeCards);
  const home = homeBatchPath();
  const infinite = { direction: 'forward' };
  return [
    ['home batch', () => home],
    ['home cards batch', () => cards],
    ['blog cards page 1', () => trpcBatchPath([['content.blogs.cards', { search: '', category: ALL_CATEGORIES, limit: GRID_PAGE, ...infinite }]])],
    ['podcasts page 1', () => trpcBatchPath([['content.podcasts.list', { search: '', category: ALL_CATEGORIES, limit: GRID_PAGE, ...infinite }]])],
    ['events page 1', () => trpcBatchPath([['content.events.list', { upcoming: true, limit: GRID_PAGE, ...infinite }]])],
    ['forum page 1', () => trpcBatchPath([['content.forum.list', { limit: FORUM_PAGE, ...infinite }]])],
    ['directory page 1', () => trpcBatchPath([['content.directory.list', { limit: GRID_PAGE, ...infinite }]])],
    // Once a list page is in, a member's browser asks for the states of its cards, one call per list.
    ['podcasts page 1 cards', () => trpcBatchPath([['content.podcasts.likedByIds', { ids: data.firstPageCards.podcasts }]])],
    ['events page 1 cards', () => trpcBatchPath([['content.events.rsvpsByIds', { ids: data.firstPageCards.events }]])],
    ['directory page 1 cards', () => trpcBatchPath([['content.directory.likedByIds', { ids: data.firstPageCards.listings }]])],
    [
      'blog article',
      () => {
        const id = randomOf(data.recentBlogIds);
        return trpcBatchPath([['content.blogs.article', { id }], ['content.blogs.comments', { id, limit: COMMENT_PAGE, ...infinite }], ['content.blogs.liked', { id }]]);
      },
    ],
  ];
}

/** The mix of 2026-11-24: REST first pages, an article and its comments by REST, and that day's Home batch. */
function restReads(data: MixedData): [string, () => string][] {
  const home = trpcBatchPath([
    ['content.stats.get', undefined],
    ['content.podcasts.list', { search: '', category: ALL_CATEGORIES, limit: 3 }],
    ['content.directory.list', { limit: 4 }],
    ['content.events.list', { upcoming: true, limit: 2 }],
  ]);
  return [
    ['home batch', () => home],
    ['blogs page 1', () => `/api/blogs?published=true&limit=${GRID_PAGE}`],
    ['podcasts page 1', () => `/api/podcasts?limit=${GRID_PAGE}`],
    ['events page 1', () => `/api/events?upcoming=true&limit=${GRID_PAGE}`],
    ['forum page 1', () => `/api/forum/posts?limit=${FORUM_PAGE}`],
    ['directory page 1', () => `/api/directory?limit=${GRID_PAGE}`],
    ['blog article', () => `/api/blogs/${randomOf(data.recentBlogIds)}`],
    ['blog comments', () => `/api/blogs/${randomOf(data.recentBlogIds)}/comments?limit=${COMMENT_PAGE}`],
  ];
}

/**
 * Members going through the site: the reads of the plan's mix, and now and then a like, a
 * comment or an RSVP. The members are established, so a comment is
 * published at once, changes the counts and drops cached lists, as on a live site.
 */
function mixedPicker(data: MixedData, comments: Map<string, number[]>, mix: Mix): () => Pick {
  const reads = mix === 'rest' ? restReads(data) : siteReads(data);
  return () => {
    const cookie = randomOf(data.cookies);
    if (Math.random() >= WRITE_SHARE) {
      const [kind, path] = randomOf(reads);
      return { kind, write: false, method: 'GET', path: path(), cookie };
    }
    const roll = Math.random();
    const now = Date.now();
    const recent = (comments.get(cookie) ?? []).filter((at) => now - at < 60_000);
    comments.set(cookie, recent);
    if (roll < 0.15 && recent.length < COMMENTS_PER_MINUTE) {
      recent.push(now);
      const body = JSON.stringify({ content: `Thank you for this, it came at the right time (${now % 1000}).` });
      return { kind: 'comment', write: true, method: 'POST', path: `/api/blogs/${randomOf(data.recentBlogIds)}/comments`, cookie, body };
    }
    if (roll < 0.3) return { kind: 'rsvp', write: true, method: 'POST', path: `/api/events/${randomOf(data.openEventIds)}/rsvp`, cookie };
    if (roll < 0.5) return { kind: 'forum like', write: true, method: 'POST', path: `/api/forum/posts/${randomOf(data.recentForumIds)}/like`, cookie };
    if (roll < 0.65) return { kind: 'podcast like', write: true, method: 'POST', path: `/api/podcasts/${randomOf(data.recentPodcastIds)}/like`, cookie };
    return { kind: 'blog like', write: true, method: 'POST', path: `/api/blogs/${randomOf(data.recentBlogIds)}/like`, cookie };
  };
}

interface Answer {
  pick: Pick;
  /** 0 when no answer came: `error` says why (ECONNRESET, timeout). */
  status: number;
  /** ms from when it was due until the generator sent it. */
  sendLag: number;
  /** Sent on a connection opened for it, not on a kept-alive one. */
  newConnection: boolean;
  error?: string;
  fromCache: boolean;
  /** When it was due to leave, from the run's start, and how long until its answer ended. */
  dueAt: number;
  latency: number;
}

/** Every connection a request was sent on, to tell a new one from one kept alive. */
const socketsUsed = new WeakSet<object>();

/**
 * Sends one request. A keep-alive connection the server closed just as it was reused (its idle
 * timeout) fails before any answer: a browser sends a GET again on a new connection, and so
 * does this, once, with the latency still counted from the due time.
 */
function send(agent: http.Agent, base: URL, pick: Pick, dueAt: number, started: number, retried = false): Promise<Answer> {
  const sendLag = performance.now() - started - dueAt;
  return new Promise((done) => {
    const headers: Record<string, string> = { cookie: pick.cookie, 'accept-encoding': ACCEPT_ENCODING };
    if (pick.body) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(Buffer.byteLength(pick.body));
    }
    let finished = false;
    let newConnection = false;
    const finish = (status: number, fromCache = false, error?: string) => {
      if (finished) return;
      finished = true;
      done({ pick, status, fromCache, dueAt, sendLag, newConnection, latency: performance.now() - started - dueAt, ...(error ? { error } : {}) });
    };
    const request = http.request({ agent, host: base.hostname, port: base.port, method: pick.method, path: pick.path, headers, timeout: TIMEOUT_MS }, (response) => {
      response.resume();
      response.on('end', () => finish(response.statusCode ?? 0, response.headers['x-cache'] === 'hit'));
      response.on('error', (error: NodeJS.ErrnoException) => finish(0, false, error.code ?? error.message));
    });
    // Node's agent marks `reusedSocket` only for a socket free when the request came, not for one
    // it waited for: a connection is new when no request was sent on it before.
    request.once('socket', (socket) => {
      newConnection = !socketsUsed.has(socket);
      socketsUsed.add(socket);
    });
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', (error: NodeJS.ErrnoException) => {
      const closedWhileIdle = request.reusedSocket && (error.code === 'ECONNRESET' || error.code === 'EPIPE');
      if (closedWhileIdle && pick.method === 'GET' && !retried && !finished) {
        finished = true;
        void send(agent, base, pick, dueAt, started, true).then(done);
      } else finish(0, false, error.code ?? error.message);
    });
    request.end(pick.body);
  });
}

async function closedLoop(plan: LoadPlan & { mode: 'closed' }, seconds: number, pick: () => Pick, agent: http.Agent, base: URL, started: number): Promise<Answer[]> {
  const answers: Answer[] = [];
  const end = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: plan.connections }, async () => {
      while (performance.now() < end) answers.push(await send(agent, base, pick(), performance.now() - started, started));
    }),
  );
  return answers;
}

/**
 * The open loop's schedule: the rate rises evenly from none to the plan's over the warm-up's
 * first half and holds from then on. Returns when the n-th request is due (ms from the start)
 * and how many are due in all.
 */
function openLoopSchedule(rate: number, warmUpMs: number, seconds: number) {
  const perMs = rate / 1000;
  const rampMs = warmUpMs / 2;
  const dueInRamp = (perMs * rampMs) / 2;
  return {
    dueAt: (n: number) => (n < dueInRamp ? Math.sqrt((2 * rampMs * n) / perMs) : rampMs + (n - dueInRamp) / perMs),
    total: Math.round(dueInRamp + perMs * (warmUpMs - rampMs + seconds * 1000)),
  };
}

async function openLoop(plan: LoadPlan & { mode: 'open' }, warmUpMs: number, pick: () => Pick, agent: http.Agent, base: URL, started: number): Promise<Answer[]> {
  const { dueAt, total } = openLoopSchedule(plan.rate, warmUpMs, plan.seconds);
  const pending: Promise<Answer>[] = [];
  // Every request due by now leaves now, with its due time: a late timer delays no latency.
  while (pending.length < total) {
    const now = performance.now() - started;
    while (pending.length < total && dueAt(pending.length) <= now) pending.push(send(agent, base, pick(), dueAt(pending.length), started));
    if (pending.length < total) await new Promise((wake) => setTimeout(wake, Math.max(0, dueAt(pending.length) - (performance.now() - started))));
  }
  return Promise.all(pending);
}

/** Sends the plan's load; `counting` is called as the warm-up ends and the counted seconds begin. */
export async function generateLoad(plan: LoadPlan, counting: () => void = () => {}): Promise<LoadResult> {
  const base = new URL(plan.base);
  const sockets = plan.mode === 'closed' ? plan.connections : OPEN_LOOP_SOCKETS;
  // An idle connection is closed a second before the server's announced keep-alive timeout
  // (`Keep-Alive: timeout=5`), so a request is never sent on a connection the server is closing
  // (a GET could be sent again, a POST can't). Node's agent follows that hint only when it has a
  // timeout of its own to shorten: hence `timeout`.
  const agent = new http.Agent({ keepAlive: true, timeout: TIMEOUT_MS, maxSockets: sockets, maxFreeSockets: sockets });
  const comments = new Map(Object.entries(plan.commentsSent ?? {}));
  const pick = mixedPicker(plan.data, comments, plan.mix ?? 'site');
  const warmUpMs = (plan.warmUpSeconds ?? WARM_UP_SECONDS) * 1000;
  const seconds = warmUpMs / 1000 + plan.seconds;
  let cpuBefore = process.cpuUsage();
  let startedAt = new Date().toISOString();
  const started = performance.now();
  // The generator's own event loop: how late a 10 ms timer fires, the longest by second. An answer
  // that arrives while the loop is held is read late and counted late, as a sent-late one is.
  const heldBySecond = new Map<number, number>();
  let tick = performance.now();
  const loopWatch = setInterval(() => {
    const now = performance.now();
    const second = Math.floor((now - started - warmUpMs) / 1000);
    heldBySecond.set(second, Math.max(heldBySecond.get(second) ?? 0, now - tick - 10));
    tick = now;
  }, 10);
  const warmUpEnds = setTimeout(() => {
    cpuBefore = process.cpuUsage();
    startedAt = new Date().toISOString();
    counting();
  }, warmUpMs);
  const sentAll = plan.mode === 'closed' ? await closedLoop(plan, seconds, pick, agent, base, started) : await openLoop(plan, warmUpMs, pick, agent, base, started);
  clearTimeout(warmUpEnds);
  clearInterval(loopWatch);
  agent.destroy();
  const cpu = process.cpuUsage(cpuBefore);
  // The counted requests, with their due times from the end of the warm-up.
  const answers = sentAll.filter((answer) => answer.dueAt >= warmUpMs).map((answer) => ({ ...answer, dueAt: answer.dueAt - warmUpMs }));
  const sorted = (list: number[]) => list.sort((a, b) => a - b);
  const warmUpTimes = sorted(sentAll.filter((answer) => answer.dueAt < warmUpMs).map((answer) => answer.latency));

  const all = sorted(answers.map((answer) => answer.latency));
  const statuses: Record<string, number> = {};
  const byKindTimes = new Map<string, number[]>();
  const cacheHits: LoadResult['cacheHits'] = {};
  const reads: number[] = [];
  const writes: number[] = [];
  const slowSeconds = new Set<number>();
  const bySecond = new Map<number, Answer[]>();
  for (const answer of answers) {
    const second = Math.floor(answer.dueAt / 1000);
    bySecond.set(second, bySecond.get(second) ?? []).get(second)!.push(answer);
    const key = `${answer.pick.kind} ${answer.status || answer.error}`;
    statuses[key] = (statuses[key] ?? 0) + 1;
    byKindTimes.set(answer.pick.kind, byKindTimes.get(answer.pick.kind) ?? []).get(answer.pick.kind)!.push(answer.latency);
    (answer.pick.write ? writes : reads).push(answer.latency);
    if (!answer.pick.write && answer.status >= 200 && answer.status < 300) {
      const hits = (cacheHits[answer.pick.kind] ??= { answered: 0, fromCache: 0 });
      hits.answered++;
      if (answer.fromCache) hits.fromCache++;
    }
    if (answer.latency > 500) slowSeconds.add(second);
  }
  const tailSeconds = [...bySecond]
    .map(([second, inSecond]) => {
      const times = sorted(inSecond.map((answer) => answer.latency));
      return {
        second,
        p99: percentile(times, 99),
        max: times.at(-1)!,
        newConnections: inSecond.filter((answer) => answer.newConnection).length,
        sendLagMax: Math.max(...inSecond.map((answer) => answer.sendLag)),
        generatorHeldMax: Math.max(heldBySecond.get(second) ?? 0, heldBySecond.get(second + 1) ?? 0),
      };
    })
    .filter((second) => second.p99 > 50)
    .sort((a, b) => a.second - b.second);
  const summary = (list: number[]) => ({ p50: percentile(sorted(list), 50), p99: percentile(list, 99) });
  return {
    sent: answers.length,
    answered: answers.filter((answer) => answer.status > 0).length,
    rate: answers.length / plan.seconds,
    p50: percentile(all, 50),
    p99: percentile(all, 99),
    max: all.at(-1) ?? 0,
    over500: answers.filter((answer) => answer.latency > 500).length,
    slowSeconds: [...slowSeconds].sort((a, b) => a - b),
    tailSeconds,
    newConnections: answers.filter((answer) => answer.newConnection).length,
    writes: writes.length,
    statuses,
    byKind: Object.fromEntries([...byKindTimes].map(([kind, times]) => [kind, summary(times)])),
    cacheHits,
    reads: summary(reads),
    writeLatency: summary(writes),
    startedAt,
    generatorCpuMs: (cpu.user + cpu.system) / 1000,
    sendLag: (() => {
      const lags = sorted(answers.map((answer) => answer.sendLag));
      return { p99: percentile(lags, 99), max: lags.at(-1) ?? 0 };
    })(),
    commentsSent: Object.fromEntries(comments),
    warmUp: {
      seconds: warmUpMs / 1000,
      sent: warmUpTimes.length,
      p99: percentile(warmUpTimes, 99),
      max: warmUpTimes.at(-1) ?? 0,
      newConnections: sentAll.filter((answer) => answer.dueAt < warmUpMs && answer.newConnection).length,
      generatorHeldMax: Math.max(0, ...[...heldBySecond].filter(([second]) => second < 0).map(([, held]) => held)),
    },
  };
}

/**
 * The generator's scheduling priority (nice, 19 the lowest; `BENCH_GENERATOR_NICE`). A site's
 * visitors send from their own machines; here the generator shares the two cores with the server
 * and PostgreSQL, and at the same priority it took CPU from them when they were busiest. At the
 * lowest it takes what they leave. It then sends later when the machine is busy, and that
 * lateness still counts in every latency, which runs from when a request was due.
 */
const GENERATOR_NICENESS = Number(process.env.BENCH_GENERATOR_NICE ?? 19);

/**
 * Runs this generator in its own process with the plan, and samples the server's and
 * PostgreSQL's CPU time and the machine's, second by second, while it sends (from its first
 * byte on stdout, after the warm-up: the seconds line up with the result's slowSeconds); with
 * `databaseUrl`, also the server's sessions with PostgreSQL (sampleSessions).
 */
export async function runLoad(
  plan: LoadPlan,
  serverPid: number,
  database: string,
  databaseUrl?: string,
): Promise<{ result: LoadResult; cpu: CpuUsed; machine: MachineSecond[]; sessions: SessionsSecond[] }> {
  // From the project's root, where `--import tsx` finds tsx.
  const child = spawn(process.execPath, ['--import', 'tsx', import.meta.filename], { cwd: resolve(import.meta.dirname, '..'), stdio: ['pipe', 'pipe', 'inherit'] });
  setPriority(child.pid!, GENERATOR_NICENESS);
  let output = '';
  let sampler: ReturnType<typeof sampleCpu> | undefined;
  let machineSampler: ReturnType<typeof sampleMachine> | undefined;
  let sessionsSampler: ReturnType<typeof sampleSessions> | undefined;
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    sampler ??= sampleCpu({ server: serverPid, database });
    machineSampler ??= sampleMachine();
    if (databaseUrl) sessionsSampler ??= sampleSessions(databaseUrl);
    output += chunk;
  });
  child.stdin!.end(JSON.stringify(plan));
  const code = await new Promise<number | null>((done) => child.once('exit', done));
  const cpu = sampler?.stop() ?? { server: 0, postgres: 0, javascriptThreadBusy: 0 };
  const machine = machineSampler?.stop() ?? [];
  const sessions = (await sessionsSampler?.stop()) ?? [];
  if (code !== 0 || !output.startsWith(LOAD_STARTED)) throw new Error(`the load generator exited with ${code}: ${output.slice(0, 500)}`);
  return { result: JSON.parse(output.slice(LOAD_STARTED.length)) as LoadResult, cpu, machine, sessions };
}

// Run as a child: the plan on stdin, the result on stdout.
if (process.argv[1] && import.meta.filename === process.argv[1]) {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const plan = JSON.parse(Buffer.concat(chunks).toString('utf8')) as LoadPlan;
  const result = await generateLoad(plan, () => process.stdout.write(LOAD_STARTED));
  process.stdout.write(JSON.stringify(result));
}
