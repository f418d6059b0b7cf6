import { createRouter, type RouterHistory } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { createPageQueries, type PageQueries } from './lib/page-queries';
import { routeTree } from './routeTree.gen';
import type { Trpc } from './trpc';

export interface RouterContext {
  queryClient: QueryClient;
  trpc: Trpc;
  pageQueries: PageQueries;
}

/**
 * One router per page: the browser makes one for its lifetime, the server one per request
 * (with a memory history at the requested address and that request's query cache).
 */
export function createAppRouter({ queryClient, trpc, history }: { queryClient: QueryClient; trpc: Trpc; history?: RouterHistory }) {
  return createRouter({
    routeTree,
    history,
    context: { queryClient, trpc, pageQueries: createPageQueries(trpc, queryClient) },
    defaultPreload: 'intent',
    // Query data is cached by TanStack Query; the router should always ask it.
    defaultPreloadStaleTime: 0,
    // Only the browser scrolls. On the server the router would write an inline script for it,
    // which the CSP forbids (and the page it renders is at the top anyway).
    scrollRestoration: typeof window !== 'undefined',
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
