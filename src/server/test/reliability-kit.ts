import { spawnSync } from 'node:child_process';
import { inject } from 'vitest';
import { bundledEntry, type SourceEntry } from './server-bundle';
import { spawnSite, untilServing, type SiteProcess } from './site-process';
import { findPgBin, startThrowawayCluster, type ThrowawayCluster } from './throwaway-cluster';

/**
 * What the reliability suites share: a throwaway PostgreSQL cluster of their own (never a
 * shared server) and the real server processes they start on it, and the waiting that real
 * processes need.
 */

export const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** Polls `condition` every 50 ms; true once it holds, false if it still doesn't after `timeoutMs`. */
export async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await condition()) return true;
    await sleep(50);
  }
  return condition();
}

/** The server processes a supervisor runs (its children), by pid. */
export function workersOf(server: SiteProcess): number[] {
  const listed = spawnSync('pgrep', ['-P', String(server.child.pid)], { encoding: 'utf8' });
  return listed.stdout.split('\n').filter(Boolean).map(Number).sort();
}

/** Why a suite on a throwaway cluster can't run here, or null. */
export const clusterSkipReason = (): string | null => (findPgBin() ? null : 'PostgreSQL server binaries (initdb, pg_ctl) not found');

export interface ReliabilityRig {
  cluster: ThrowawayCluster;
  /** The production entry, or the test entry (e2e/server.ts: the same start-up with relaxed rate limits), on the cluster. */
  startServer(env: Record<string, string>, entry?: SourceEntry): Promise<SiteProcess>;
  /** Kills what is still running and removes the cluster. */
  stop(): void;
}

export async function startRig(): Promise<ReliabilityRig> {
  const cluster = await startThrowawayCluster();
  const servers: SiteProcess[] = [];
  return {
    cluster,
    async startServer(env, entry = 'src/server/main.ts') {
      const server = await spawnSite(bundledEntry(inject('serverBundle'), entry), { NODE_ENV: 'production', DATABASE_URL: cluster.url, ADMIN_EMAIL: 'admin@reliability.test', ADMIN_PASSWORD: 'Reliable123', ...env });
      servers.push(server);
      if (await untilServing(server)) return server;
      throw new Error(`server did not start: ${server.tail()}`);
    },
    stop() {
      for (const server of servers) if (server.child.exitCode === null) server.child.kill('SIGKILL');
      cluster.remove();
    },
  };
}
