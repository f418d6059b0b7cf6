import { useState, type FormEvent } from 'react';
import { CommentFormSchema } from '../../../shared/schemas/content';
import { contentCopy } from '../../copy/content';
import { Button } from '../ui/button';
import { Label } from '../ui/label';
import { Skeleton } from '../ui/skeleton';
import { Textarea } from '../ui/textarea';
import { usShortDate } from '../../lib/formats';
import type { RouterOutputs } from '../../trpc';

export type CommentItem = RouterOutputs['content']['podcasts']['comments'][number];


export function CommentList({ comments, isLoading }: { comments: CommentItem[] | undefined; isLoading: boolean }) {
  if (isLoading) {
    return (
      <div className="grid gap-3" aria-busy="true">
        <Skeleton className="h-16" />
        <Skeleton className="h-16" />
      </div>
    );
  }
  if (!comments?.length) return <p className="py-4 text-center text-muted-foreground">{contentCopy.noComments}</p>;
  return (
    <ul className="grid gap-3">
      {comments.map((comment) => (
        <li key={comment.id} className="rounded-2xl bg-muted/60 px-4 py-3">
          <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
            <span className="font-semibold">
              {comment.user.firstName} {comment.user.lastName}
            </span>
            <time dateTime={new Date(comment.createdAt).toISOString()} className="text-xs text-muted-foreground">
              {usShortDate(new Date(comment.createdAt))}
            </time>
          </p>
          <p className="mt-1 whitespace-pre-line break-words">{comment.content}</p>
        </li>
      ))}
    </ul>
  );
}

/**
 * The comment box: the draft is trimmed and checked with the server's own schema; the
 * button is disabled while the draft is empty or a request is pending.
 * `onSubmit` resolves true when the comment was stored, which clears the draft.
 */
export function CommentForm({ id, onSubmit, pending }: { id: string; onSubmit: (content: string) => Promise<boolean>; pending: boolean }) {
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = CommentFormSchema.safeParse({ content: draft });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    if (await onSubmit(parsed.data.content)) setDraft('');
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-2">
      <Label htmlFor={id}>{contentCopy.commentLabel}</Label>
      <Textarea
        id={id}
        rows={3}
        value={draft}
        placeholder={contentCopy.commentPlaceholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => setDraft(e.target.value)}
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
      <Button type="submit" className="justify-self-end" disabled={draft.length === 0 || pending}>
        {pending ? contentCopy.commentBusy : contentCopy.commentSubmit}
      </Button>
    </form>
  );
}
