import { useMutation } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { messages } from '#shared/messages';
import { CommentFormSchema, type CommentKind } from '#shared/schemas/content';
import { m } from '#i18n/messages';
import { Button } from '../ui/button';
import { Label } from '../ui/label';
import { Skeleton } from '../ui/skeleton';
import { Textarea } from '../ui/textarea';
import { useCommentDraft } from '#client/lib/comment-draft';
import { errorMessage } from '#client/lib/errors';
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

export type CommentItem = RouterOutputs['content']['podcasts']['comments'][number];

/** A thread of comments: under which kind of item, and which one. */
export interface CommentThread {
  kind: CommentKind;
  parentId: number;
}

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
        <time dateTime={new Date(comment.createdAt).toISOString()} className="text-xs text-muted-foreground">
          {date}
        </time>
        {comment.waitingForReview ? <WaitingBadge /> : null}
      </p>
      <CommentActions kind={kind} comment={comment} />
    </div>
  );
}

export function CommentList({ comments, isLoading, thread }: { comments: CommentItem[] | undefined; isLoading: boolean; thread: CommentThread }) {
  if (isLoading) {
    return (
      <div className="grid gap-3" aria-busy="true">
        <Skeleton className="h-16" />
        <Skeleton className="h-16" />
      </div>
    );
  }
  if (!comments?.length) return <p className="py-4 text-center text-muted-foreground">{m.content_no_comments()}</p>;
  return (
    <ul className="grid gap-3">
      {comments.map((comment) => (
        <li key={comment.id} className="rounded-2xl bg-muted/60 px-4 py-3">
          <CommentMeta kind={thread.kind} comment={comment} date={shortDate(new Date(comment.createdAt))} />
          <MemberText text={comment.content} className="mt-1" />
        </li>
      ))}
    </ul>
  );
}

/**
 * The comment box under `thread`: the draft is trimmed and checked with the server's own schema;
 * the button is disabled while the draft is empty or a request is pending. The draft is kept
 * while it is unsent (lib/comment-draft.ts): closing the comments or switching language keeps it.
 * `onSubmit` resolves true when the comment was stored, which clears the draft.
 */
export function CommentForm({ id, thread, onSubmit, pending }: { id: string; thread: CommentThread; onSubmit: (content: string) => Promise<boolean>; pending: boolean }) {
  const [draft, setDraft] = useCommentDraft(thread.kind, thread.parentId);
  const [error, setError] = useState<string>();
  const box = useRef<HTMLTextAreaElement>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
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
    <form onSubmit={submit} noValidate className="grid gap-2">
      <Label htmlFor={id}>{m.content_comment_label()}</Label>
      <Textarea
        ref={box}
        id={id}
        rows={3}
        dir="auto"
        readOnly={pending}
        value={draft}
        placeholder={m.content_comment_placeholder()}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => setDraft(e.target.value)}
      />
      <CharacterCount id={id} value={draft} max={TEXT_LIMITS.comment} />
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
      <Button type="submit" className="justify-self-end" disabled={draft.length === 0 || pending}>
        {pending ? m.content_comment_busy() : m.content_comment_submit()}
      </Button>
    </form>
  );
}
