import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { Heart, MessageCircle, Share2, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { messages } from '#shared/messages';
import { contentHref, forumPostAnchor } from '#shared/links';
import { ConfirmDelete } from '#client/components/confirm-delete';
import { MemberText } from '#client/components/member-text';
import { RelativeTime } from '#client/components/relative-time';
import { Badge } from '#client/components/ui/badge';
import { Button } from '#client/components/ui/button';
import { Label } from '#client/components/ui/label';
import { Skeleton } from '#client/components/ui/skeleton';
import { toast } from '#client/components/ui/toast';
import { m } from '#i18n/messages';
import { categoryColour } from '#client/lib/categories';
import { errorMessage, isUnauthenticated } from '#client/lib/errors';
import { loadContentSchemas } from '#client/lib/form-schemas';
import { formatCount, relativeTime } from '#client/lib/formats';
import type { SessionUser } from '#client/lib/session';
import { cn, initials } from '#client/lib/utils';
import { queryClient, SHORT_STALE_TIME, trpc, type RouterOutputs } from '#client/trpc';
import { Conversations, sent, toastCommentAdded } from '#client/components/content/comment-thread';
import { LoadMore } from '#client/components/content/list-states';
import { COMMENT_PAGE_SIZE, nextCursorFor } from '#client/lib/paging';
import { MentionBox } from '#client/components/content/mention-box';
import { MoreActions } from '#client/components/safety/more-actions';
import { WaitingBadge } from '#client/components/safety/waiting-badge';
import { refreshForum } from './forum-cache';
import { askToSignIn } from './sign-in';
import { TEXT_LIMITS } from '#shared/limits';
import { CharacterCount } from '#client/components/character-count';
import { useCommentDraft } from '#client/lib/comment-draft';
import { FORUM_CATEGORY_LABELS } from '#client/lib/labels';


type ForumPost = RouterOutputs['content']['forum']['byId'];

/** A forum post; `commentsOpen`: its comments open from the start (the post a link to one of them names). */
export function PostCard({ post, viewer, commentsOpen: openAtFirst = false }: { post: ForumPost; viewer: SessionUser | null; commentsOpen?: boolean }) {
  const titleId = useId();
  const commentsId = useId();
  const [commentsOpen, setCommentsOpen] = useState(openAtFirst);
  const authorName = `${post.author.firstName} ${post.author.lastName}`;
  const author = post.isMine ? m.community_forum_you() : authorName;

  const like = useMutation(
    trpc.content.forum.like.mutationOptions({
      onSuccess: () => refreshForum(),
      onError: (failure) => {
        if (isUnauthenticated(failure)) return askToSignIn(messages.forum.signInToLike);
        toast({ title: messages.comments.errorTitle, description: messages.comments.likeFailed, variant: 'destructive' });
      },
    }),
  );

  function toggleLike() {
    if (!viewer) return askToSignIn(messages.forum.signInToLike);
    // A click while one is sent counts once; the button stays enabled so it keeps the focus.
    if (!like.isPending) like.mutate({ id: post.id, liked: !post.likedByMe });
  }

  async function share() {
    const url = `${window.location.origin}${contentHref('forum', post.id)}`;
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: messages.forum.linkCopiedTitle, description: messages.forum.linkCopiedBody });
    } catch {
      // Clipboard access can be refused (insecure origin, permissions): show the link instead.
      toast({ title: messages.forum.linkCopyFailed, description: url });
    }
  }

  return (
    <article
      id={forumPostAnchor(post.id)}
      tabIndex={-1}
      aria-labelledby={titleId}
      className="grid scroll-mt-24 gap-4 rounded-[var(--radius-card)] border border-border bg-card p-5 shadow-sm outline-none focus-visible:ring-3 focus-visible:ring-ring sm:p-6"
    >
      <header className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <span aria-hidden="true" className="grid size-10 place-items-center rounded-full bg-secondary font-semibold text-secondary-foreground">
          {initials(post.author)}
        </span>
        <div className="grid min-w-0 flex-1">
          <span dir="auto" className="max-w-full justify-self-start truncate text-start font-semibold">
            {author}
          </span>
          <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <RelativeTime date={post.createdAt} className="text-sm text-muted-foreground" />
            {post.waitingForReview ? <WaitingBadge /> : null}
          </span>
        </div>
        <div className="flex items-center gap-1">
          <Badge className={categoryColour(post.category)}>{FORUM_CATEGORY_LABELS[post.category]()}</Badge>
          {/* Someone else's post, for members: report it or its author, or block her. */}
          {viewer && !post.isMine && post.authorId !== null ? (
            <MoreActions type="forum_post" id={post.id} author={{ id: post.authorId, name: authorName }} className="-me-2" />
          ) : null}
        </div>
      </header>
      <div className="grid gap-2">
        <h2 id={titleId} dir="auto" className="text-start text-xl font-semibold">
          {post.title}
        </h2>
        <MemberText text={post.content} className="text-foreground/90" />
      </div>
      <footer className="flex flex-wrap items-center gap-1 border-t border-border pt-3">
        <Button
          variant="ghost"
          size="sm"
          aria-pressed={post.likedByMe}
          aria-label={m.community_forum_like_label({ action: post.likedByMe ? m.community_forum_unlike() : m.community_forum_like(), likes: m.community_forum_likes({ count: post.likes }) })}
          aria-busy={like.isPending}
          onClick={toggleLike}
          className={cn(post.likedByMe && 'text-primary')}
        >
          <Heart aria-hidden="true" className={cn(post.likedByMe && 'fill-current')} />
          {formatCount(post.likes)}
        </Button>
        <Button variant="ghost" size="sm" aria-expanded={commentsOpen} aria-controls={commentsId} onClick={() => setCommentsOpen((open) => !open)}>
          <MessageCircle aria-hidden="true" />
          {m.community_forum_comments({ count: post.comments })}
        </Button>
        {/* A held post has no link anyone else could open yet: Share comes with its approval. */}
        {post.waitingForReview ? null : (
          <Button variant="ghost" size="sm" onClick={share}>
            <Share2 aria-hidden="true" />
            {m.community_forum_share()}
          </Button>
        )}
        {post.canDelete ? <DeletePost post={post} /> : null}
      </footer>
      {commentsOpen ? <Comments id={commentsId} postId={post.id} count={post.comments} viewer={viewer} /> : null}
    </article>
  );
}

