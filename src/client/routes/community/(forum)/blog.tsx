import { createFileRoute } from '@tanstack/react-router';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { PenLine } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { messages } from '#shared/messages';
import { forumPostAnchor } from '#shared/links';
import { Button } from '#client/components/ui/button';
import { Skeleton } from '#client/components/ui/skeleton';
import { m } from '#i18n/messages';
import { takeCarriedDraft } from '#client/lib/carried-draft';
import { idParam } from '#client/lib/list-search';
import { useSession } from '#client/lib/session';
import { trpc, type Trpc } from '#client/trpc';
import { NewPostForm, POST_DRAFT, type PostDraft, postDraftFrom } from '../-components/new-post-form';
import { CommunityPageHeader } from '../-components/page-header';
import { PostCard } from '../-components/post-card';
import { askToSignIn } from '../-components/sign-in';
import { SignInNotice } from '../-components/sign-in-notice';

interface ForumSearch {
  /** 'event' opens the form for an event idea (the hub's 'Suggest an Event'). */
  compose?: 'event';
  /** A post shown first with its comments open: a link to one of its comments (commentHref) names it. */
  post?: number;
}

export const Route = createFileRoute('/community/(forum)/blog')({
  validateSearch: (search: Record<string, unknown>): ForumSearch => {
    const post = idParam(search.post);
    return { ...(search.compose === 'event' ? { compose: 'event' as const } : {}), ...(post ? { post } : {}) };
  },
  // The posts come with the page's code, so a page the server draws shows them, not placeholders.
  // The loader is in the page's own chunk, so the landing page's code doesn't carry it.
  codeSplitGroupings: [['loader', 'component']],
  loader: ({ context }) => void context.queryClient.prefetchInfiniteQuery(forumPosts(context.trpc)),
  component: ForumPage,
});

const FORUM_PAGE_SIZE = 20;
const forumPosts = (api: Trpc) =>
  api.content.forum.list.infiniteQueryOptions({ limit: FORUM_PAGE_SIZE }, { getNextPageParam: (page) => page.nextCursor });

function ForumPage() {
  const { user } = useSession();
  const { compose, post: followed } = Route.useSearch();
  const [formOpen, setFormOpen] = useState(compose === 'event' && user !== null);
  // A language switch loads the page again: a post she was writing opens again as she left it.
  const [carriedPost, setCarriedPost] = useState<PostDraft>();
  useEffect(() => {
    if (!user) return;
    const carried = postDraftFrom(takeCarriedDraft(POST_DRAFT));
    if (!carried) return;
    setCarriedPost(carried);
    setFormOpen(true);
  }, [user]);
  const posts = useInfiniteQuery(forumPosts(trpc));
  // The post a link names comes first, wherever it is in the list (and shows only there).
  const followedPost = useQuery({ ...trpc.content.forum.byId.queryOptions({ id: followed ?? 0 }), enabled: followed !== undefined });
  const items = (posts.data?.pages.flatMap((page) => page.items) ?? []).filter((post) => post.id !== followed);

  useScrollToSharedPost(items.length > 0);

  // When the form closes, the keyboard moves to the post she published, or back to 'New Post'.
  const newPostButton = useRef<HTMLButtonElement>(null);
  const [focusPost, setFocusPost] = useState<number | null>(null);
  useEffect(() => {
    if (focusPost === null) return;
    const post = document.getElementById(forumPostAnchor(focusPost));
    if (!post) return;
    setFocusPost(null);
    post.focus();
  }, [focusPost, items]);

  function closeForm(postId?: number) {
    setFormOpen(false);
    // Sent or put away: the form opens empty next time.
    setCarriedPost(undefined);
    if (postId === undefined) newPostButton.current?.focus();
    else setFocusPost(postId);
  }

  function toggleForm() {
    if (!user) return askToSignIn(messages.forum.signInToPost);
    setFormOpen((open) => !open);
  }

  return (
    <div className="mx-auto grid max-w-3xl gap-8 px-4 py-8 sm:py-12">
      <CommunityPageHeader
        title={m.community_forum_title()}
        subtitle={m.community_forum_subtitle()}
        actions={
          <Button ref={newPostButton} onClick={toggleForm} aria-expanded={user ? formOpen : undefined} aria-controls={user ? 'new-post' : undefined}>
            <PenLine aria-hidden="true" />
            {m.community_forum_new_post()}
          </Button>
        }
      />
      {user ? null : <SignInNotice />}
      {user && formOpen ? (
        <NewPostForm id="new-post" initialTitle={compose === 'event' ? m.community_forum_event_idea_title() : ''} draft={carriedPost} onDone={closeForm} />
      ) : null}

      <section aria-label={m.community_forum_title()} aria-busy={posts.isPending || followedPost.isLoading} className="grid gap-5">
        {posts.isPending || followedPost.isLoading ? (
          Array.from({ length: 3 }, (_, index) => <Skeleton key={index} className="h-48 rounded-[var(--radius-card)]" />)
        ) : posts.isError ? (
          <div role="alert" className="grid justify-items-center gap-3 rounded-2xl border border-border bg-card p-8 text-center">
            <p>{m.community_forum_load_failed()}</p>
            <Button variant="outline" onClick={() => posts.refetch()}>
              {m.community_forum_retry()}
            </Button>
          </div>
        ) : items.length === 0 && !followedPost.data ? (
          <p className="rounded-2xl border border-dashed border-border bg-card p-8 text-center text-muted-foreground">{m.community_forum_empty()}</p>
        ) : (
          <>
            {followedPost.data ? <PostCard key={followedPost.data.id} post={followedPost.data} viewer={user} commentsOpen /> : null}
            {items.map((post) => (
              <PostCard key={post.id} post={post} viewer={user} />
            ))}
          </>
        )}
        {posts.hasNextPage ? (
          <Button variant="outline" className="justify-self-center" disabled={posts.isFetchingNextPage} onClick={() => posts.fetchNextPage()}>
            {posts.isFetchingNextPage ? m.community_forum_loading_more() : m.community_forum_load_more()}
          </Button>
        ) : null}
      </section>
    </div>
  );
}

/** A shared link (…/community/blog#post-12) lands on its post once the list has loaded. */
function useScrollToSharedPost(loaded: boolean) {
  useEffect(() => {
    if (!loaded) return;
    const match = /^#(post-\d+)$/.exec(window.location.hash);
    if (!match) return;
    const target = document.getElementById(match[1]!);
    if (!target) return;
    target.scrollIntoView({ block: 'start' });
    target.focus({ preventScroll: true });
  }, [loaded]);
}
