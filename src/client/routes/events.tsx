import { useInfiniteQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { messages } from '../../shared/messages';
import { EventCard, EventCardSkeleton } from '../components/content/event-card';
import { EmptyState, LoadFailed, LoadMore, PageHeader, PlaceholderGrid } from '../components/content/list-states';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../components/ui/tabs';
import { contentCopy } from '../copy/content';
import { pageQueries, prefetchEventsPage } from '../lib/page-queries';

export const Route = createFileRoute('/events')({
  loader: ({ context }) => prefetchEventsPage(context),
  component: EventsPage,
});

const PLACEHOLDERS = 4;

function EventsPage() {
  const t = contentCopy.events;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <PageHeader title={t.title} subtitle={t.subtitle} />
      <Tabs defaultValue="upcoming">
        <TabsList>
          <TabsTrigger value="upcoming">{t.upcoming}</TabsTrigger>
          <TabsTrigger value="past">{t.past}</TabsTrigger>
        </TabsList>
        <TabsContent value="upcoming" className="mt-6">
          <EventList upcoming />
        </TabsContent>
        <TabsContent value="past" className="mt-6">
          <EventList upcoming={false} />
        </TabsContent>
      </Tabs>
    </div>
  );
}

/** Upcoming soonest first, past latest first: the server orders both. */
function EventList({ upcoming }: { upcoming: boolean }) {
  const events = useInfiniteQuery(
    pageQueries.events(upcoming),
  );
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
