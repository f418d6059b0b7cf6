import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { messages } from '#shared/messages';
import { EventCard, EventCardSkeleton } from '../components/content/event-card';
import { EmptyState, ItemPage, LoadFailed, LoadMore, PageHeader, PlaceholderGrid } from '../components/content/list-states';
import { buttonVariants } from '../components/ui/button-variants';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../components/ui/tabs';
import { m } from '#i18n/messages';
import { idParam, oneOf } from '../lib/list-search';
import { pageQueries, prefetchEventsPage } from '../lib/page-queries';

interface EventsSearch {
  /** The open tab, in the address so a reload or a shared link keeps it; upcoming when absent. */
  tab?: 'past';
  /** One event on its own (a search result or activity row opens it). */
  event?: number;
}

export const Route = createFileRoute('/events')({
  validateSearch: (search: Record<string, unknown>): EventsSearch => {
    const tab = oneOf(search.tab, ['past'] as const);
    const event = idParam(search.event);
    return { ...(tab ? { tab } : {}), ...(event ? { event } : {}) };
  },
  loaderDeps: ({ search }) => search,
  // In the page's own chunk: the landing page's code doesn't carry it.
  codeSplitGroupings: [['loader', 'component']],
  loader: ({ context, deps }) =>
    deps.event ? void context.queryClient.prefetchQuery(context.pageQueries.event(deps.event)) : prefetchEventsPage(context, deps.tab !== 'past'),
  component: EventsPage,
});

const PLACEHOLDERS = 4;

function EventsPage() {
  const { tab, event } = Route.useSearch();
  const navigate = useNavigate({ from: '/events' });
  if (event) return <OneEvent id={event} />;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <PageHeader title={m.content_events_title()} subtitle={m.content_events_subtitle()} />
      {/* Radix sets its own dir (ltr unless told): the tabs and their cards follow the page's language. */}
      <Tabs value={tab ?? 'upcoming'} onValueChange={(value) => void navigate({ search: (prev) => ({ ...prev, tab: value === 'past' ? 'past' : undefined }), replace: true })}>
        <TabsList>
          <TabsTrigger value="upcoming">{m.content_events_upcoming()}</TabsTrigger>
          <TabsTrigger value="past">{m.content_events_past()}</TabsTrigger>
        </TabsList>
        {/* Not a stop of its own (radix makes panels one): the cards' links and buttons are. */}
        <TabsContent value="upcoming" tabIndex={-1} className="mt-6 outline-none">
          <EventList upcoming />
        </TabsContent>
        <TabsContent value="past" tabIndex={-1} className="mt-6 outline-none">
          <EventList upcoming={false} />
        </TabsContent>
      </Tabs>
    </div>
  );
}

function OneEvent({ id }: { id: number }) {
  const event = useQuery(pageQueries.event(id));
  return (
    <ItemPage
      heading={m.content_events_title()}
      back={
        <Link from="/events" to="/events" search={({ event: _open, ...list }) => list} className={buttonVariants({ variant: 'link', className: 'px-0' })}>
          {m.content_events_back()}
        </Link>
      }
      query={event}
      placeholder={<EventCardSkeleton />}
    >
      {/* A past event shows as on the Past tab: no RSVP. */}
      {() => event.data && <EventCard event={event.data} upcoming={new Date(event.data.dateTime).getTime() >= Date.now()} leading />}
    </ItemPage>
  );
}

/** Upcoming soonest first, past latest first: the server orders both. */
function EventList({ upcoming }: { upcoming: boolean }) {
  const events = useInfiniteQuery(pageQueries.events(upcoming));
  const items = events.data?.pages.flat() ?? [];
  if (events.isPending) {
    return (
      <PlaceholderGrid count={PLACEHOLDERS} className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {(i) => <EventCardSkeleton key={i} />}
      </PlaceholderGrid>
    );
  }
  if (events.isError) return <LoadFailed onRetry={() => void events.refetch()} />;
  if (items.length === 0) return <EmptyState title={upcoming ? messages.events.emptyUpcoming : messages.events.emptyPast} />;
  return (
    <>
      <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {items.map((event, index) => (
          <EventCard key={event.id} event={event} upcoming={upcoming} leading={index === 0} />
        ))}
      </div>
      <LoadMore hasMore={events.hasNextPage} loading={events.isFetchingNextPage} onLoad={() => void events.fetchNextPage()} />
    </>
  );
}
