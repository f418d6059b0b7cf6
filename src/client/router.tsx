import { createRouter } from '@tanstack/react-router';
import { queryClient, trpc } from './trpc';
import { routeTree } from './routeTree.gen';

export interface RouterContext {
  queryClient: typeof queryClient;
  trpc: typeof trpc;
}

export const router = createRouter({
  routeTree,
  context: { queryClient, trpc },
  defaultPreload: 'intent',
  // Query data is cached by TanStack Query; the router should always ask it.
  defaultPreloadStaleTime: 0,
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
