import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { Check, HeartHandshake, Store, Users } from 'lucide-react';
import { useState } from 'react';
import { messages } from '#shared/messages';
import { ALL_CATEGORIES, DIRECTORY_CATEGORIES } from '#shared/categories';
import { toastActionFailure, toastSignInRequired } from '../components/content/feedback';
import { EmptyState, LoadFailed, LoadMore, PageHeader, PlaceholderGrid } from '../components/content/list-states';
import { ListingCard, ListingCardSkeleton } from '../components/content/listing-card';
import { SearchFilter } from '../components/content/search-filter';
import { oneOf, useSearchBox, validateListSearch } from '../lib/list-search';
import { signedIn, thenEachItem } from '../lib/page-queries';
import { GRID_PAGE_SIZE, nextCursor } from '../lib/paging';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { toast } from '../components/ui/toast';
import { m } from '#i18n/messages';
import { useSession } from '../lib/session';
import { trpc, type Trpc } from '../trpc';

const directoryComingSoonItems = () => [
  { title: m.content_directory_soon_women_owned_title(), body: m.content_directory_soon_women_owned_body() },
  { title: m.content_directory_soon_services_title(), body: m.content_directory_soon_services_body() },
  { title: m.content_directory_soon_safe_spaces_title(), body: m.content_directory_soon_safe_spaces_body() },
];

export const Route = createFileRoute('/directory')({
  validateSearch: (search: Record<string, unknown>) => validateListSearch(search, DIRECTORY_CATEGORIES),
  loaderDeps: ({ search }) => search,
  // The first page (and, for a member, whether she liked each listing on it) comes with the
  // page's code: a page the server draws shows the listings, not placeholders. The loader is in
  // the page's own chunk, so the landing page's code doesn't carry it.
  codeSplitGroupings: [['loader', 'component']],
  loader: ({ context, deps }) => {
    const firstPage = context.queryClient.fetchInfiniteQuery(directoryPage(context.trpc, deps.q, deps.category)).then((data) => data.pages.flat());
    thenEachItem(firstPage, (id) => signedIn(context) && context.queryClient.prefetchQuery(context.pageQueries.listingLiked(id)));
  },
  component: DirectoryPage,
});

const PLACEHOLDERS = 6;

const directoryPage = (api: Trpc, search = '', category: string = ALL_CATEGORIES) =>
  api.content.directory.list.infiniteQueryOptions({ search, category, limit: GRID_PAGE_SIZE }, { getNextPageParam: nextCursor });

/** The real directory; the coming-soon panel shows only while there are no listings. */
function DirectoryPage() {
  const { q, category = ALL_CATEGORIES } = Route.useSearch();
  const navigate = useNavigate({ from: '/directory' });
  const [search, setSearch] = useSearchBox(q, (text) => void navigate({ search: (prev) => ({ ...prev, q: text }), replace: true }));
  const filtering = Boolean(q) || category !== ALL_CATEGORIES;

  const listings = useInfiniteQuery(directoryPage(trpc, q, category));
  const items = listings.data?.pages.flat() ?? [];

  if (!listings.isPending && !listings.isError && items.length === 0 && !filtering) return <ComingSoonPanel />;

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <PageHeader title={m.content_directory_title()} subtitle={m.content_directory_subtitle()} />
      <SearchFilter
        id="directory"
        search={search}
        onSearch={setSearch}
        category={category}
        onCategory={(value) => void navigate({ search: (prev) => ({ ...prev, category: oneOf(value, DIRECTORY_CATEGORIES) }), replace: true })}
        categories={DIRECTORY_CATEGORIES}
        searchLabel={m.content_directory_search_label()}
        searchPlaceholder={m.content_directory_search_placeholder()}
      />
      <section aria-label={m.content_directory_title()} aria-busy={listings.isPending} className="mt-8">
        {listings.isPending ? (
          <PlaceholderGrid count={PLACEHOLDERS} className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {(i) => <ListingCardSkeleton key={i} />}
          </PlaceholderGrid>
        ) : listings.isError ? (
          <LoadFailed onRetry={() => void listings.refetch()} />
        ) : items.length === 0 ? (
          <EmptyState title={m.content_directory_empty()} hint={m.content_directory_empty_hint()} />
        ) : (
          <>
            <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {items.map((listing, index) => (
                <ListingCard key={listing.id} listing={listing} leading={index === 0} />
              ))}
            </div>
            <LoadMore hasMore={listings.hasNextPage} loading={listings.isFetchingNextPage} onLoad={() => void listings.fetchNextPage()} />
          </>
        )}
      </section>
    </div>
  );
}

const COMING_SOON_ICONS = [Store, Users, HeartHandshake];

function ComingSoonPanel() {
  const { user } = useSession();
  const [interested, setInterested] = useState(false);
  const express = useMutation(
    trpc.content.directory.expressInterest.mutationOptions({
      onSuccess: () => {
        setInterested(true);
        toast({ title: messages.comments.successTitle, description: messages.directory.interestRecorded });
      },
      onError: (error) => toastActionFailure(error, messages.directory.loginToExpressInterest, messages.http.internal),
    }),
  );

  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <Card className="p-6 text-center sm:p-10">
        <h1 className="text-3xl font-semibold sm:text-4xl">{m.content_directory_coming_soon_title()}</h1>
        <p className="mx-auto mt-3 max-w-xl text-muted-foreground">{m.content_directory_coming_soon_body()}</p>
        <ul className="mt-8 grid gap-4 text-start sm:grid-cols-3">
          {directoryComingSoonItems().map((item, i) => {
            const Icon = COMING_SOON_ICONS[i] ?? Store;
            return (
              <li key={item.title} className="rounded-2xl bg-secondary/60 p-4">
                <Icon className="size-6 text-primary" aria-hidden="true" />
                <p className="mt-2 font-semibold">{item.title}</p>
                <p className="text-sm text-muted-foreground">{item.body}</p>
              </li>
            );
          })}
        </ul>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          {user ? null : (
            <Button asChild>
              <Link to="/signup">{m.content_directory_join()}</Link>
            </Button>
          )}
          <Button asChild variant="outline">
            <Link to="/community-hub">{m.content_directory_learn_more()}</Link>
          </Button>
          <Button
            variant="secondary"
            disabled={interested || express.isPending}
            onClick={() => (user ? express.mutate() : toastSignInRequired(messages.directory.loginToExpressInterest))}
          >
            {interested ? (
              <>
                <Check aria-hidden="true" /> {m.content_directory_interested()}
              </>
            ) : express.isPending ? (
              m.content_directory_interest_busy()
            ) : (
              m.content_directory_express_interest()
            )}
          </Button>
        </div>
      </Card>
    </div>
  );
}
