import { ALL_CATEGORIES } from '../../shared/categories';
import { GRID_PAGE_SIZE, nextOffset } from '../components/content/use-paged-list';
import { trpc as browserTrpc, type Trpc } from '../trpc';
import type { RouterContext } from '../router';

/** How many of each Home shows. */
export const HOME_COUNTS = { podcasts: 3, listings: 4, events: 2 } as const;

/**
 * The queries the main screens open with, in one place for the screen and for its route's
 * loader. Loaders take them from the router's context, whose `trpc` calls the API over HTTP
 * in the browser and the procedures directly when the server draws the page.
 */
export function createPageQueries(trpc: Trpc) {
  return {
    stats: () => trpc.content.stats.get.queryOptions(),
    homePodcasts: (search = '', category: string = ALL_CATEGORIES) => trpc.content.podcasts.list.queryOptions({ search, category, limit: HOME_COUNTS.podcasts }),
    homeListings: () => trpc.content.directory.list.queryOptions({ limit: HOME_COUNTS.listings }),
    homeEvents: () => trpc.content.events.list.queryOptions({ upcoming: true, limit: HOME_COUNTS.events }),
    podcasts: (search = '', category: string = ALL_CATEGORIES) =>
      trpc.content.podcasts.list.infiniteQueryOptions({ search, category, limit: GRID_PAGE_SIZE }, { initialCursor: 0, getNextPageParam: nextOffset }),
    blogs: (search = '', category: string = ALL_CATEGORIES) =>
      trpc.content.blogs.list.infiniteQueryOptions({ search, category, published: true, limit: GRID_PAGE_SIZE }, { initialCursor: 0, getNextPageParam: nextOffset }),
    events: (upcoming: boolean) => trpc.content.events.list.infiniteQueryOptions({ upcoming, limit: GRID_PAGE_SIZE }, { initialCursor: 0, getNextPageParam: nextOffset }),
  };
}

export type PageQueries = ReturnType<typeof createPageQueries>;

/** For components: the same query keys, whichever client the loader used. */
export const pageQueries = createPageQueries(browserTrpc);

/** Home's first four queries, started without waiting (a failure shows on the screen, not here). */
export function prefetchHome({ queryClient, pageQueries }: Pick<RouterContext, 'queryClient' | 'pageQueries'>): void {
  void queryClient.prefetchQuery(pageQueries.stats());
  void queryClient.prefetchQuery(pageQueries.homePodcasts());
  void queryClient.prefetchQuery(pageQueries.homeListings());
  void queryClient.prefetchQuery(pageQueries.homeEvents());
}
