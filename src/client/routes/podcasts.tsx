import { useInfiniteQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { messages } from '../../shared/messages';
import { ALL_CATEGORIES, PODCAST_CATEGORIES } from '../../shared/categories';
import { EmptyState, LoadFailed, LoadMore, PageHeader, PlaceholderGrid } from '../components/content/list-states';
import { PodcastCard, PodcastCardSkeleton } from '../components/content/podcast-card';
import { SearchFilter } from '../components/content/search-filter';
import { useDebounced } from '../lib/use-debounced';
import { contentCopy } from '../copy/content';
import { pageQueries, prefetchPodcastsPage } from '../lib/page-queries';

export const Route = createFileRoute('/podcasts')({
  loader: ({ context }) => prefetchPodcastsPage(context),
  component: PodcastsPage,
});

const PLACEHOLDERS = 6;

function PodcastsPage() {
  const t = contentCopy.podcasts;
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<string>(ALL_CATEGORIES);
  const debouncedSearch = useDebounced(search.trim());
  const filtering = debouncedSearch !== '' || category !== ALL_CATEGORIES;

  const podcasts = useInfiniteQuery(
    pageQueries.podcasts(debouncedSearch, category),
  );
  const items = podcasts.data?.pages.flat() ?? [];

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <PageHeader title={t.title} subtitle={t.subtitle} />
      <SearchFilter
        id="podcasts"
        search={search}
        onSearch={setSearch}
        category={category}
        onCategory={setCategory}
        categories={PODCAST_CATEGORIES}
        searchLabel={t.searchLabel}
        searchPlaceholder={t.searchPlaceholder}
      />
      <section aria-label={t.title} aria-busy={podcasts.isPending} className="mt-8">
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
