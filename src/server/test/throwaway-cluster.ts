import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port';

/**
 * A PostgreSQL cluster of its own in a temporary folder, for the suites and benchmarks that stop
 * the database under load (never a shared server). Needs PostgreSQL's server binaries (initdb,
 * pg_ctl): PG_BIN, the PATH, or Debian's versioned folders.
 */
export interface ThrowawayCluster {
  url: string;
  start(): void;
  /** 'immediate' is a crash as the clients see it; 'fast' a clean stop. */
  stop(mode: 'immediate' | 'fast'): void;
  /** Stops it if it runs and deletes its folder. */
  remove(): void;
}

export function findPgBin(): string | null {
  const candidates = [process.env.PG_BIN, ...(process.env.PATH ?? '').split(':')];
  if (existsSync('/usr/lib/postgresql')) {
    for (const version of readdirSync('/usr/lib/postgresql').sort().reverse()) candidates.push(`/usr/lib/postgresql/${version}/bin`);
  }
  return candidates.find((dir) => dir && existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl'))) ?? null;
}

/** Runs a PostgreSQL tool; as root, as the postgres user (PostgreSQL refuses to run as root). */
function pgTool(pgBin: string, tool: string, args: string[]) {
  const command = join(pgBin, tool);
  const result =
    process.getuid?.() === 0
      ? spawnSync('runuser', ['-u', 'postgres', '--', command, ...args], { encoding: 'utf8', timeout: 60_000 })
      : spawnSync(command, args, { encoding: 'utf8', timeout: 60_000 });
  if (result.status !== 0) throw new Error(`${tool} ${args.join(' ')} failed: ${result.stderr || result.stdout}`);
}

/** Makes and starts a cluster; throws when PostgreSQL's binaries are missing. */
export async function startThrowawayCluster(): Promise<ThrowawayCluster> {
  const pgBin = findPgBin();
  if (!pgBin) throw new Error('PostgreSQL server binaries (initdb, pg_ctl) not found');
  const dir = mkdtempSync(join(tmpdir(), 'bloom-cluster-'));
  const port = await freePort();
  if (process.getuid?.() === 0) {
    chmodSync(dir, 0o700);
    spawnSync('chown', ['postgres:postgres', dir]);
  }
  pgTool(pgBin, 'initdb', ['-D', dir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  const start = () => pgTool(pgBin, 'pg_ctl', ['-D', dir, '-l', join(dir, 'server.log'), '-w', '-t', '30', '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`, 'start']);
  const stop = (mode: 'immediate' | 'fast') => pgTool(pgBin, 'pg_ctl', ['-D', dir, '-w', '-t', '30', '-m', mode, 'stop']);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    remove() {
      try {
        stop('immediate');
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
