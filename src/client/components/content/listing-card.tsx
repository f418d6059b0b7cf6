import { Globe, MapPin, Phone, Star } from 'lucide-react';
import { messages } from '#shared/messages';
import { m } from '#i18n/messages';
import { categoryColour, categoryLabel } from '#client/lib/categories';
import { useSession } from '#client/lib/session';
import { cn } from '#client/lib/utils';
import { queryClient, type RouterOutputs, trpc, trpcClient } from '#client/trpc';
import { pageQueries } from '#client/lib/page-queries';
import { ReportButton } from '../safety/report-button';
import { Badge } from '../ui/badge';
import { Card } from '../ui/card';
import { Skeleton } from '../ui/skeleton';
import { LikeButton, type LikeOf } from './like-button';
import { oneDecimal } from '#client/lib/formats';
import { CARD_IMAGE_SIZES, SafeImage } from './safe-image';

export type ListingItem = RouterOutputs['content']['directory']['list'][number];

/** Only http(s) links leave the site; anything else stored in `website` is not linked. */
const safeWebsite = (url: string | null) => (url && /^https?:\/\//i.test(url) ? url : null);

export function ListingCardSkeleton({ compact = false }: { compact?: boolean }) {
  return (
    <Card className={cn('flex overflow-hidden', compact ? 'flex-row min-[480px]:flex-col' : 'flex-col')} aria-hidden="true">
      <Skeleton className={cn('rounded-none', compact ? 'w-28 shrink-0 min-[480px]:aspect-[16/10] min-[480px]:w-full' : 'aspect-[16/10]')} />
      <div className="grid flex-1 gap-3 p-5">
        <Skeleton className="h-5 w-20" />
        <Skeleton className="h-6 w-2/3" />
        {compact ? null : <Skeleton className="h-4 w-full" />}
        <Skeleton className="h-4 w-1/2" />
      </div>
    </Card>
  );
}

/**
 * The listing card: first image, name, category colour, description, address, rating, reviews, like.
 * `leading`: the first card of its list, whose image loads first.
 */
export function ListingCard({ listing, compact = false, leading = false }: { listing: ListingItem; compact?: boolean; leading?: boolean }) {
  const { user } = useSession();
  const like: LikeOf = {
    id: listing.id,
    title: listing.name,
    likedOptions: pageQueries.listingLiked(listing.id),
    send: trpcClient.content.directory.like.mutate,
    refresh: () => queryClient.invalidateQueries({ queryKey: trpc.content.directory.list.pathKey() }),
    signInText: messages.directory.loginToLike,
  };

  const website = safeWebsite(listing.website);
  return (
    // Compact (Home): a row with a thumbnail on phones, a small card from 480 px up.
    <Card className={cn('flex overflow-hidden', compact ? 'flex-row min-[480px]:flex-col' : 'flex-col')}>
      <SafeImage
        src={listing.images[0]}
        alt=""
        leading={leading}
        className={compact ? 'w-28 shrink-0 self-stretch min-[480px]:aspect-[16/10] min-[480px]:w-full min-[480px]:self-auto' : 'aspect-[16/10] w-full'}
        // Compact: a 7 rem thumbnail on phones, then Home's grid of two and four columns.
        sizes={compact ? '(min-width: 1024px) 270px, (min-width: 480px) 50vw, 7rem' : CARD_IMAGE_SIZES}
      />
      <div className={cn('flex min-w-0 flex-1 flex-col', compact ? 'gap-1.5 p-4' : 'gap-2.5 p-5')}>
        <div className="flex items-start gap-2">
          <Badge className={cn('me-auto', categoryColour(listing.category))}>{categoryLabel(listing.category)}</Badge>
          {user ? (
            <ReportButton
              target={{ type: 'listing', id: listing.id, title: m.safety_report_title_listing() }}
              label={m.safety_report_member({ name: listing.name })}
              className="-mt-2 size-9"
            />
          ) : null}
          <LikeButton like={like} size="icon" className="-me-2 -mt-2 size-9" />
        </div>
        <h3 dir="auto" className={cn('text-start font-semibold', compact ? 'text-base' : 'text-lg')}>
          {listing.name}
        </h3>
        <p dir="auto" className={cn('text-start text-sm text-muted-foreground', compact ? 'line-clamp-2' : 'line-clamp-3')}>
          {listing.description}
        </p>
        {listing.address ? (
          <p className="flex items-start gap-1.5 text-sm">
            <MapPin className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
            <span dir="auto">{listing.address}</span>
          </p>
        ) : null}
        <p className="mt-auto flex items-center gap-1.5 pt-1 text-sm">
          <Star className={cn('size-4', listing.avgRating > 0 ? 'fill-amber-400 text-amber-500' : 'text-muted-foreground')} aria-hidden="true" />
          {/* The rating: one decimal, only above 0. */}
          {listing.avgRating > 0 ? (
            <span className="font-semibold" aria-label={m.content_directory_rating({ value: oneDecimal(listing.avgRating) })}>
              {oneDecimal(listing.avgRating)}
            </span>
          ) : null}
          <span className="text-muted-foreground">({m.content_directory_reviews({ count: listing.reviewCount })})</span>
        </p>
        {compact ? null : (listing.phone || website) ? (
          <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
            {listing.phone ? (
              <a href={`tel:${listing.phone.replace(/[^+\d]/g, '')}`} className="inline-flex items-center gap-1.5 text-primary hover:underline">
                <Phone className="size-4" aria-hidden="true" />
                <span dir="ltr">{listing.phone}</span>
              </a>
            ) : null}
            {website ? (
              <a href={website} target="_blank" rel="noopener noreferrer nofollow" className="inline-flex items-center gap-1.5 text-primary hover:underline">
                <Globe className="size-4" aria-hidden="true" />
                {m.content_directory_website()}
              </a>
            ) : null}
          </div>
        ) : null}
      </div>
    </Card>
  );
}
