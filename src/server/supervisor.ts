import cluster, { type Worker } from 'node:cluster';

/** A worker that lived this long before it exited was healthy: the next one starts at once. */
const HEALTHY_LIFETIME_MS = 30_000;
const FIRST_RESTART_DELAY_MS = 100;
const LONGEST_RESTART_DELAY_MS = 10_000;

/** How long to wait before starting a worker again after `failures` quick exits in a row (none: at once). */
export function restartDelay(failures: number): number {
  if (failures <= 0) return 0;
  return Math.min(LONGEST_RESTART_DELAY_MS, FIRST_RESTART_DELAY_MS * 2 ** (failures - 1));
}

function log(level: 'info' | 'warn', msg: string, fields: Record<string, unknown> = {}) {
  process.stderr.write(`${JSON.stringify({ level: level === 'info' ? 30 : 40, time: Date.now(), pid: process.pid, role: 'supervisor', msg, ...fields })}\n`);
}

/**
 * The primary process of `npm start` (node:cluster): runs `workers` server processes, which
 * share the port, and starts a worker again whenever one exits, so a process that dies (an
 * error nothing caught, the out-of-memory killer) never leaves the site down. Quick deaths in a
 * row back off (0.1 s doubling up to 10 s), so a start that keeps failing can't spin the machine.
 *
 * The first worker starts alone, since it migrates the database; the others start once it
 * listens. SIGTERM and SIGINT are passed on to every worker, each finishes its requests and
 * exits, then the supervisor exits 0.
 */
export function superviseWorkers(workers: number): void {
  let stopping = false;
  let othersStarted = workers <= 1;
  let quickExits = 0;
  const startedAt = new Map<Worker, number>();

  const start = () => startedAt.set(cluster.fork(), Date.now());
  const running = () => Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker !== undefined);

  cluster.on('listening', (worker) => {
    log('info', 'a server process is listening', { worker: worker.process.pid });
    if (othersStarted) return;
    othersStarted = true;
    for (let index = 1; index < workers; index++) start();
  });

  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker) ?? Date.now());
    startedAt.delete(worker);
    if (stopping) {
      if (running().length === 0) process.exit(0);
      return;
    }
    quickExits = lived >= HEALTHY_LIFETIME_MS ? 0 : quickExits + 1;
    const delay = restartDelay(quickExits);
    log('warn', 'a server process exited; starting another', { worker: worker.process.pid, code, signal, livedMs: lived, restartInMs: delay });
    setTimeout(() => {
      if (!stopping) start();
    }, delay);
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log('info', 'stopping the server processes', { signal });
    const workersNow = running();
    if (workersNow.length === 0) process.exit(0);
    for (const worker of workersNow) worker.process.kill(signal);
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  start();
}
