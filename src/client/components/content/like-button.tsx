import { type QueryKey, useMutation, useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { Heart } from 'lucide-react';
import { messages } from '#shared/messages';
import { m } from '#i18n/messages';
import { formatCount } from '#client/lib/formats';
import { useSession } from '#client/lib/session';
import { cn } from '#client/lib/utils';
import { queryClient } from '#client/trpc';
import { Button } from '../ui/button';
import { toastActionFailure, toastSignInRequired } from './feedback';

type Liked = { liked: boolean };
// Each area's query carries its own error and key types; only the answer's shape matters here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type LikedQueryOptions = UseQueryOptions<Liked, any, Liked, any> & { queryKey: QueryKey };

/** What a like of one podcast, article or listing needs from its area. */
export interface LikeOf {
  id: number;
  /** Its name, for the button's label ('Like …' / 'Unlike …'). */
  title: string;
  /** Whether she likes it: asked only while she is signed in. */
  likedOptions: LikedQueryOptions;
  /** The area's like call (`trpcClient.content.<area>.like.mutate`). */
  send: (input: { id: number; liked: boolean }) => Promise<Liked>;
  /** The lists and pages that show its count, asked again after a change. */
  refresh: () => unknown;
  /** The area's 'Please log in to like …'. */
  signInText: string;
}

/**
 * The heart of a podcast, article or listing: pressed when she likes it. Signed out, a click
 * says to sign in before any request; a click while one is sent counts once (the button stays
 * enabled, so it keeps the focus). The server's answer is what it then shows.
 */
export function LikeButton({ like, count, size = 'sm', className }: { like: LikeOf; count?: number; size?: 'sm' | 'icon'; className?: string }) {
  const { user } = useSession();
  const likedQuery = useQuery({ ...like.likedOptions, enabled: Boolean(user) });
  const liked = Boolean(user) && likedQuery.data?.liked === true;
  const send = useMutation({
    mutationFn: like.send,
    // A read of her like still on its way was asked before this change: it must not overwrite
    // the answer below (a press right after the page opens would seem to do nothing).
    onMutate: () => queryClient.cancelQueries({ queryKey: like.likedOptions.queryKey }),
    onSuccess: (answer: Liked) => {
      queryClient.setQueryData(like.likedOptions.queryKey, { liked: answer.liked });
      void like.refresh();
    },
    onError: (error: unknown) => toastActionFailure(error, like.signInText, messages.comments.likeFailed),
  });

  function toggle() {
    if (!user) return toastSignInRequired(like.signInText);
    if (!send.isPending) send.mutate({ id: like.id, liked: !liked });
  }

  return (
    <Button
      variant="ghost"
      size={size}
      className={className}
      aria-pressed={liked}
      aria-label={liked ? m.content_unlike({ title: like.title }) : m.content_like({ title: like.title })}
      onClick={toggle}
      aria-busy={send.isPending}
    >
      <Heart className={cn(liked && 'fill-primary text-primary')} aria-hidden="true" />
      {count === undefined ? null : <span>{formatCount(count)}</span>}
    </Button>
  );
}
