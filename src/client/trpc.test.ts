import { afterEach, expect, it, vi } from 'vitest';
import { MAX_CALLS_PER_REQUEST } from '#shared/limits';
import { trpcClient } from './trpc';

afterEach(() => vi.unstubAllGlobals());

it('never sends the server a batch of more calls than it accepts', async () => {
  const batches: string[][] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    const names = decodeURIComponent(new URL(url, 'http://site.test').pathname.replace(/^\/trpc\//, '')).split(',');
    batches.push(names);
    return new Response(JSON.stringify(names.map(() => ({ result: { data: null } }))), { headers: { 'content-type': 'application/json' } });
  });
  // Twenty-five queries asked in the same tick, as a busy screen does.
  await Promise.all(Array.from({ length: 25 }, () => trpcClient.content.stats.get.query()));
  expect(batches.flat()).toHaveLength(25);
  expect(batches.length).toBeGreaterThan(1);
  for (const names of batches) expect(names.length).toBeLessThanOrEqual(MAX_CALLS_PER_REQUEST);
});
