import type { QueryClient } from '@tanstack/react-query';
import { ALL_CATEGORIES } from '#shared/categories';
import { PAGE_SIZE } from '#shared/limits';
import { GRID_PAGE_SIZE, nextCursor } from './paging';
import { trpc as browserTrpc, queryClient as browserQueryClient, SHORT_STALE_TIME, type Trpc } from '../trpc';
import type { RouterContext } from '../router';

/** How many of each Home shows. */
export const HOME_COUNTS = { podcasts: 3, listings: 4, events: 2 } as const;

/**
 * One item's entry out of a call for many: every id asked for in the same tick (the cards of a
 * list page as they mount, or as its loader prefetches them) goes in one call, and each caller
 * gets its item's entry, or undefined when the answer left it out (gone, or hidden from her).
 * The server then reads a page's likes or RSVPs with one procedure and one statement instead of
 * one per card.
 */
export function batchByIds<Entry extends { id: number }>(fetchMany: (ids: number[]) => Promise<Entry[]>): (id: number) => Promise<Entry | undefined> {
  let pending: { ids: Set<number>; entries: Promise<Map<number, Entry>> } | null = null;
  return (id) => {
    if (!pending || pending.ids.size >= PAGE_SIZE.max) {
      const ids = new Set<number>();
      const entries = new Promise<void>((start) => queueMicrotask(start))
        .then(() => {
          if (pending?.ids === ids) pending = null;
          return fetchMany([...ids]);
        })
        .then((answer) => new Map(answer.map((entry) => [entry.id, entry])));
      pending = { ids, entries };
    }
    pending.ids.add(id);
    return pending.entries.then((byId) => byId.get(id));
  };
}

/** A card's own state that the page's call for many left out: the item is gone or hidden from her. */
function present<T>(entry: T | undefined, id: number): T {
  if (entry === undefined) throw new Error(`item ${id} is not there`);
  return entry;
}

/**
 * The queries the main screens open with, in one place for the screen and for its route's
 * loader. Loaders take them from the router's context, whose `trpc` calls the API over HTTP
 * in the browser and the procedures directly when the server renders the page (SSR).
 */
export function createPageQueries(trpc: Trpc, queryClient: QueryClient) {
  // Asked afresh each time (a card's own query decides when its state is stale), and not kept.
  const always = { staleTime: 0, gcTime: 0 };
  const podcastLiked = batchByIds((ids) => queryClient.fetchQuery({ ...trpc.content.podcasts.likedByIds.queryOptions({ ids }), ...always }));
  const listingLiked = batchByIds((ids) => queryClient.fetchQuery({ ...trpc.content.directory.likedByIds.queryOptions({ ids }), ...always }));
  const eventRsvps = batchByIds((ids) => queryClient.fetchQuery({ ...trpc.content.events.rsvpsByIds.queryOptions({ ids }), ...always }));
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
    // What the signed-in viewer did with one item, which its card asks for: under the item's
    // own key (a like or an RSVP updates it), asked with the page's other cards in one call.
    podcastLiked: (id: number) => ({
      ...trpc.content.podcasts.liked.queryOptions({ id }, { staleTime: SHORT_STALE_TIME }),
      queryFn: async () => ({ liked: present(await podcastLiked(id), id).liked }),
    }),
    listingLiked: (id: number) => ({
      ...trpc.content.directory.liked.queryOptions({ id }, { staleTime: SHORT_STALE_TIME }),
      queryFn: async () => ({ liked: present(await listingLiked(id), id).liked }),
    }),
    eventRsvps: (id: number) => ({
      ...trpc.content.events.rsvps.queryOptions({ id }),
      queryFn: async () => present(await eventRsvps(id), id).rsvps,
    }),
    // Profile Settings: her profile and her signed-in devices.
    profile: () => trpc.auth.account.profile.queryOptions(),
    sessions: () => trpc.auth.account.sessions.queryOptions(),
  };
}

export type PageQueries = ReturnType<typeof createPageQueries>;

/** For components: the same query keys, whichever client the loader used. */
export const pageQueries = createPageQueries(browserTrpc, browserQueryClient);

type LoaderContext = Pick<RouterContext, 'queryClient' | 'pageQueries' | 'trpc'>;

/** Whether a signed-in member looks at the page (the session is cached before loaders run). */
export const signedIn = ({ queryClient, trpc }: LoaderContext) => Boolean(queryClient.getQueryData(trpc.auth.session.queryKey()));

/**
 * Once a list is in, asks for each item's own state (liked, RSVP) too, which goes as one call
 * for the list (batchByIds). The page the server renders then shows them, and the browser's
 * cards don't each render again as answers arrive. A failed list is left to the screen, which
 * shows it.
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
