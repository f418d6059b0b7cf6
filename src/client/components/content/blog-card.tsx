import { Link } from '@tanstack/react-router';
import { Heart, MessageCircle } from 'lucide-react';
import { m } from '#i18n/messages';
import { categoryColour, categoryLabel } from '#client/lib/categories';
import { formatCount, longDate } from '#client/lib/formats';
import { cn } from '#client/lib/utils';
import { Badge } from '../ui/badge';
import { Card } from '../ui/card';
import { Skeleton } from '../ui/skeleton';
import { CARD_IMAGE_SIZES, SafeImage } from './safe-image';
import type { RouterOutputs } from '#client/trpc';

export type BlogItem = RouterOutputs['content']['blogs']['cards'][number];

export const CARD_TAGS = 2;

export function BlogCardSkeleton() {
  return (
    <Card className="overflow-hidden" aria-hidden="true">
      <Skeleton className="aspect-[2/1] rounded-none" />
      <div className="grid gap-3 p-5">
        <Skeleton className="h-5 w-32" />
        <Skeleton className="h-6 w-3/4" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-1/2" />
      </div>
    </Card>
  );
}

/**
 * A card whose title is a real link to the article (/blog?post=id, keeping the list's search
 * for the way back): it opens in the page, and in a new tab or shared like any link.
 * `leading`: the first card of its list, whose image loads first.
 */
export function BlogCard({ blog, leading = false }: { blog: BlogItem; leading?: boolean }) {
  const created = new Date(blog.createdAt);
  return (
    // Its link focused, the whole card (the link's hit area) shows the site's 3 px focus ring.
    <Card className="group relative flex flex-col overflow-hidden transition-shadow focus-within:shadow-md hover:shadow-md has-[a:focus-visible]:outline-3 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-ring has-[a:focus-visible]:outline-solid">
      <SafeImage src={blog.coverImageUrl} alt="" className="aspect-[2/1] w-full" sizes={CARD_IMAGE_SIZES} leading={leading} />
      <div className="flex flex-1 flex-col gap-2.5 p-5">
        <div className="flex flex-wrap items-center gap-1.5">
          <Badge className={categoryColour(blog.category)}>{categoryLabel(blog.category)}</Badge>
          {blog.tags.slice(0, CARD_TAGS).map((tag) => (
            <Badge key={tag} variant="muted" dir="auto">
              #{tag}
            </Badge>
          ))}
        </div>
        <h3 dir="auto" className="text-start text-lg font-semibold">
          {/* The whole card is the link's hit area; the title is its accessible name. */}
          <Link
            to="/blog"
            search={(list) => ({ ...list, post: blog.id })}
            className="text-start after:absolute after:inset-0 after:content-[''] focus-visible:outline-none group-focus-within:underline"
          >
            {blog.title}
          </Link>
        </h3>
        <p className="text-sm font-medium">{m.content_blog_by({ name: blog.authorName })}</p>
        <p dir="auto" className="line-clamp-3 text-start text-sm text-muted-foreground">{blog.summary}</p>
        <div className="mt-auto flex items-center justify-between gap-2 pt-2 text-sm text-muted-foreground">
          <div className="flex items-center gap-3">
            <span className="inline-flex items-center gap-1" aria-label={m.content_likes({ count: blog.likesCount })}>
              <Heart className="size-4" aria-hidden="true" />
              {formatCount(blog.likesCount)}
            </span>
            <span className="inline-flex items-center gap-1" aria-label={m.content_comments({ count: blog.commentsCount })}>
              <MessageCircle className="size-4" aria-hidden="true" />
              {formatCount(blog.commentsCount)}
            </span>
          </div>
          <time dateTime={created.toISOString()} className={cn('text-xs')}>
            {longDate(created)}
          </time>
        </div>
      </div>
    </Card>
  );
}
