import { createTRPCClient, TRPCClientError, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import { describe, expect, it } from 'vitest';
import type { AppRouter } from '#server/trpc/root';
import { idempotencyKeyLink } from './trpc';

/** A server stand-in at the end of the links: answers each call with the next status given, and notes the key it got. */
function answering(statuses: number[], keys: unknown[]): TRPCLink<AppRouter> {
  return () =>
    ({ op }) =>
      observable((observer) => {
        keys.push(op.context.idempotencyKey);
        const status = statuses.shift() ?? 200;
        if (status === 200) {
          observer.next({ result: { type: 'data', data: { ok: true } } });
          observer.complete();
        } else if (status === 0) {
          observer.error(TRPCClientError.from(new TypeError('Failed to fetch')));
        } else {
          observer.error(TRPCClientError.from({ error: { message: 'refused', code: -32000, data: { httpStatus: status } } }));
        }
      });
}

describe('idempotencyKeyLink', () => {
  const submit = (client: ReturnType<typeof createTRPCClient<AppRouter>>, content = 'Same words') =>
    client.content.forum.comments.create.mutate({ id: 7, content }).catch(() => 'failed');

  it('sends the same key again after a 503 or no answer, and a new one once the server answered', async () => {
    const keys: unknown[] = [];
    const client = createTRPCClient<AppRouter>({ links: [idempotencyKeyLink(), answering([503, 0, 200, 200], keys)] });
    await submit(client); // 503: the write may have been made
    await submit(client); // no answer at all
    await submit(client); // answered
    await submit(client); // the same words again, on purpose: a new write
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).toBe(keys[0]);
    expect(keys[3]).not.toBe(keys[0]);
  });

  it('gives another submit its own key, and retires a key the server refused', async () => {
    const keys: unknown[] = [];
    const client = createTRPCClient<AppRouter>({ links: [idempotencyKeyLink(), answering([503, 200, 400, 200], keys)] });
    await submit(client, 'First words');
    await submit(client, 'Other words');
    await submit(client, 'Refused words');
    await submit(client, 'Refused words');
    expect(new Set(keys).size).toBe(4);
  });
});
