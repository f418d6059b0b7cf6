import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Heart, MessageCircle } from 'lucide-react';
import { useState } from 'react';
import { isAllowedEmbedUrl } from '../../../shared/embed';
import { messages } from '../../../shared/messages';
import { contentCopy } from '../../copy/content';
import { categoryColour } from '../../lib/categories';
import { useSession } from '../../lib/session';
import { cn } from '../../lib/utils';
import { queryClient, SHORT_STALE_TIME, trpc } from '../../trpc';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../ui/dialog';
import { Skeleton } from '../ui/skeleton';
import { toast } from '../ui/toast';
import { CommentForm, CommentList } from './comment-thread';
import { toastActionFailure, toastSignInRequired } from './feedback';
import { LoadMore } from './list-states';
import { COMMENT_PAGE_SIZE, nextOffsetFor } from './use-paged-list';

export interface PodcastItem {
  id: number;
  title: string;
  description: string;
  category: string;
  tags: string[];
  embedUrl: string;
  likes: number;
  comments: number;
}

/** Our own iframe from an allowed embed URL only; stored HTML is never rendered (DECISIONS.md). */
export function PodcastEmbed({ url, title }: { url: string; title: string }) {
  if (!isAllowedEmbedUrl(url)) {
    return <div className="flex aspect-video items-center justify-center bg-muted px-4 text-center text-sm text-muted-foreground">{contentCopy.podcasts.videoUnavailable}</div>;
  }
  return (
    <iframe
      src={url}
      title={contentCopy.podcasts.videoTitle(title)}
      loading="lazy"
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

/** Refresh rules of SPEC.md §7: after a like, the list and the liked query; after a comment, comments and the list. */
const refreshPodcastLists = () => queryClient.invalidateQueries({ queryKey: trpc.content.podcasts.list.pathKey() });

export function PodcastCard({ podcast }: { podcast: PodcastItem }) {
  const { user } = useSession();
  const [commentsOpen, setCommentsOpen] = useState(false);
  const likedQuery = useQuery(trpc.content.podcasts.liked.queryOptions({ id: podcast.id }, { enabled: Boolean(user), staleTime: SHORT_STALE_TIME }));
  const liked = Boolean(user) && likedQuery.data?.liked === true;

  const like = useMutation(
    trpc.content.podcasts.like.mutationOptions({
      onSuccess: (result) => {
        // The toggle's answer is the new state (SPEC.md §4).
        queryClient.setQueryData(trpc.content.podcasts.liked.queryKey({ id: podcast.id }), result);
        void refreshPodcastLists();
        void queryClient.invalidateQueries({ queryKey: trpc.content.podcasts.liked.queryKey({ id: podcast.id }) });
      },
      onError: (error) => toastActionFailure(error, messages.podcasts.loginToLike, messages.comments.likeFailed),
    }),
  );

  function toggleLike() {
    // Signed out: blocked on the client before any request (SPEC.md §5).
    if (!user) return toastSignInRequired(messages.podcasts.loginToLike);
    like.mutate({ id: podcast.id });
  }

  return (
    <Card className="flex flex-col overflow-hidden">
      <PodcastEmbed url={podcast.embedUrl} title={podcast.title} />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <Badge className={cn('self-start', categoryColour(podcast.category))}>{podcast.category}</Badge>
        <h3 className="text-lg font-semibold">{podcast.title}</h3>
        <p className="line-clamp-3 text-sm text-muted-foreground">{podcast.description}</p>
        {podcast.tags.length ? (
          <ul className="flex flex-wrap gap-1.5" aria-label="Tags">
            {podcast.tags.map((tag) => (
              <li key={tag}>
                <Badge variant="muted">#{tag}</Badge>
              </li>
            ))}
          </ul>
        ) : null}
        <div className="mt-auto flex items-center gap-2 pt-2">
          <Button
            variant="ghost"
            size="sm"
            aria-pressed={liked}
            aria-label={liked ? contentCopy.unlike(podcast.title) : contentCopy.like(podcast.title)}
            onClick={toggleLike}
            disabled={like.isPending}
          >
            <Heart className={cn(liked && 'fill-primary text-primary')} aria-hidden="true" />
            <span>{podcast.likes}</span>
          </Button>
          <Button variant="ghost" size="sm" aria-label={contentCopy.commentsFor(podcast.title)} onClick={() => setCommentsOpen(true)}>
            <MessageCircle aria-hidden="true" />
            <span>{podcast.comments}</span>
          </Button>
        </div>
      </div>
      <Dialog open={commentsOpen} onOpenChange={setCommentsOpen}>
        <DialogContent>
          {/* Radix mounts the content only while open, so comments load when the dialog opens. */}
          <PodcastComments podcast={podcast} signedIn={Boolean(user)} />
        </DialogContent>
      </Dialog>
    </Card>
  );
}

function PodcastComments({ podcast, signedIn }: { podcast: PodcastItem; signedIn: boolean }) {
  const commentsInput = { id: podcast.id, limit: COMMENT_PAGE_SIZE };
  const comments = useInfiniteQuery(
    trpc.content.podcasts.comments.infiniteQueryOptions(commentsInput, { initialCursor: 0, getNextPageParam: nextOffsetFor(COMMENT_PAGE_SIZE), staleTime: SHORT_STALE_TIME }),
  );
  const add = useMutation(
    trpc.content.podcasts.addComment.mutationOptions({
      onSuccess: () => {
        toast({ title: messages.comments.successTitle, description: messages.comments.added });
        void queryClient.invalidateQueries({ queryKey: trpc.content.podcasts.comments.infiniteQueryKey(commentsInput) });
        void refreshPodcastLists();
      },
      onError: (error) => toastActionFailure(error, messages.podcasts.loginToComment, messages.comments.addFailed),
    }),
  );

  return (
    <>
      <DialogHeader>
        <DialogTitle>{contentCopy.commentsTitle}</DialogTitle>
        <DialogDescription>{podcast.title}</DialogDescription>
      </DialogHeader>
      <div className="max-h-[50vh] overflow-y-auto pe-1">
        <CommentList comments={comments.data?.pages.flat()} isLoading={comments.isPending} />
        <LoadMore hasMore={comments.hasNextPage} loading={comments.isFetchingNextPage} onLoad={() => void comments.fetchNextPage()} />
      </div>
      {signedIn ? (
        <CommentForm
          id={`podcast-${podcast.id}-comment`}
          pending={add.isPending}
          onSubmit={(content) =>
            add.mutateAsync({ id: podcast.id, content }).then(
              () => true,
              () => false,
            )
          }
        />
      ) : (
        <p className="mt-4 rounded-2xl bg-secondary/60 px-4 py-3 text-center text-sm text-secondary-foreground">
          {contentCopy.commentSignIn}{' '}
          <Link to="/login" className="font-semibold underline underline-offset-4">
            {contentCopy.signIn}
          </Link>
        </p>
      )}
    </>
  );
}
