import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { messages } from '#shared/messages';
import { ALL_CATEGORIES, PODCAST_CATEGORIES } from '#shared/categories';
import { EmptyState, ItemPage, LoadFailed, LoadMore, PageHeader, PlaceholderGrid } from '../components/content/list-states';
import { PodcastCard, PodcastCardSkeleton } from '../components/content/podcast-card';
import { SearchFilter } from '../components/content/search-filter';
import { buttonVariants } from '../components/ui/button-variants';
import { m } from '#i18n/messages';
import { idParam, oneOf, useSearchBox, validateListSearch, type ListSearch } from '../lib/list-search';
import { pageQueries, prefetchPodcastsPage } from '../lib/page-queries';

interface PodcastsSearch extends ListSearch {
  /** One podcast on its own (a search result or activity row opens it). */
  podcast?: number;
}

export const Route = createFileRoute('/podcasts')({
  validateSearch: (search: Record<string, unknown>): PodcastsSearch => {
    const podcast = idParam(search.podcast);
    return { ...validateListSearch(search, PODCAST_CATEGORIES), ...(podcast ? { podcast } : {}) };
  },
  loaderDeps: ({ search }) => search,
  // In the page's own chunk: the landing page's code doesn't carry it.
  codeSplitGroupings: [['loader', 'component']],
  loader: ({ context, deps }) =>
    deps.podcast ? void context.queryClient.prefetchQuery(context.pageQueries.podcast(deps.podcast)) : prefetchPodcastsPage(context, deps.q, deps.category),
  component: PodcastsPage,
});

const PLACEHOLDERS = 6;

function PodcastsPage() {
  const { podcast } = Route.useSearch();
  return podcast ? <OnePodcast id={podcast} /> : <PodcastList />;
}

function OnePodcast({ id }: { id: number }) {
  const podcast = useQuery(pageQueries.podcast(id));
  return (
    <ItemPage
      heading={m.content_podcasts_title()}
      back={
        <Link to="/podcasts" search={({ podcast: _open, ...list }) => list} className={buttonVariants({ variant: 'link', className: 'px-0' })}>
          {m.content_podcasts_back()}
        </Link>
      }
      query={podcast}
      placeholder={<PodcastCardSkeleton />}
    >
      {() => podcast.data && <PodcastCard podcast={podcast.data} commentsFromLink />}
    </ItemPage>
  );
}

function PodcastList() {
  const { q, category = ALL_CATEGORIES } = Route.useSearch();
  const navigate = useNavigate({ from: '/podcasts' });
  const [search, setSearch] = useSearchBox(q, (text) => void navigate({ search: (prev) => ({ ...prev, q: text }), replace: true }));
  const filtering = Boolean(q) || category !== ALL_CATEGORIES;

  const podcasts = useInfiniteQuery(pageQueries.podcasts(q, category));
  const items = podcasts.data?.pages.flat() ?? [];

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <PageHeader title={m.content_podcasts_title()} subtitle={m.content_podcasts_subtitle()} />
      <SearchFilter
        id="podcasts"
        search={search}
        onSearch={setSearch}
        category={category}
        onCategory={(value) => void navigate({ search: (prev) => ({ ...prev, category: oneOf(value, PODCAST_CATEGORIES) }), replace: true })}
        categories={PODCAST_CATEGORIES}
        searchLabel={m.content_podcasts_search_label()}
        searchPlaceholder={m.content_podcasts_search_placeholder()}
      />
      <section aria-label={m.content_podcasts_title()} aria-busy={podcasts.isPending} className="mt-8">
        {podcasts.isPending ? (
          <PlaceholderGrid count={PLACEHOLDERS} className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {(i) => <PodcastCardSkeleton key={i} />}
          </PlaceholderGrid>
        ) : podcasts.isError ? (
          <LoadFailed onRetry={() => void podcasts.refetch()} />
        ) : items.length === 0 ? (
          <EmptyState title={filtering ? messages.podcasts.emptyFiltered : messages.podcasts.empty} />
        ) : (
          <>
            <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {items.map((podcast) => (
                <PodcastCard key={podcast.id} podcast={podcast} />
              ))}
            </div>
            <LoadMore hasMore={podcasts.hasNextPage} loading={podcasts.isFetchingNextPage} onLoad={() => void podcasts.fetchNextPage()} />
          </>
        )}
      </section>
    </div>
  );
}
