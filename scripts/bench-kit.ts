/** Pieces the benchmarks share. */
import { readFileSync } from 'node:fs';
import { ALL_CATEGORIES } from '#shared/categories';
export { freePort } from '#server/test/free-port';

/** Home's queries for a signed-in member, batched into one request the way httpBatchLink sends them. */
export function homeBatchPath(): string {
  const calls: [string, unknown][] = [
    ['content.stats.get', undefined],
    ['content.podcasts.list', { search: '', category: ALL_CATEGORIES, limit: 3 }],
    ['content.directory.list', { limit: 4 }],
    ['content.events.list', { upcoming: true, limit: 2 }],
  ];
  const input = Object.fromEntries(calls.map(([, value], index) => [index, value]));
  return `/trpc/${calls.map(([path]) => path).join(',')}?batch=1&input=${encodeURIComponent(JSON.stringify(input))}`;
}

export const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** VmRSS and VmHWM (peak) of a process, in MiB. */
export function memoryOf(pid: number): { rss: number; hwm: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) / 1024;
    return { rss: field('VmRSS'), hwm: field('VmHWM') };
  } catch {
    return null;
  }
}
