import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { messages } from '#shared/messages';
import { m } from '#i18n/messages';
import { queryClient, SHORT_STALE_TIME, trpc } from '#client/trpc';
import { CommentForm, CommentList, sent, toastCommentAdded } from './comment-thread';
import { toastActionFailure } from './feedback';
import { LoadMore } from './list-states';
import type { PodcastItem } from './podcast-card';
import { refreshPodcastLists } from './podcast-lists';
import { COMMENT_PAGE_SIZE, nextCursorFor } from '#client/lib/paging';

/** A podcast's comments and the form to add one; loaded with the dialog, not with the list. */
export default function PodcastComments({ podcast, signedIn }: { podcast: PodcastItem; signedIn: boolean }) {
  const commentsInput = { id: podcast.id, limit: COMMENT_PAGE_SIZE };
  const comments = useInfiniteQuery(
    trpc.content.podcasts.comments.infiniteQueryOptions(commentsInput, { getNextPageParam: nextCursorFor(COMMENT_PAGE_SIZE), staleTime: SHORT_STALE_TIME }),
  );
  const add = useMutation(
    trpc.content.podcasts.addComment.mutationOptions({
      onSuccess: (result) => {
        toastCommentAdded(result);
        void queryClient.invalidateQueries({ queryKey: trpc.content.podcasts.comments.infiniteQueryKey(commentsInput) });
        void refreshPodcastLists();
      },
      onError: (error) => toastActionFailure(error, messages.podcasts.loginToComment, messages.comments.addFailed),
    }),
  );

  return (
    <>
      <div className="max-h-[50vh] overflow-y-auto pe-1">
        <CommentList
          comments={comments.data?.pages.flat()}
          isLoading={comments.isPending}
          more={comments}
          added={add.data?.id}
          thread={{ kind: 'podcast', itemId: podcast.id }}
          reply={signedIn ? { pending: add.isPending, send: (content, parentId) => sent(add.mutateAsync({ id: podcast.id, content, parentId })) } : undefined}
        />
        <LoadMore hasMore={comments.hasNextPage} loading={comments.isFetchingNextPage} onLoad={() => void comments.fetchNextPage()} label={m.content_load_more_comments()} />
      </div>
      {signedIn ? (
        <CommentForm
          id={`podcast-${podcast.id}-comment`}
          thread={{ kind: 'podcast', itemId: podcast.id }}
          pending={add.isPending}
          onSubmit={(content) => sent(add.mutateAsync({ id: podcast.id, content }))}
        />
      ) : (
        <p className="mt-4 rounded-2xl bg-secondary/60 px-4 py-3 text-center text-sm text-secondary-foreground">
          {m.content_comment_sign_in()}{' '}
          <Link to="/login" className="font-semibold underline underline-offset-4">
            {m.content_sign_in()}
          </Link>
        </p>
      )}
    </>
  );
}
