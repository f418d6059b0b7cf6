import { QueryClient } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink, splitLink, TRPCClientError, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import { createTRPCOptionsProxy, type TRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '#server/trpc/root';
import { MAX_CALLS_PER_REQUEST } from '#shared/limits';

/** Default cache rules: fresh for 2 minutes, kept 5, no retries, no refetch on focus. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 2 * 60_000,
        gcTime: 5 * 60_000,
        retry: false,
        refetchOnWindowFocus: false,
        networkMode: 'online',
      },
      mutations: { retry: false },
    },
  });
}

/** The browser's one query cache. The server renders each page (SSR) with its own (see entry-server). */
export const queryClient = createQueryClient();

/** 128 random bits as URL-safe text (crypto.randomUUID needs a secure context; this does not). */
function randomKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * One Idempotency-Key per submit. A write whose answer never came (the server or its database
 * away for a moment: a 503, or no answer at all) may still have been made; when she sends the
 * same thing again, it goes with the same key, and the server answers the first result instead
 * of making it twice (src/server/idempotency.ts). Any answer the server gave retires the key.
 */
export function idempotencyKeyLink(): TRPCLink<AppRouter> {
  const unanswered = new Map<string, string>();
  return () =>
    ({ op, next }) =>
      observable((observer) => {
        if (op.type !== 'mutation') return next(op).subscribe(observer);
        const submit = `${op.path} ${JSON.stringify(op.input ?? null)}`;
        const key = unanswered.get(submit) ?? randomKey();
        unanswered.set(submit, key);
        return next({ ...op, context: { ...op.context, idempotencyKey: key } }).subscribe({
          next: (value) => {
            unanswered.delete(submit);
            observer.next(value);
          },
          error: (error) => {
            const status = error instanceof TRPCClientError ? (error.data as { httpStatus?: number } | undefined)?.httpStatus : undefined;
            if (status !== undefined && status !== 503) unanswered.delete(submit);
            observer.error(error);
          },
          complete: () => observer.complete(),
        });
      });
}

export const trpcClient = createTRPCClient<AppRouter>({
  links: [
    idempotencyKeyLink(),
    splitLink({
      // Writes go one per request (a batch of one), each with its key in the Idempotency-Key header.
      condition: (op) => op.type === 'mutation',
      true: httpBatchLink({ url: '/trpc', maxItems: 1, headers: ({ opList }) => ({ 'idempotency-key': String(opList[0]?.context.idempotencyKey) }) }),
      // The server refuses a batch of more calls than this (see src/server/trpc/batch-limit.ts).
      false: httpBatchLink({ url: '/trpc', maxItems: MAX_CALLS_PER_REQUEST }),
    }),
  ],
});

export type Trpc = TRPCOptionsProxy<AppRouter>;

/**
 * What each procedure answers, as it arrives: JSON, so dates are ISO strings. Components take
 * their props from here instead of restating the server's shapes.
 */
export type RouterOutputs = inferRouterOutputs<AppRouter>;

/** `trpc.content.podcasts.list.queryOptions(input)` and friends: typed from the server's router. */
export const trpc: Trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });

/** Liked and comments queries stay fresh for 30 seconds. */
export const SHORT_STALE_TIME = 30_000;
/** Admin lists stay fresh for 30 seconds. */
export const ADMIN_STALE_TIME = 30_000;
