import { MessageCircle, Play } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { isAllowedEmbedUrl } from '#shared/embed';
import { messages } from '#shared/messages';
import { m } from '#i18n/messages';
import { categoryColour, categoryLabel } from '#client/lib/categories';
import { formatCount } from '#client/lib/formats';
import { useSession } from '#client/lib/session';
import { cn } from '#client/lib/utils';
import { queryClient, type RouterOutputs, trpcClient } from '#client/trpc';
import { pageQueries } from '#client/lib/page-queries';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../ui/dialog';
import { Skeleton } from '../ui/skeleton';
import { LikeButton, type LikeOf } from './like-button';
import { refreshPodcastLists } from './podcast-lists';

export type PodcastItem = RouterOutputs['content']['podcasts']['list'][number];

/** The player asked to start at once: it is only loaded after a click on play. */
function autoplayUrl(url: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set('autoplay', '1');
  return parsed.toString();
}

/**
 * Our own iframe from an allowed embed URL only; stored HTML is never rendered.
 * Until she presses play, a light placeholder stands in for it: a video player is megabytes
 * of third-party script, and a list of them would make every podcast page slow.
 */
export function PodcastEmbed({ url, title }: { url: string; title: string }) {
  const [playing, setPlaying] = useState(false);
  const player = useRef<HTMLIFrameElement>(null);
  useEffect(() => {
    if (playing) player.current?.focus();
  }, [playing]);

  if (!isAllowedEmbedUrl(url)) {
    return <div className="flex aspect-video items-center justify-center bg-muted px-4 text-center text-sm text-muted-foreground">{m.content_podcasts_video_unavailable()}</div>;
  }
  if (!playing) {
    return (
      <button
        type="button"
        onClick={() => setPlaying(true)}
        aria-label={m.content_podcasts_play({ title })}
        className="group flex aspect-video w-full items-center justify-center bg-gradient-to-br from-secondary via-accent to-muted focus-visible:outline-2 focus-visible:-outline-offset-4 focus-visible:outline-ring"
      >
        <span className="flex size-16 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-lg transition-transform group-hover:scale-105">
          <Play className="ms-1 size-7 fill-current" aria-hidden="true" />
        </span>
      </button>
    );
  }
  return (
    <iframe
      ref={player}
      src={autoplayUrl(url)}
      title={m.content_podcasts_video_title({ title })}
      allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
      allowFullScreen
      // The site sends no Referer by default; video players need the origin to play embeds.
      referrerPolicy="strict-origin-when-cross-origin"
      className="aspect-video w-full border-0 bg-muted"
    />
  );
}

export function PodcastCardSkeleton() {
  return (
    <Card className="overflow-hidden" aria-hidden="true">
      <Skeleton className="aspect-video rounded-none" />
      <div className="grid gap-3 p-5">
        <Skeleton className="h-5 w-24" />
        <Skeleton className="h-6 w-3/4" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-2/3" />
      </div>
    </Card>
  );
}

const PodcastComments = lazy(() => import('./podcast-comments'));

/** A podcast; `commentsFromLink`: a link to one of its comments (…#comment-345) opens its comments, once the page is up. */
export function PodcastCard({ podcast, commentsFromLink = false }: { podcast: PodcastItem; commentsFromLink?: boolean }) {
  const { user } = useSession();
  const [commentsOpen, setCommentsOpen] = useState(false);
  useEffect(() => {
    // After hydration: the server never sees the link's #part.
    if (commentsFromLink && /^#comment-\d+$/.test(window.location.hash)) setCommentsOpen(true);
  }, [commentsFromLink]);
  const commentsButton = useRef<HTMLButtonElement>(null);
  const likedOptions = pageQueries.podcastLiked(podcast.id);
  const like: LikeOf = {
    id: podcast.id,
    title: podcast.title,
    likedOptions,
    send: trpcClient.content.podcasts.like.mutate,
    refresh: () => Promise.all([refreshPodcastLists(), queryClient.invalidateQueries({ queryKey: likedOptions.queryKey })]),
    signInText: messages.podcasts.loginToLike,
  };

  return (
    <Card className="flex flex-col overflow-hidden">
      <PodcastEmbed url={podcast.embedUrl} title={podcast.title} />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <Badge className={cn('self-start', categoryColour(podcast.category))}>{categoryLabel(podcast.category)}</Badge>
        <h3 dir="auto" className="text-start text-lg font-semibold">
          {podcast.title}
        </h3>
        <p dir="auto" className="line-clamp-3 text-start text-sm text-muted-foreground">
          {podcast.description}
        </p>
        {podcast.tags.length ? (
          <ul className="flex flex-wrap gap-1.5" aria-label={m.content_tags_label()}>
            {podcast.tags.map((tag) => (
              <li key={tag}>
                <Badge variant="muted" dir="auto">
                  #{tag}
                </Badge>
              </li>
            ))}
          </ul>
        ) : null}
        <div className="mt-auto flex items-center gap-2 pt-2">
          <LikeButton like={like} count={podcast.likes} />
          <Button ref={commentsButton} variant="ghost" size="sm" aria-label={m.content_comments_for({ title: podcast.title })} onClick={() => setCommentsOpen(true)}>
            <MessageCircle aria-hidden="true" />
            <span>{formatCount(podcast.comments)}</span>
          </Button>
        </div>
      </div>
      {/* Mounted only while open: comments load when it opens, and closed dialogs cost a list nothing as it starts. */}
      {commentsOpen ? (
        <Dialog open onOpenChange={setCommentsOpen}>
          {/* Closed, it gives the focus back to the button that opened it (it has no trigger of its own). */}
          <DialogContent
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              commentsButton.current?.focus();
            }}
          >
            <DialogHeader>
              <DialogTitle>{m.content_comments_title()}</DialogTitle>
              <DialogDescription dir="auto">{podcast.title}</DialogDescription>
            </DialogHeader>
            {/* The comment thread and its form load with the first dialog opened, not with the list. */}
            <Suspense fallback={<Skeleton className="h-24 w-full" />}>
              <PodcastComments podcast={podcast} signedIn={Boolean(user)} />
            </Suspense>
          </DialogContent>
        </Dialog>
      ) : null}
    </Card>
  );
}
