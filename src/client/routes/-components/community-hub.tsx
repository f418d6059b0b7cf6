import { Link } from '@tanstack/react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ArrowRight, BookOpen, CalendarDays, Headphones, Mail, MapPin, MessagesSquare, Sparkles, type LucideIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { ContentType } from '#shared/links';
import { Badge } from '#client/components/ui/badge';
import { Button } from '#client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card';
import { RelativeTime } from '#client/components/relative-time';
import { SearchInput } from '#client/components/search-input';
import { Label } from '#client/components/ui/label';
import { Skeleton } from '#client/components/ui/skeleton';
import { m } from '#i18n/messages';
import { categoryLabel } from '#client/lib/categories';
import { eventDate, eventTime, formatCount } from '#client/lib/formats';
import { useDebounced } from '#client/lib/use-debounced';
import { trpc } from '#client/trpc';
import { HrefLink } from './href-link';

const hubGroups = {
  podcasts: m.community_hub_group_podcasts,
  blogs: m.community_hub_group_blogs,
  events: m.community_hub_group_events,
};

const hubCards = {
  newsletter: {
    title: m.community_hub_card_newsletter_title,
    body: m.community_hub_card_newsletter_body,
  },
  forum: {
    title: m.community_hub_card_forum_title,
    body: m.community_hub_card_forum_body,
  },
  places: {
    title: m.community_hub_card_places_title,
    body: m.community_hub_card_places_body,
  },
};

const hubActivityTypes = {
  podcast: m.community_hub_activity_podcast,
  blog: m.community_hub_activity_blog,
  event: m.community_hub_activity_event,
  forum: m.community_hub_activity_forum,
};

/** The Community Hub, shown at /community-hub and /community. */
export function CommunityHub() {
  return (
    <div className="mx-auto grid max-w-6xl gap-10 px-4 py-8 sm:py-12">
      <header className="grid gap-3 text-center sm:text-start">
        <h1 className="text-3xl font-semibold sm:text-4xl">{m.community_hub_title()}</h1>
        <p className="max-w-2xl text-muted-foreground">{m.community_hub_subtitle()}</p>
      </header>
      <HubSearch />
      <StatsRow />
      <CommunityCards />
      <div className="grid gap-6 lg:grid-cols-3">
        <RecentActivity />
        <div className="grid content-start gap-6">
          <LatestPodcast />
          <UpcomingEvents />
        </div>
      </div>
      <CallToAction />
    </div>
  );
}

function HubSearch() {
  const [text, setText] = useState('');
  const [submitted, setSubmitted] = useState('');
  const typed = useDebounced(text.trim());
  // Enter searches at once; otherwise the search follows typing after a pause.
  const q = submitted === text.trim() ? submitted : typed;
  const results = useQuery({ ...trpc.content.hub.search.queryOptions({ q }), enabled: q.length > 0, placeholderData: keepPreviousData });

  function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(text.trim());
  }

  const groups = results.data
    ? ([
        ['podcasts', Headphones, results.data.podcasts.map((item) => ({ id: item.id, title: item.title, detail: item.category, href: item.href }))],
        ['blogs', BookOpen, results.data.blogs.map((item) => ({ id: item.id, title: item.title, detail: item.category, href: item.href }))],
        [
          'events',
          CalendarDays,
          results.data.events.map((item) => ({ id: item.id, title: item.title, detail: `${eventDate(new Date(item.dateTime), item.timeZone)} · ${item.location}`, href: item.href })),
        ],
      ] as const)
    : [];
  const total = groups.reduce((sum, [, , items]) => sum + items.length, 0);

  return (
    <section className="grid gap-4">
      <form role="search" onSubmit={submit} className="grid gap-2">
        <Label htmlFor="hub-search">{m.community_hub_search_label()}</Label>
        <div className="flex gap-2">
          <SearchInput
            id="hub-search"
            className="flex-1"
            placeholder={m.community_hub_search_placeholder()}
            value={text}
            maxLength={100}
            onChange={(e) => setText(e.target.value)}
          />
          <Button type="submit">{m.community_hub_search_button()}</Button>
        </div>
      </form>
      {q && results.data ? (
        <div aria-live="polite" className="grid gap-4 rounded-[var(--radius-card)] border border-border bg-card p-5">
          <h2 className="text-xl font-semibold">{m.community_hub_search_results()}</h2>
          {total === 0 ? (
            <p className="text-muted-foreground">{m.community_hub_no_results({ q })}</p>
          ) : (
            <div className="grid gap-5 md:grid-cols-3">
              {groups.map(([key, Icon, items]) =>
                items.length === 0 ? null : (
                  <section key={key} aria-labelledby={`hub-results-${key}`} className="grid content-start gap-2">
                    <h3 id={`hub-results-${key}`} className="flex items-center gap-2 font-sans text-base font-semibold">
                      <Icon className="size-4 text-primary" aria-hidden="true" />
                      {hubGroups[key]()}
                    </h3>
                    <ul className="grid gap-2">
                      {items.map((item) => (
                        <li key={item.id}>
                          <HrefLink href={item.href} className="grid rounded-xl p-2 hover:bg-muted">
                            <span dir="auto" className="text-start font-semibold text-primary">
                              {item.title}
                            </span>
                            <span className="text-sm text-muted-foreground">{item.detail}</span>
                          </HrefLink>
                        </li>
                      ))}
                    </ul>
                  </section>
                ),
              )}
            </div>
          )}
        </div>
      ) : null}
    </section>
  );
}

