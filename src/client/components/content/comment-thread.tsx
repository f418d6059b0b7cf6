import { useMutation } from '@tanstack/react-query';
import { useRouterState } from '@tanstack/react-router';
import { Reply, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { messages } from '#shared/messages';
import { commentAnchor } from '#shared/links';
import type { CommentKind } from '#shared/schemas/content';
import { m } from '#i18n/messages';
import { Button } from '../ui/button';
import { Label } from '../ui/label';
import { Skeleton } from '../ui/skeleton';
import { useCommentDraft, useReplyDrafts } from '#client/lib/comment-draft';
import { linkedCommentId, type MoreComments, mustLoadTowardLink } from '#client/lib/linked-comment';
import { errorMessage } from '#client/lib/errors';
import { loadContentSchemas } from '#client/lib/form-schemas';
import { shortDate } from '#client/lib/formats';
import { useSession } from '#client/lib/session';
import { queryClient, type RouterOutputs, trpc } from '#client/trpc';
import { ConfirmDelete } from '../confirm-delete';
import { MemberText } from '../member-text';
import { MoreActions } from '../safety/more-actions';
import { WaitingBadge } from '../safety/waiting-badge';
import { toast } from '../ui/toast';
import { TEXT_LIMITS } from '#shared/limits';
import { CharacterCount } from '../character-count';
import { MentionBox } from './mention-box';

export type CommentItem = RouterOutputs['content']['podcasts']['comments'][number];

/** A thread of comments: under which kind of item, and which one. */
export interface CommentThread {
  kind: CommentKind;
  itemId: number;
}

/** How a signed-in member replies in a thread: sends the reply to `parentId`, true once stored. */
export interface ReplySender {
  send: (content: string, parentId: number) => Promise<boolean>;
  pending: boolean;
}

/** Whether a comment was stored: its mutation's outcome (the mutation's own handlers tell her why not). */
export const sent = (mutation: Promise<unknown>): Promise<boolean> =>
  mutation.then(
    () => true,
    () => false,
  );

/** A comment with the replies that answer it, oldest first. */
interface CommentWithReplies {
  comment: CommentItem;
  replies: CommentItem[];
}

/**
 * The loaded comments as conversations: each comment with its replies under it. A reply always
 * comes after its comment in the list (it is newer), and the server leaves out replies to a
 * comment the viewer can't see.
 */
export function withReplies(comments: CommentItem[]): CommentWithReplies[] {
  const threads = new Map<number, CommentWithReplies>();
  for (const comment of comments) {
    if (comment.parentId === null) threads.set(comment.id, { comment, replies: [] });
    else threads.get(comment.parentId)?.replies.push(comment);
  }
  return [...threads.values()];
}

/** The navigations whose linked comment was already brought into view: once each, not again as the list refreshes. */
const broughtIntoView = new WeakSet<object>();
/** How long a linked comment stays marked. */
const MARKED_MS = 2_500;

/**
 * A link to a comment (…#comment-345, as a notification's) brings it into view once it has
 * loaded (comments load after their page): scrolled to, given the keyboard, and marked for a
 * moment. Once per navigation. Until it has loaded, the thread's next pages load toward it
 * (`more`, mustLoadTowardLink): a reply is often past the first page.
 */
function useCommentInView(comments: CommentItem[], more: MoreComments | undefined) {
  const location = useRouterState({ select: (state) => state.location });
  useEffect(() => {
    const linked = linkedCommentId(location.hash);
    if (linked === null || broughtIntoView.has(location)) return;
    if (!comments.some((comment) => comment.id === linked)) {
      if (more && mustLoadTowardLink(linked, comments.map((comment) => comment.id), more)) void more.fetchNextPage();
      return;
    }
    const element = document.getElementById(commentAnchor(linked));
    if (!element) return;
    broughtIntoView.add(location);
    const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    element.scrollIntoView({ block: 'center', behavior: still ? 'auto' : 'smooth' });
    element.focus({ preventScroll: true });
    element.setAttribute('data-linked', '');
    window.setTimeout(() => element.removeAttribute('data-linked'), MARKED_MS);
  }, [location, comments, more]);
}

/**
 * The comment or reply she has just added (`added`): a thread loaded a page at a time may end
 * before it, so its next pages load until it shows (a reply, under its comment). It is neither
 * scrolled to nor focused: the form she wrote in keeps the keyboard.
 */
function useAddedCommentShown(comments: CommentItem[], more: MoreComments | undefined, added: number | undefined) {
  useEffect(() => {
    if (added !== undefined && more && mustLoadTowardLink(added, comments.map((comment) => comment.id), more)) void more.fetchNextPage();
  }, [added, comments, more]);
}

/** Each comment's and reply's element: its anchor, focusable by a link to it, and marked while it is the one linked. */
const anchored = (comment: CommentItem) => ({
  id: commentAnchor(comment.id),
  tabIndex: -1,
});
// Drawn inside the comment's own box: a scrolling list (a podcast's dialog) would cut a ring drawn outside it.
const LINKED_CLASSES = 'scroll-mt-24 outline-none transition-colors data-[linked]:bg-secondary/70 data-[linked]:inset-ring-2 data-[linked]:inset-ring-primary/60 focus-visible:inset-ring-2 focus-visible:inset-ring-ring';

const nameOf = (comment: CommentItem) => `${comment.user.firstName} ${comment.user.lastName}`;
/** A name isolated in shown text, so a Latin name ending in a full stop reads right in an Arabic sentence. */
const isolated = (name: string) => `\u2068${name}\u2069`;

/** After she adds a comment: 'added', or the server's words when it waits for a moderator. */
export function toastCommentAdded(result: { message: string | null }) {
  toast(result.message ? { title: m.safety_held_title(), description: result.message } : { title: messages.comments.successTitle, description: messages.comments.added });
}

/** Delete, with a confirmation; every content list refetches after, so counts follow. */
export function DeleteComment({ kind, comment }: { kind: CommentKind; comment: CommentItem }) {
  const [open, setOpen] = useState(false);
  const remove = useMutation(
    trpc.content.comments.delete.mutationOptions({
      onSuccess: async () => {
        setOpen(false);
        toast({ title: messages.comments.successTitle, description: messages.comments.deleted });
        await queryClient.invalidateQueries(trpc.content.pathFilter());
      },
      onError: (failure) => toast({ title: messages.comments.errorTitle, description: errorMessage(failure, messages.comments.deleteFailed), variant: 'destructive' }),
    }),
  );
  return (
    <ConfirmDelete
      texts={{
        title: m.content_delete_comment_title(),
        body: m.content_delete_comment_body(),
        cancel: m.content_delete_comment_cancel(),
        confirm: m.content_delete_comment_confirm(),
        busy: m.content_delete_comment_busy(),
      }}
      open={open}
      onOpenChange={setOpen}
      pending={remove.isPending}
      onConfirm={() => remove.mutate({ kind, id: comment.id })}
      trigger={
        <Button variant="ghost" size="sm" className="ms-auto h-7 px-2 text-destructive hover:bg-destructive/10" aria-label={m.content_delete_comment_label({ author: `${comment.user.firstName} ${comment.user.lastName}` })}>
          <Trash2 aria-hidden="true" />
          {m.content_delete_comment_button()}
        </Button>
      }
    />
  );
}

/**
 * What the viewer can do with a comment: Delete where the server says she may (`canDelete`)
 * and, on someone else's comment, the menu to report it or its author, or block her (members only).
 */
export function CommentActions({ kind, comment }: { kind: CommentKind; comment: CommentItem }) {
  const { user } = useSession();
  const othersId = user && !comment.isMine ? comment.authorId : null;
  if (!comment.canDelete && othersId === null) return null;
  return (
    <span className="-mt-0.5 flex shrink-0 items-center gap-1">
      {comment.canDelete ? <DeleteComment kind={kind} comment={comment} /> : null}
      {othersId !== null ? (
        <MoreActions type={`${kind}_comment`} id={comment.id} author={{ id: othersId, name: `${comment.user.firstName} ${comment.user.lastName}` }} className="-me-1 size-7" />
      ) : null}
    </span>
  );
}

/** The line above a comment: author, date, 'Waiting for review' on her own held comment, actions. */
export function CommentMeta({ kind, comment, date }: { kind: CommentKind; comment: CommentItem; date: string }) {
  return (
    <div className="flex items-start gap-2 text-sm">
      <p className="flex min-w-0 flex-1 flex-wrap items-center gap-x-2 gap-y-1">
        <span dir="auto" className="font-semibold">
          {comment.isMine ? m.content_you() : `${comment.user.firstName} ${comment.user.lastName}`}
        </span>
        {/* The forum's dates are relative ('Just now'): kept through hydration as RelativeTime keeps them. */}
        <time dateTime={new Date(comment.createdAt).toISOString()} className="text-xs text-muted-foreground" suppressHydrationWarning>
          {date}
        </time>
        {comment.waitingForReview ? <WaitingBadge /> : null}
      </p>
      <CommentActions kind={kind} comment={comment} />
    </div>
  );
}

export function CommentList({
  comments,
  isLoading,
  thread,
  reply,
  more,
  added,
}: {
  comments: CommentItem[] | undefined;
  isLoading: boolean;
  thread: CommentThread;
  reply?: ReplySender | undefined;
  more?: MoreComments;
  added?: number | undefined;
}) {
  if (isLoading) {
    return (
      <div className="grid gap-3" aria-busy="true">
        <Skeleton className="h-16" />
        <Skeleton className="h-16" />
      </div>
    );
  }
  if (!comments?.length) return <p className="py-4 text-center text-muted-foreground">{m.content_no_comments()}</p>;
  return <Conversations comments={comments} thread={thread} reply={reply} more={more} added={added} date={(comment) => shortDate(new Date(comment.createdAt))} className="rounded-2xl bg-muted/60 px-4 py-3" />;
}

/**
 * Comments with their replies under them, each with Reply for a signed-in member (`reply`):
 * Reply opens a reply box under the conversation, its text kept like a comment's draft (a box
 * left with text opens again with it). `className` styles each comment's card.
 */
export function Conversations({
  comments,
  thread,
  reply,
  more,
  added,
  date,
  className,
}: {
  comments: CommentItem[];
  thread: CommentThread;
  reply?: ReplySender | undefined;
  /** The thread's later pages, loaded toward a comment a link names, or the one she added. */
  more?: MoreComments | undefined;
  /** The id of the comment or reply she has just added. */
  added?: number | undefined;
  date: (comment: CommentItem) => string;
  className: string;
}) {
  // The reply boxes open: per comment, the comment or reply she answers. Boxes left with text
  // open again with it; the one she opened last takes the keyboard.
  const [replyingTo, setReplyingTo] = useState<ReadonlyMap<number, CommentItem>>(new Map());
  const [clicked, setClicked] = useState<number | null>(null);
  const kept = useReplyDrafts(thread.kind, thread.itemId);
  useCommentInView(comments, more);
  useAddedCommentShown(comments, more, added);
  useEffect(() => {
    if (kept.length === 0) return;
    setReplyingTo((current) => {
      const next = new Map(current);
      for (const comment of comments) if (kept.includes(comment.id) && !next.has(comment.id)) next.set(comment.id, comment);
      return next;
    });
    // Only when the kept drafts are read: a box she closed stays closed.
  }, [kept]);
  const open = (root: number, to: CommentItem) => {
    setReplyingTo((current) => new Map(current).set(root, to));
    setClicked(root);
  };
  const close = (root: number) =>
    setReplyingTo((current) => {
      const next = new Map(current);
      next.delete(root);
      return next;
    });

  const item = (comment: CommentItem, root: CommentItem) => (
    <>
      <CommentMeta kind={thread.kind} comment={comment} date={date(comment)} />
      <MemberText text={comment.content} className="mt-1 text-sm" />
      {reply ? (
        <Button variant="ghost" size="sm" className="-ms-2 mt-1 h-7 w-fit justify-self-start px-2 text-muted-foreground" aria-label={m.content_reply_to({ name: nameOf(comment) })} onClick={() => open(root.id, comment)}>
          <Reply className="size-4 rtl:-scale-x-100" aria-hidden="true" />
          {m.content_reply()}
        </Button>
      ) : null}
    </>
  );

  return (
    <ul className="grid gap-3">
      {withReplies(comments).map(({ comment, replies }) => {
        const to = replyingTo.get(comment.id);
        return (
          <li key={comment.id} {...anchored(comment)} className={`${className} ${LINKED_CLASSES}`}>
            {item(comment, comment)}
            {replies.length > 0 ? (
              <ul aria-label={m.content_replies_to({ name: nameOf(comment) })} className="mt-3 grid gap-3 border-s-2 border-primary/30 ps-3 sm:ps-4">
                {replies.map((answer) => (
                  <li key={answer.id} {...anchored(answer)} className={`-mx-2 rounded-lg px-2 py-1 ${LINKED_CLASSES}`}>
                    {item(answer, comment)}
                  </li>
                ))}
              </ul>
            ) : null}
            {reply && to ? (
              <CommentForm
                id={`${thread.kind}-${thread.itemId}-reply-${comment.id}`}
                thread={thread}
                // Answering a reply names its author, so she is told (a mention) though the reply joins the comment.
                replyTo={{ id: comment.id, name: to.isMine ? m.content_you() : nameOf(to), mention: to.id !== comment.id && !to.isMine ? `@${to.user.firstName} ${to.user.lastName} ` : undefined }}
                pending={reply.pending}
                onSubmit={(content) => reply.send(content, to.id).then((sent) => (sent && close(comment.id), sent))}
                onCancel={() => close(comment.id)}
                focusOnOpen={clicked === comment.id}
              />
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The comment box under `thread` (or, with `replyTo`, the reply box under that comment): the
 * draft is trimmed and checked with the server's own schema; the button is disabled while the
 * draft is empty or a request is pending. The draft is kept while it is unsent
 * (lib/comment-draft.ts): closing the comments or switching language keeps it.
 * `onSubmit` resolves true when the comment was stored, which clears the draft. A reply box
 * opened by Reply takes the keyboard (`focusOnOpen`); Cancel closes it, its draft kept.
 */
export function CommentForm({
  id,
  thread,
  onSubmit,
  pending,
  replyTo,
  onCancel,
  focusOnOpen = false,
}: {
  id: string;
  thread: CommentThread;
  onSubmit: (content: string) => Promise<boolean>;
  pending: boolean;
  replyTo?: { id: number; name: string; mention?: string | undefined };
  onCancel?: () => void;
  focusOnOpen?: boolean;
}) {
  const [draft, setDraft] = useCommentDraft(thread.kind, thread.itemId, replyTo?.id, replyTo?.mention);
  const [error, setError] = useState<string>();
  const box = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (focusOnOpen) box.current?.focus();
  }, [focusOnOpen]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const { CommentFormSchema } = await loadContentSchemas();
    const parsed = CommentFormSchema.safeParse({ content: draft });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    // The button is disabled while the comment is sent: the keyboard stays in the comment box
    // (read-only meanwhile), ready for the next comment, instead of falling out of the form.
    box.current?.focus();
    if (await onSubmit(parsed.data.content)) setDraft('');
    box.current?.focus();
  }

  return (
    <form onSubmit={(event) => void submit(event)} onFocus={() => void loadContentSchemas()} noValidate className={replyTo ? 'mt-3 grid gap-2' : 'grid gap-2'}>
      <Label htmlFor={id}>{replyTo ? m.content_reply_label({ name: isolated(replyTo.name) }) : m.content_comment_label()}</Label>
      <MentionBox
        ref={box}
        id={id}
        thread={thread}
        rows={replyTo ? 2 : 3}
        dir="auto"
        readOnly={pending}
        value={draft}
        placeholder={replyTo ? undefined : m.content_comment_placeholder()}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onValueChange={setDraft}
      />
      <CharacterCount id={id} value={draft} max={TEXT_LIMITS.comment} />
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        {onCancel ? (
          <Button type="button" variant="ghost" size={replyTo ? 'sm' : 'default'} onClick={onCancel}>
            {m.content_reply_cancel()}
          </Button>
        ) : null}
        <Button type="submit" size={replyTo ? 'sm' : 'default'} disabled={draft.length === 0 || pending}>
          {pending ? m.content_comment_busy() : replyTo ? m.content_reply_submit() : m.content_comment_submit()}
        </Button>
      </div>
    </form>
  );
}
