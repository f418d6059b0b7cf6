import { QueryClient } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { AppRouter } from '../server/trpc/root';

/** Cache rules of SPEC.md §9: fresh for 2 minutes, kept 5, no retries, no refetch on focus. */
export const queryClient = new QueryClient({
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

export const trpcClient = createTRPCClient<AppRouter>({
  links: [httpBatchLink({ url: '/trpc' })],
});

/** `trpc.content.podcasts.list.queryOptions(input)` and friends: typed from the server's router. */
export const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });

/** Liked and comments queries stay fresh for 30 seconds (SPEC.md §9). */
export const SHORT_STALE_TIME = 30_000;
/** Admin lists stay fresh for 30 seconds (SPEC.md §9). */
export const ADMIN_STALE_TIME = 30_000;
