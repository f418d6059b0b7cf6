import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { Link, useCanGoBack } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { MessageCircle } from 'lucide-react';
import { messages } from '#shared/messages';
import { CommentForm, CommentList, sent, toastCommentAdded } from '#client/components/content/comment-thread';
import { toastActionFailure } from '#client/components/content/feedback';
import { LikeButton, type LikeOf } from '#client/components/content/like-button';
import { longDate } from '#client/lib/formats';
import { LoadMore } from '#client/components/content/list-states';
import { SafeImage } from '#client/components/content/safe-image';
import { COMMENT_PAGE_SIZE, nextCursorFor } from '#client/lib/paging';
import { ServerDrawnProse } from '#client/components/prose';
import { Badge } from '#client/components/ui/badge';
import { buttonVariants } from '#client/components/ui/button-variants';
import { Skeleton } from '#client/components/ui/skeleton';
import { m } from '#i18n/messages';
import { categoryColour, categoryLabel } from '#client/lib/categories';
import { errorStatus } from '#client/lib/errors';
import { useDocumentTitle } from '#client/lib/document-title';
import { useSession } from '#client/lib/session';
import { queryClient, SHORT_STALE_TIME, trpc, trpcClient, type RouterOutputs } from '#client/trpc';

/** An article as it is read: the whole body. */
type Article = RouterOutputs['content']['blogs']['article'];

// One article of the blog (/blog?post=id), with its body (drawn by the server), likes and
// comments. Its own chunk: the list doesn't load the comment form or its validation.

export function BlogDetail({ id }: { id: number }) {
  const blog = useQuery(trpc.content.blogs.article.queryOptions({ id }));
  useDocumentTitle(blog.data?.title);
  // Back to the list as she left it (its search and category stay in the address).
  const back = (
    <Link to="/blog" search={({ post: _open, ...list }) => list} className={buttonVariants({ variant: 'link', className: 'mb-6 px-0' })}>
      {m.content_blog_back()}
    </Link>
  );

  return (
    <article className="mx-auto max-w-3xl px-4 py-10">
      {back}
      {blog.isPending ? (
        <div className="grid gap-4" aria-busy="true">
          <Skeleton className="aspect-[2/1]" />
          <Skeleton className="h-8 w-3/4" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-5/6" />
        </div>
      ) : blog.isError ? (
        <p role="alert" className="rounded-[var(--radius-card)] bg-destructive/5 px-6 py-8 text-center font-medium text-destructive">
          {errorStatus(blog.error) === 404 ? m.content_blog_not_found() : messages.blogs.fetchFailed(errorStatus(blog.error) ?? 0)}
        </p>
      ) : (
        <BlogArticle blog={blog.data} />
      )}
    </article>
  );
}

function BlogArticle({ blog }: { blog: Article }) {
  const { user } = useSession();
  // Opened from the list (or a link in the site), her focus starts at the article's heading, not
  // at the top of the page; a page loaded fresh starts where browsers start.
  const heading = useRef<HTMLHeadingElement>(null);
  const openedInSite = useCanGoBack();
  useEffect(() => {
    if (openedInSite) heading.current?.focus({ preventScroll: true });
  }, [openedInSite, blog.id]);
  const created = new Date(blog.createdAt);
  const commentsInput = { id: blog.id, limit: COMMENT_PAGE_SIZE };
  const comments = useInfiniteQuery(
    trpc.content.blogs.comments.infiniteQueryOptions(commentsInput, { getNextPageParam: nextCursorFor(COMMENT_PAGE_SIZE), staleTime: SHORT_STALE_TIME }),
  );

  const refreshBlog = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.content.blogs.article.queryKey({ id: blog.id }) }),
      queryClient.invalidateQueries({ queryKey: trpc.content.blogs.cards.pathKey() }),
    ]);

  const like: LikeOf = {
    id: blog.id,
    title: blog.title,
    likedOptions: trpc.content.blogs.liked.queryOptions({ id: blog.id }, { staleTime: SHORT_STALE_TIME }),
    send: trpcClient.content.blogs.like.mutate,
    refresh: refreshBlog,
    signInText: messages.blogs.loginToLike,
  };

  const addComment = useMutation(
    trpc.content.blogs.addComment.mutationOptions({
      onSuccess: (result) => {
        toastCommentAdded(result);
        void queryClient.invalidateQueries({ queryKey: trpc.content.blogs.comments.infiniteQueryKey(commentsInput) });
        void refreshBlog();
      },
      onError: (error) => toastActionFailure(error, messages.comments.loginToComment, messages.comments.addFailed),
    }),
  );

  return (
    <>
      <SafeImage src={blog.coverImageUrl} alt="" className="aspect-[2/1] w-full rounded-[var(--radius-card)]" sizes="(min-width: 768px) 736px, calc(100vw - 2rem)" leading />
      <div className="mt-6 flex flex-wrap items-center gap-1.5">
        <Badge className={categoryColour(blog.category)}>{categoryLabel(blog.category)}</Badge>
        {blog.tags.map((tag) => (
          <Badge key={tag} variant="muted" dir="auto">
            #{tag}
          </Badge>
        ))}
      </div>
      <h1 ref={heading} tabIndex={-1} dir="auto" className="mt-4 text-start text-3xl font-semibold outline-none sm:text-4xl">
        {blog.title}
      </h1>
      <p className="mt-3 flex flex-wrap items-center gap-x-3 text-sm text-muted-foreground">
        <span className="font-medium text-foreground">{m.content_blog_by({ name: blog.authorName })}</span>
        <time dateTime={created.toISOString()}>
          {longDate(created)}
        </time>
      </p>
      {/* The article reads in its own language's direction, whatever the page's. */}
      <div dir="auto" className="mt-8">
        <ServerDrawnProse html={blog.contentHtml} className="text-base" />
      </div>
      <div className="mt-8 flex items-center gap-3 border-y border-border py-3">
        <LikeButton like={like} count={blog.likesCount} />
        <span className="inline-flex items-center gap-1.5 text-sm text-muted-foreground">
          <MessageCircle className="size-4" aria-hidden="true" />
          {m.content_comments({ count: blog.commentsCount })}
        </span>
      </div>
      <section aria-labelledby="blog-comments" className="mt-8 grid gap-5">
        <h2 id="blog-comments" className="text-xl font-semibold">
          {m.content_comments_title()}
        </h2>
        <CommentList
          comments={comments.data?.pages.flat()}
          isLoading={comments.isPending}
          more={comments}
          added={addComment.data?.id}
          thread={{ kind: 'blog', itemId: blog.id }}
          reply={user ? { pending: addComment.isPending, send: (content, parentId) => sent(addComment.mutateAsync({ id: blog.id, content, parentId })) } : undefined}
        />
        <LoadMore hasMore={comments.hasNextPage} loading={comments.isFetchingNextPage} onLoad={() => void comments.fetchNextPage()} label={m.content_load_more_comments()} />
        {user ? (
          <CommentForm
            id="blog-comment"
            thread={{ kind: 'blog', itemId: blog.id }}
            pending={addComment.isPending}
            onSubmit={(content) => sent(addComment.mutateAsync({ id: blog.id, content }))}
          />
        ) : (
          <p className="rounded-2xl bg-secondary/60 px-4 py-3 text-center text-secondary-foreground">
            {messages.comments.loginToComment}{' '}
            <Link to="/login" className="font-semibold underline underline-offset-4">
              {m.content_sign_in()}
            </Link>
          </p>
        )}
      </section>
    </>
  );
}