function StatsRow() {
  const stats = useQuery(trpc.content.stats.get.queryOptions());
  const community = useQuery(trpc.content.hub.stats.queryOptions());
  const items: [string, number | undefined][] = [
    [m.community_hub_stat_members(), stats.data?.userCount],
    [m.community_hub_stat_discussions(), community.data?.forumPostCount],
    [m.community_hub_stat_events(), stats.data?.eventCount],
    [m.community_hub_stat_podcasts(), stats.data?.podcastCount],
  ];
  return (
    <section aria-label={m.community_hub_stats_label()}>
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
        {items.map(([label, value]) => (
          <div key={label} className="grid gap-1 rounded-2xl border border-border bg-card p-4 text-center">
            <dt className="text-sm text-muted-foreground">{label}</dt>
            <dd className="order-first font-display text-3xl font-semibold text-primary">
              {value === undefined ? <Skeleton className="mx-auto h-9 w-12" /> : formatCount(value)}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

const CARDS: { key: 'newsletter' | 'forum' | 'places'; to: '/community/newsletter' | '/community/blog' | '/community/places-to-go'; Icon: LucideIcon }[] = [
  { key: 'newsletter', to: '/community/newsletter', Icon: Mail },
  { key: 'forum', to: '/community/blog', Icon: MessagesSquare },
  { key: 'places', to: '/community/places-to-go', Icon: MapPin },
];

function CommunityCards() {
  return (
    <section aria-labelledby="hub-cards" className="grid gap-4">
      <h2 id="hub-cards" className="text-2xl font-semibold">
        {m.community_hub_cards_title()}
      </h2>
      <ul className="grid gap-4 md:grid-cols-3">
        {CARDS.map(({ key, to, Icon }) => (
          <li key={key}>
            <Link
              to={to}
              className="group flex h-full flex-col gap-3 rounded-[var(--radius-card)] border border-border bg-card p-6 shadow-sm transition-colors hover:border-primary/50"
            >
              <div className="flex items-center justify-between gap-2">
                <span className="grid size-12 place-items-center rounded-2xl bg-secondary text-secondary-foreground">
                  <Icon className="size-6" aria-hidden="true" />
                </span>
                <Badge variant="success">{m.community_available()}</Badge>
              </div>
              <h3 className="text-xl font-semibold group-hover:text-primary">{hubCards[key].title()}</h3>
              <p className="text-sm text-muted-foreground">{hubCards[key].body()}</p>
              <ArrowRight className="mt-auto size-5 text-primary rtl:-scale-x-100" aria-hidden="true" />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

const ACTIVITY_ICONS: Record<ContentType, LucideIcon> = { podcast: Headphones, blog: BookOpen, event: CalendarDays, forum: MessagesSquare };

function RecentActivity() {
  const activity = useQuery(trpc.content.hub.activity.queryOptions({ limit: 8 }));
  return (
    <Card className="lg:col-span-2">
      <CardHeader>
        <CardTitle className="text-xl">{m.community_hub_activity_title()}</CardTitle>
      </CardHeader>
      <CardContent>
        {activity.isPending ? (
          <div className="grid gap-3">
            {Array.from({ length: 4 }, (_, index) => (
              <Skeleton key={index} className="h-12" />
            ))}
          </div>
        ) : activity.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {m.community_hub_load_failed()}
          </p>
        ) : activity.data.length === 0 ? (
          <p className="text-muted-foreground">{m.community_hub_activity_empty()}</p>
        ) : (
          <ul className="grid gap-1">
            {activity.data.map((item) => {
              const Icon = ACTIVITY_ICONS[item.type];
              return (
                <li key={`${item.type}-${item.id}`}>
                  <HrefLink href={item.href} className="flex items-center gap-3 rounded-xl p-2 hover:bg-muted">
                    <span className="grid size-9 shrink-0 place-items-center rounded-full bg-secondary text-secondary-foreground">
                      <Icon className="size-4" aria-hidden="true" />
                    </span>
                    <span className="grid min-w-0 flex-1">
                      <span className="text-xs font-semibold uppercase tracking-wide text-muted-foreground rtl:tracking-normal">{hubActivityTypes[item.type]()}</span>
                      <span dir="auto" className="line-clamp-2 text-start font-semibold">
                        {item.title}
                      </span>
                    </span>
                    <RelativeTime date={item.createdAt} className="shrink-0 text-xs text-muted-foreground" />
                  </HrefLink>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function LatestPodcast() {
  const podcasts = useQuery(trpc.content.podcasts.list.queryOptions({ limit: 1 }));
  const podcast = podcasts.data?.[0];
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-xl">
          <Headphones className="size-5 text-primary" aria-hidden="true" />
          {m.community_hub_latest_podcast_title()}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        {podcasts.isPending ? (
          <Skeleton className="h-20" />
        ) : !podcast ? (
          <p className="text-muted-foreground">{podcasts.isError ? m.community_hub_load_failed() : m.community_hub_latest_podcast_empty()}</p>
        ) : (
          <>
            <Badge variant="muted" className="w-fit">
              {categoryLabel(podcast.category)}
            </Badge>
            <h3 dir="auto" className="text-start text-lg font-semibold">
              {podcast.title}
            </h3>
            <p dir="auto" className="line-clamp-3 text-start text-sm text-muted-foreground">
              {podcast.description}
            </p>
            <Button asChild variant="outline" size="sm" className="w-fit">
              <Link to="/podcasts" search={{ podcast: podcast.id }}>
                {m.community_hub_listen()}
              </Link>
            </Button>
          </>
        )}
      </CardContent>
    </Card>
  );
}

function UpcomingEvents() {
  const events = useQuery(trpc.content.events.list.queryOptions({ upcoming: true, limit: 3 }));
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-xl">
          <CalendarDays className="size-5 text-primary" aria-hidden="true" />
          {m.community_hub_upcoming_title()}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        {events.isPending ? (
          <Skeleton className="h-20" />
        ) : events.isError ? (
          <p className="text-muted-foreground">{m.community_hub_load_failed()}</p>
        ) : events.data.length === 0 ? (
          <>
            <p className="text-muted-foreground">{m.community_hub_upcoming_empty()}</p>
            <Button asChild variant="outline" size="sm" className="w-fit">
              <Link to="/community/blog" search={{ compose: 'event' }}>
                <Sparkles aria-hidden="true" />
                {m.community_hub_suggest_event()}
              </Link>
            </Button>
          </>
        ) : (
          <>
            <ul className="grid gap-3">
              {events.data.map((event) => (
                <li key={event.id} className="grid rounded-xl bg-muted/60 p-3">
                  <span dir="auto" className="text-start font-semibold">
                    {event.title}
                  </span>
                  <span className="text-sm text-muted-foreground">
                    <time dateTime={new Date(event.dateTime).toISOString()}>
                      {eventDate(new Date(event.dateTime), event.timeZone)} · {eventTime(new Date(event.dateTime), event.timeZone)}
                    </time>
                  </span>
                </li>
              ))}
            </ul>
            <Link to="/events" className="text-sm font-semibold text-primary underline-offset-4 hover:underline">
              {m.community_hub_all_events()}
            </Link>
          </>
        )}
      </CardContent>
    </Card>
  );
}

function CallToAction() {
  return (
    <section className="grid gap-4 rounded-[var(--radius-card)] bg-secondary p-6 text-center sm:p-10">
      <h2 className="text-2xl font-semibold text-secondary-foreground">{m.community_hub_cta_title()}</h2>
      <p className="mx-auto max-w-xl text-secondary-foreground">{m.community_hub_cta_body()}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button asChild size="lg">
          <Link to="/community/blog">
            <MessagesSquare aria-hidden="true" />
            {m.community_hub_join_discussions()}
          </Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to="/community/newsletter">
            <Mail aria-hidden="true" />
            {m.community_hub_subscribe_newsletter()}
          </Link>
        </Button>
      </div>
    </section>
  );
}
