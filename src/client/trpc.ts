import { QueryClient } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
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

export const trpcClient = createTRPCClient<AppRouter>({
  // The server refuses a batch of more calls than this (see src/server/trpc/batch-limit.ts).
  links: [httpBatchLink({ url: '/trpc', maxItems: MAX_CALLS_PER_REQUEST })],
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