function DeletePost({ post }: { post: ForumPost }) {
  const [open, setOpen] = useState(false);
  const remove = useMutation(
    trpc.content.forum.delete.mutationOptions({
      onSuccess: async () => {
        setOpen(false);
        toast({ title: messages.forum.deletedTitle });
        await refreshForum();
      },
      onError: (failure) => toast({ title: messages.comments.errorTitle, description: errorMessage(failure), variant: 'destructive' }),
    }),
  );
  return (
    <ConfirmDelete
      texts={{ title: m.community_forum_delete_title(), body: m.community_forum_delete_body(), cancel: m.community_cancel(), confirm: m.community_forum_delete_confirm(), busy: m.community_forum_delete_busy() }}
      open={open}
      onOpenChange={setOpen}
      pending={remove.isPending}
      onConfirm={() => remove.mutate({ id: post.id })}
      trigger={
        <Button variant="ghost" size="sm" className="ms-auto text-destructive hover:bg-destructive/10">
          <Trash2 aria-hidden="true" />
          {m.community_forum_delete()}
        </Button>
      }
    />
  );
}

/** A post's comments, a page at a time, and the form to add one; `count`: how many the post has, all pages together. */
function Comments({ id, postId, count, viewer }: { id: string; postId: number; count: number; viewer: SessionUser | null }) {
  const fieldId = useId();
  // Kept while unsent: folding the comments away or switching language keeps it (lib/comment-draft.ts).
  const [draft, setDraft] = useCommentDraft('forum', postId);
  const [error, setError] = useState<string>();
  const commentsInput = { id: postId, limit: COMMENT_PAGE_SIZE };
  const comments = useInfiniteQuery(
    trpc.content.forum.comments.list.infiniteQueryOptions(commentsInput, { getNextPageParam: nextCursorFor(COMMENT_PAGE_SIZE), staleTime: SHORT_STALE_TIME }),
  );
  const loaded = comments.data?.pages.flat();

  const add = useMutation(
    trpc.content.forum.comments.create.mutationOptions({
      onSuccess: async (result, input) => {
        // A reply's box clears its own draft.
        if (input.parentId == null) setDraft('');
        toastCommentAdded(result);
        await Promise.all([queryClient.invalidateQueries({ queryKey: trpc.content.forum.comments.list.infiniteQueryKey(commentsInput) }), refreshForum()]);
      },
      onError: (failure) => {
        if (isUnauthenticated(failure)) return askToSignIn(messages.comments.loginToComment);
        toast({ title: messages.comments.errorTitle, description: errorMessage(failure, messages.comments.addFailed), variant: 'destructive' });
      },
    }),
  );

  async function submit(event: FormEvent) {
    event.preventDefault();
    const { CommentContentSchema } = await loadContentSchemas();
    const parsed = CommentContentSchema.safeParse(draft);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    add.mutate({ id: postId, content: parsed.data });
  }

  return (
    <section id={id} aria-label={m.community_forum_comments({ count })} className="grid gap-4 rounded-2xl bg-muted/60 p-4">
      {comments.isPending ? (
        <Skeleton className="h-12" />
      ) : comments.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(comments.error)}
        </p>
      ) : !loaded?.length ? (
        <p className="text-sm text-muted-foreground">{m.community_forum_no_comments()}</p>
      ) : (
        <Conversations
          comments={loaded}
          more={comments}
          added={add.data?.id}
          thread={{ kind: 'forum', itemId: postId }}
          date={(comment) => relativeTime(comment.createdAt)}
          className="grid gap-1 rounded-xl bg-card p-3"
          reply={viewer ? { pending: add.isPending, send: (content, parentId) => sent(add.mutateAsync({ id: postId, content, parentId })) } : undefined}
        />
      )}
      <LoadMore hasMore={comments.hasNextPage} loading={comments.isFetchingNextPage} onLoad={() => void comments.fetchNextPage()} label={m.content_load_more_comments()} className="mt-0" />
      {viewer ? (
        <form onSubmit={(event) => void submit(event)} onFocus={() => void loadContentSchemas()} noValidate className="grid gap-2">
          <Label htmlFor={fieldId}>{m.community_forum_comment_label()}</Label>
          <MentionBox
            id={fieldId}
            thread={{ kind: 'forum', itemId: postId }}
            rows={2}
            dir="auto"
            value={draft}
            placeholder={m.community_forum_comment_placeholder()}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${fieldId}-error` : undefined}
            onValueChange={setDraft}
          />
          <CharacterCount id={fieldId} value={draft} max={TEXT_LIMITS.comment} />
          {error ? (
            <p id={`${fieldId}-error`} className="text-sm font-medium text-destructive">
              {error}
            </p>
          ) : null}
          <Button type="submit" size="sm" className="justify-self-end" disabled={draft.trim() === '' || add.isPending}>
            {add.isPending ? m.community_forum_comment_busy() : m.community_forum_comment_submit()}
          </Button>
        </form>
      ) : (
        <p className="text-sm text-muted-foreground">{messages.comments.loginToComment}</p>
      )}
    </section>
  );
}
