import { ALL_CATEGORIES } from '#shared/categories';
import { GRID_PAGE_SIZE, nextCursor } from './paging';
import { trpc as browserTrpc, SHORT_STALE_TIME, type Trpc } from '../trpc';
import type { RouterContext } from '../router';

/** How many of each Home shows. */
export const HOME_COUNTS = { podcasts: 3, listings: 4, events: 2 } as const;

/**
 * The queries the main screens open with, in one place for the screen and for its route's
 * loader. Loaders take them from the router's context, whose `trpc` calls the API over HTTP
 * in the browser and the procedures directly when the server renders the page (SSR).
 */
export function createPageQueries(trpc: Trpc) {
  return {
    stats: () => trpc.content.stats.get.queryOptions(),
    homePodcasts: (search = '', category: string = ALL_CATEGORIES) => trpc.content.podcasts.list.queryOptions({ search, category, limit: HOME_COUNTS.podcasts }),
    homeListings: () => trpc.content.directory.list.queryOptions({ limit: HOME_COUNTS.listings, sort: 'popular' }),
    homeEvents: () => trpc.content.events.list.queryOptions({ upcoming: true, limit: HOME_COUNTS.events }),
    podcasts: (search = '', category: string = ALL_CATEGORIES) =>
      trpc.content.podcasts.list.infiniteQueryOptions({ search, category, limit: GRID_PAGE_SIZE }, { getNextPageParam: nextCursor }),
    blogs: (search = '', category: string = ALL_CATEGORIES) =>
      trpc.content.blogs.cards.infiniteQueryOptions({ search, category, limit: GRID_PAGE_SIZE }, { getNextPageParam: nextCursor }),
    podcast: (id: number) => trpc.content.podcasts.byId.queryOptions({ id }),
    event: (id: number) => trpc.content.events.byId.queryOptions({ id }),
    events: (upcoming: boolean) => trpc.content.events.list.infiniteQueryOptions({ upcoming, limit: GRID_PAGE_SIZE }, { getNextPageParam: nextCursor }),
    // What the signed-in viewer did with one item, which its card asks for.
    podcastLiked: (id: number) => trpc.content.podcasts.liked.queryOptions({ id }, { staleTime: SHORT_STALE_TIME }),
    listingLiked: (id: number) => trpc.content.directory.liked.queryOptions({ id }, { staleTime: SHORT_STALE_TIME }),
    eventRsvps: (id: number) => trpc.content.events.rsvps.queryOptions({ id }),
    // Profile Settings: her profile and her signed-in devices.
    profile: () => trpc.auth.account.profile.queryOptions(),
    sessions: () => trpc.auth.account.sessions.queryOptions(),
  };
}

export type PageQueries = ReturnType<typeof createPageQueries>;

/** For components: the same query keys, whichever client the loader used. */
export const pageQueries = createPageQueries(browserTrpc);

type LoaderContext = Pick<RouterContext, 'queryClient' | 'pageQueries' | 'trpc'>;

/** Whether a signed-in member looks at the page (the session is cached before loaders run). */
export const signedIn = ({ queryClient, trpc }: LoaderContext) => Boolean(queryClient.getQueryData(trpc.auth.session.queryKey()));

/**
 * Once a list is in, asks for each item's own state (liked, RSVP) too. The page the server
 * renders then shows them, and the browser's cards don't each render again as answers arrive.
 * A failed list is left to the screen, which shows it.
 */
export function thenEachItem(list: Promise<{ id: number }[]>, askFor: (id: number) => unknown): void {
  list.then(
    (items) => items.forEach((item) => void askFor(item.id)),
    () => undefined,
  );
}

/** Home's queries, started without waiting (a failure shows on the screen, not here). For members only. */
export function prefetchHome({ queryClient, pageQueries }: LoaderContext): void {
  void queryClient.prefetchQuery(pageQueries.stats());
  thenEachItem(queryClient.fetchQuery(pageQueries.homePodcasts()), (id) => queryClient.prefetchQuery(pageQueries.podcastLiked(id)));
  thenEachItem(queryClient.fetchQuery(pageQueries.homeListings()), (id) => queryClient.prefetchQuery(pageQueries.listingLiked(id)));
  thenEachItem(queryClient.fetchQuery(pageQueries.homeEvents()), (id) => queryClient.prefetchQuery(pageQueries.eventRsvps(id)));
}

/** Podcasts' first page (of the search in the address); for a signed-in viewer, whether she liked each podcast on it. */
export function prefetchPodcastsPage(context: LoaderContext, search?: string, category?: string): void {
  const { queryClient, pageQueries } = context;
  if (!signedIn(context)) return void queryClient.prefetchInfiniteQuery(pageQueries.podcasts(search, category));
  const firstPage = queryClient.fetchInfiniteQuery(pageQueries.podcasts(search, category)).then((data) => data.pages.flat());
  thenEachItem(firstPage, (id) => queryClient.prefetchQuery(pageQueries.podcastLiked(id)));
}

/** The first page of upcoming (or past) events; for a signed-in viewer, the RSVPs of each event on it. */
export function prefetchEventsPage(context: LoaderContext, upcoming = true): void {
  const { queryClient, pageQueries } = context;
  if (!signedIn(context)) return void queryClient.prefetchInfiniteQuery(pageQueries.events(upcoming));
  const firstPage = queryClient.fetchInfiniteQuery(pageQueries.events(upcoming)).then((data) => data.pages.flat());
  thenEachItem(firstPage, (id) => queryClient.prefetchQuery(pageQueries.eventRsvps(id)));
}
