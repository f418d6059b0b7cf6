import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArrowRight, CalendarHeart, MapPin, Mic, Users } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { messages } from '#shared/messages';
import { ALL_CATEGORIES, PODCAST_CATEGORIES } from '#shared/categories';
import { EventCard, EventCardSkeleton } from '#client/components/content/event-card';
import { EmptyState, LoadFailed, PlaceholderGrid } from '#client/components/content/list-states';
import { ListingCard, ListingCardSkeleton } from '#client/components/content/listing-card';
import { PodcastCard, PodcastCardSkeleton } from '#client/components/content/podcast-card';
import { SearchFilter } from '#client/components/content/search-filter';
import { useDebounced } from '#client/lib/use-debounced';
import { formatCount } from '#client/lib/formats';
import { Button } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import { Skeleton } from '#client/components/ui/skeleton';
import { m } from '#i18n/messages';
import { useSession } from '#client/lib/session';
import { HOME_COUNTS, pageQueries } from '#client/lib/page-queries';

// Home counts: 3 podcasts, 4 listings, 2 events (and as many placeholders).

/** Home for signed-in members. */
export function Home() {
  const { user } = useSession();
  return (
    <div>
      <section className="bg-[radial-gradient(ellipse_at_top_right,_var(--color-secondary),_transparent_60%)]">
        <div className="mx-auto grid max-w-6xl gap-5 px-4 py-12 sm:py-16">
          {user ? <p className="font-semibold text-primary">{m.content_home_greeting({ name: user.firstName })}</p> : null}
          <h1 className="max-w-3xl text-4xl font-semibold sm:text-5xl">{m.content_home_hero_title()}</h1>
          <p className="max-w-2xl text-lg text-muted-foreground">{m.content_home_hero_body()}</p>
          <div className="flex flex-wrap gap-3">
            <Button asChild size="lg">
              <Link to="/podcasts">{m.content_home_explore()}</Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to="/directory">{m.content_home_browse_directory()}</Link>
            </Button>
          </div>
        </div>
      </section>
      <div className="mx-auto grid max-w-6xl gap-14 px-4">
        <Stats />
        <FeaturedPodcasts />
        <PopularListings />
        <UpcomingEvents />
      </div>
    </div>
  );
}

function Stats() {
  const stats = useQuery(pageQueries.stats());
  const cards = [
    { label: m.content_home_stats_podcasts(), value: stats.data?.podcastCount, Icon: Mic },
    { label: m.content_home_stats_places(), value: stats.data?.directoryCount, Icon: MapPin },
    { label: m.content_home_stats_events(), value: stats.data?.eventCount, Icon: CalendarHeart },
    { label: m.content_home_stats_members(), value: stats.data?.userCount, Icon: Users },
  ];
  return (
    <section aria-label={m.content_home_stats_label()} className="-mt-2">
      <ul className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {cards.map(({ label, value, Icon }) => (
          <li key={label}>
            <Card className="flex items-center gap-4 p-4 sm:p-5">
              <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-secondary text-primary">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <div className="min-w-0">
                {value === undefined ? (
                  <Skeleton className="h-7 w-12" />
                ) : (
                  <p className="text-2xl font-semibold">{formatCount(value)}</p>
                )}
                <p className="truncate text-sm text-muted-foreground">{label}</p>
              </div>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}

function SectionHeader({ id, title, link }: { id: string; title: string; link: ReactNode }) {
  return (
    <div className="mb-5 flex items-end justify-between gap-4">
      <h2 id={id} className="text-2xl font-semibold sm:text-3xl">
        {title}
      </h2>
      {link}
    </div>
  );
}

function MoreLink({ to, children }: { to: '/podcasts' | '/directory' | '/events'; children: ReactNode }) {
  return (
    <Link to={to} className="inline-flex shrink-0 items-center gap-1 font-semibold text-primary underline-offset-4 hover:underline">
      {children} <ArrowRight className="size-4 rtl:-scale-x-100" aria-hidden="true" />
    </Link>
  );
}

function FeaturedPodcasts() {
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<string>(ALL_CATEGORIES);
  const debouncedSearch = useDebounced(search.trim());
  const filtering = debouncedSearch !== '' || category !== ALL_CATEGORIES;
  const podcasts = useQuery(pageQueries.homePodcasts(debouncedSearch, category));

  return (
    <section aria-labelledby="home-podcasts">
      <SectionHeader id="home-podcasts" title={m.content_home_featured_podcasts()} link={<MoreLink to="/podcasts">{m.content_home_view_all()}</MoreLink>} />
      <SearchFilter
        id="home-podcasts"
        search={search}
        onSearch={setSearch}
        category={category}
        onCategory={setCategory}
        categories={PODCAST_CATEGORIES}
        searchLabel={m.content_podcasts_search_label()}
        searchPlaceholder={m.content_podcasts_search_placeholder()}
      />
      <div className="mt-6">
        {podcasts.isPending ? (
          <PlaceholderGrid count={HOME_COUNTS.podcasts} className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {(i) => <PodcastCardSkeleton key={i} />}
          </PlaceholderGrid>
        ) : podcasts.isError ? (
          <LoadFailed onRetry={() => void podcasts.refetch()} />
        ) : podcasts.data.length === 0 ? (
          <EmptyState title={filtering ? messages.podcasts.emptyFiltered : messages.podcasts.empty} />
        ) : (
          <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {podcasts.data.map((podcast) => (
              <PodcastCard key={podcast.id} podcast={podcast} />
            ))}
          </div>
        )}
      </div>
    </section>
  );
}

function PopularListings() {
  const listings = useQuery(pageQueries.homeListings());
  return (
    <section aria-labelledby="home-listings">
      <SectionHeader id="home-listings" title={m.content_home_popular_listings()} link={<MoreLink to="/directory">{m.content_home_browse_all()}</MoreLink>} />
      {listings.isPending ? (
        <PlaceholderGrid count={HOME_COUNTS.listings} className="grid grid-cols-1 gap-5 min-[480px]:grid-cols-2 lg:grid-cols-4">
          {(i) => <ListingCardSkeleton key={i} compact />}
        </PlaceholderGrid>
      ) : listings.isError ? (
        <LoadFailed onRetry={() => void listings.refetch()} />
      ) : listings.data.length === 0 ? (
        <EmptyState title={m.content_home_no_listings()} />
      ) : (
        <div className="grid grid-cols-1 gap-5 min-[480px]:grid-cols-2 lg:grid-cols-4">
          {listings.data.map((listing) => (
            <ListingCard key={listing.id} listing={listing} compact />
          ))}
        </div>
      )}
    </section>
  );
}

function UpcomingEvents() {
  const events = useQuery(pageQueries.homeEvents());
  return (
    <section aria-labelledby="home-events">
      <SectionHeader id="home-events" title={m.content_home_upcoming_events()} link={<MoreLink to="/events">{m.content_home_view_all_events()}</MoreLink>} />
      {events.isPending ? (
        <PlaceholderGrid count={HOME_COUNTS.events} className="grid gap-6 sm:grid-cols-2">
          {(i) => <EventCardSkeleton key={i} />}
        </PlaceholderGrid>
      ) : events.isError ? (
        <LoadFailed onRetry={() => void events.refetch()} />
      ) : events.data.length === 0 ? (
        <EmptyState title={messages.events.emptyUpcoming} />
      ) : (
        <div className="grid gap-6 sm:grid-cols-2">
          {events.data.map((event) => (
            <EventCard key={event.id} event={event} upcoming />
          ))}
        </div>
      )}
    </section>
  );
}
