import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { MapPin, Plus, Star } from 'lucide-react';
import { useState } from 'react';
import { messages } from '#shared/messages';
import { PLACE_CATEGORIES } from '#shared/categories';
import type { PlaceCategory } from '#shared/schemas/community';
import { Badge } from '#client/components/ui/badge';
import { Button } from '#client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '#client/components/ui/dialog';
import { SearchInput } from '#client/components/search-input';
import { Label } from '#client/components/ui/label';
import { Skeleton } from '#client/components/ui/skeleton';
import { m } from '#i18n/messages';
import { categoryColour } from '#client/lib/categories';
import { useSession } from '#client/lib/session';
import { useSearchBox, validateListSearch } from '#client/lib/list-search';
import { cn } from '#client/lib/utils';
import { trpc, type RouterOutputs } from '#client/trpc';
import { CommunityPageHeader } from './-components/page-header';
import { askToSignIn } from './-components/sign-in';
import { SuggestPlaceDialog } from './-components/suggest-place-dialog';
import { oneDecimal } from '#client/lib/formats';
import { PLACE_CATEGORY_LABELS } from '#client/lib/labels';


export const Route = createFileRoute('/community/places-to-go')({
  validateSearch: (search: Record<string, unknown>) => validateListSearch(search, PLACE_CATEGORIES),
  component: PlacesPage,
});

type Place = RouterOutputs['content']['places']['list'][number];
type Filter = 'all' | PlaceCategory;

const FILTERS: Filter[] = ['all', ...PLACE_CATEGORIES];

function PlacesPage() {
  const { user } = useSession();
  const { q, category = 'all' } = Route.useSearch();
  const navigate = useNavigate({ from: '/community/places-to-go' });
  // The server searches once typing pauses.
  const [search, setSearch] = useSearchBox(q, (text) => void navigate({ search: (prev) => ({ ...prev, q: text }), replace: true }));
  const [selected, setSelected] = useState<Place | null>(null);
  const [suggestOpen, setSuggestOpen] = useState(false);
  const places = useQuery({
    ...trpc.content.places.list.queryOptions({ search: q, category }),
    placeholderData: keepPreviousData,
  });

  function openSuggest() {
    if (!user) return askToSignIn(messages.places.signInToSuggest);
    setSuggestOpen(true);
  }

  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-4 py-8 sm:py-12">
      <CommunityPageHeader
        title={m.community_places_title()}
        subtitle={m.community_places_subtitle()}
        actions={
          <Button onClick={openSuggest}>
            <Plus aria-hidden="true" />
            {m.community_places_suggest()}
          </Button>
        }
      />

      <div className="grid gap-4">
        <div className="grid gap-2">
          <Label htmlFor="places-search">{m.community_places_search_label()}</Label>
          <SearchInput id="places-search" placeholder={m.community_places_search_placeholder()} value={search} maxLength={100} onChange={(e) => setSearch(e.target.value)} />
        </div>
        <div role="group" aria-label={m.community_places_filter_label()} className="flex flex-wrap gap-2">
          {FILTERS.map((value) => (
            <Button
              key={value}
              size="sm"
              variant={category === value ? 'default' : 'outline'}
              aria-pressed={category === value}
              onClick={() => void navigate({ search: (prev) => ({ ...prev, category: value === 'all' ? undefined : value }), replace: true })}
            >
              {PLACE_CATEGORY_LABELS[value]()}
            </Button>
          ))}
        </div>
      </div>

      <section aria-label={m.community_places_title()} aria-busy={places.isFetching}>
        {places.isPending ? (
          <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {Array.from({ length: 6 }, (_, index) => (
              <li key={index}>
                <Skeleton className="h-64 rounded-[var(--radius-card)]" />
              </li>
            ))}
          </ul>
        ) : places.isError ? (
          <p role="alert" className="rounded-2xl border border-border bg-card p-8 text-center">
            {m.community_places_load_failed()}
          </p>
        ) : places.data.length === 0 ? (
          <div className="grid justify-items-center gap-2 rounded-2xl border border-dashed border-border bg-card p-10 text-center">
            <p className="text-lg font-semibold">{m.community_places_empty()}</p>
            <p className="text-muted-foreground">{m.community_places_empty_hint()}</p>
          </div>
        ) : (
          <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {places.data.map((place) => (
              <li key={place.id}>
                <PlaceCard place={place} onLearnMore={() => setSelected(place)} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <PlaceDetails place={selected} onClose={() => setSelected(null)} />
      {user ? <SuggestPlaceDialog open={suggestOpen} onOpenChange={setSuggestOpen} /> : null}
    </div>
  );
}

function Rating({ value }: { value: number }) {
  if (value <= 0) return null;
  const text = oneDecimal(value);
  return (
    <span className="inline-flex items-center gap-1 text-sm font-semibold" aria-label={m.community_places_rating({ value: text })}>
      <Star className="size-4 fill-amber-400 text-amber-500" aria-hidden="true" />
      {text}
    </span>
  );
}

function Tags({ tags }: { tags: string[] }) {
  if (tags.length === 0) return null;
  return (
    <ul aria-label={m.community_places_tags()} className="flex flex-wrap gap-1.5">
      {tags.map((tag) => (
        <li key={tag} dir="auto" className="rounded-full bg-muted px-2.5 py-0.5 text-xs font-medium text-muted-foreground">
          {tag}
        </li>
      ))}
    </ul>
  );
}

function PlaceCard({ place, onLearnMore }: { place: Place; onLearnMore: () => void }) {
  return (
    <article className="flex h-full flex-col gap-3 rounded-[var(--radius-card)] border border-border bg-card p-5 shadow-sm">
      <div className="flex flex-wrap items-center gap-2">
        <Badge className={categoryColour(place.category)}>{PLACE_CATEGORY_LABELS[place.category]()}</Badge>
        {place.recommended ? <Badge variant="default">{m.community_places_recommended()}</Badge> : null}
        <span className="ms-auto">
          <Rating value={place.rating} />
        </span>
      </div>
      <h2 dir="auto" className="text-start text-xl font-semibold">
        {place.name}
      </h2>
      <p className="flex items-start gap-1.5 text-sm text-muted-foreground">
        <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span dir="auto">{place.address}</span>
      </p>
      <Tags tags={place.tags} />
      <Button variant="outline" className={cn('mt-auto self-start')} onClick={onLearnMore} aria-label={m.community_places_learn_more_about({ name: place.name })}>
        {m.community_places_learn_more()}
      </Button>
    </article>
  );
}

function PlaceDetails({ place, onClose }: { place: Place | null; onClose: () => void }) {
  return (
    <Dialog open={place !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        {place ? (
          <>
            <DialogHeader>
              <DialogTitle dir="auto">{place.name}</DialogTitle>
              <DialogDescription className="flex flex-wrap items-center gap-2">
                <Badge className={categoryColour(place.category)}>{PLACE_CATEGORY_LABELS[place.category]()}</Badge>
                {place.recommended ? <Badge variant="default">{m.community_places_recommended()}</Badge> : null}
                <Rating value={place.rating} />
              </DialogDescription>
            </DialogHeader>
            <div className="grid gap-4">
              <p dir="auto" className="text-start">
                {place.description}
              </p>
              <p className="flex items-start gap-1.5 text-sm">
                <MapPin className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                <span dir="auto">{place.address}</span>
              </p>
              <Tags tags={place.tags} />
            </div>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
