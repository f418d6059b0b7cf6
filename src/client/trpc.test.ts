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

it('sends each write alone with its Idempotency-Key, the same again after a 503', async () => {
  const sent: { url: string; key: string | null }[] = [];
  const statuses = [503, 200];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    sent.push({ url, key: new Headers(init.headers).get('idempotency-key') });
    const status = statuses.shift() ?? 200;
    const body = [status === 200 ? { result: { data: { id: 1 } } } : { error: { message: 'unavailable', code: -32603, data: { httpStatus: 503 } } }];
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  const write = () => trpcClient.content.forum.comments.create.mutate({ id: 3, content: 'Sent while the site was away' }).catch(() => null);
  await write();
  await write();
  expect(sent.map((request) => new URL(request.url, 'http://site.test').pathname)).toEqual(['/trpc/content.forum.comments.create', '/trpc/content.forum.comments.create']);
  expect(sent[0]!.key).toMatch(/^[0-9a-f]{32}$/);
  expect(sent[1]!.key).toBe(sent[0]!.key);
});
