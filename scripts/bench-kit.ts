/** Pieces the benchmarks share. */
import { ALL_CATEGORIES } from '../src/shared/categories';
export { freePort } from '../src/server/test/free-port';

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
