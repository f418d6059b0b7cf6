import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { Check, X } from 'lucide-react';
import { useState } from 'react';
import type { ReviewableKind } from '#shared/moderation';
import { Badge } from '#client/components/ui/badge';
import { Button } from '#client/components/ui/button';
import { ConfirmDelete } from '#client/components/confirm-delete';
import { Card } from '#client/components/ui/card';
import { m } from '#i18n/messages';
import { trpc, type RouterOutputs } from '#client/trpc';
import {
  ADMIN_PAGE_SIZE,
  adminListOptions,
  adminPagingBy,
  EmptyState,
  formatDateTime,
  ListError,
  ListSkeleton,
  TabHeader,
} from './admin-kit';
import { LoadMore } from './admin-list';
import { headingOf, KIND_LABELS, MemberText, subjectOf, useReviewDecision, waitingQuery } from './moderation-kit';
import { ProfileChangesSection } from './profile-changes';

const reviewHoldReasons = {
  new_member: m.admin_hold_new_member,
  watched_word: m.admin_hold_watched_word,
};

type HeldItem = RouterOutputs['admin']['moderation']['list'][number];
type ItemKey = { kind: ReviewableKind; id: number };

/** Ids repeat across kinds (forum post 3 and forum comment 3); the queue's cursor names an item the same way. */
const keyOf = (item: ItemKey) => `${item.kind}:${item.id}`;
// A call's input types its id loosely (the server coerces it), hence `unknown`.
const same = (a: { kind: ReviewableKind; id: unknown } | undefined, b: ItemKey) => a?.kind === b.kind && a.id === b.id;

/** Members add to the queue while the panel is open: it loads afresh each time the tab opens. */
const queueOptions = { ...adminListOptions, refetchOnMount: 'always' as const };

/** Profile changes with a hold word, then held posts and comments, oldest first: approve publishes one, reject deletes it. */
export function ReviewTab() {
  const list = useInfiniteQuery({ ...trpc.admin.moderation.list.infiniteQueryOptions({ limit: ADMIN_PAGE_SIZE }, adminPagingBy(keyOf)), ...queueOptions });
  const waiting = useQuery(waitingQuery());
  const [toReject, setToReject] = useState<HeldItem | null>(null);
  const callbacks = useReviewDecision();
  const approve = useMutation(trpc.admin.moderation.approve.mutationOptions(callbacks(m.admin_review_approved())));
  const reject = useMutation(trpc.admin.moderation.reject.mutationOptions({ ...callbacks(m.admin_review_rejected()), onSettled: () => setToReject(null) }));
  const items = list.data?.pages.flat() ?? [];

  return (
    <section>
      <TabHeader title={m.admin_review_title()} count={waiting.data?.review ? <Badge variant="secondary">{m.admin_queues_waiting_count({ count: waiting.data.review })}</Badge> : null} />
      <p className="-mt-2 mb-5 text-sm text-muted-foreground">{m.admin_review_explanation()}</p>
      <ProfileChangesSection />
      {list.isPending ? (
        <ListSkeleton />
      ) : list.isError ? (
        <ListError onRetry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState>{m.admin_review_empty()}</EmptyState>
      ) : (
        <ul className="grid gap-4 lg:grid-cols-2">
          {items.map((item) => (
            <li key={keyOf(item)}>
              <HeldCard
                item={item}
                approving={approve.isPending && same(approve.variables, item)}
                rejecting={reject.isPending && same(reject.variables, item)}
                onApprove={() => approve.mutate({ kind: item.kind, id: item.id })}
                onReject={() => setToReject(item)}
              />
            </li>
          ))}
        </ul>
      )}
      <LoadMore list={list} />
      <ConfirmDelete
        open={toReject !== null}
        onOpenChange={(open) => !open && setToReject(null)}
        texts={{
          title: toReject ? m.admin_review_reject_title({ kind: KIND_LABELS[toReject.kind]().toLowerCase() }) : '',
          body: toReject ? m.admin_review_reject_body({ kind: KIND_LABELS[toReject.kind]().toLowerCase() }) : '',
          cancel: m.admin_common_cancel(),
          confirm: m.admin_review_reject(),
          busy: m.admin_common_deleting(),
        }}
        pending={reject.isPending}
        onConfirm={() => toReject && reject.mutate({ kind: toReject.kind, id: toReject.id })}
      />
    </section>
  );
}

function HeldCard({ item, approving, rejecting, onApprove, onReject }: { item: HeldItem; approving: boolean; rejecting: boolean; onApprove: () => void; onReject: () => void }) {
  const subject = subjectOf(item.kind, item);
  const busy = approving || rejecting;
  return (
    <Card className="flex h-full flex-col gap-3 p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant="outline">{KIND_LABELS[item.kind]()}</Badge>
          {item.holdReason ? (
            <Badge variant="muted">
              <span className="sr-only">{`${m.admin_review_held_because()}: `}</span>
              {reviewHoldReasons[item.holdReason]()}
            </Badge>
          ) : null}
        </div>
        <time dateTime={item.createdAt} className="text-sm text-muted-foreground">
          {m.admin_review_written({ date: formatDateTime(item.createdAt) })}
        </time>
      </div>
      <MemberText title={item.title} heading={headingOf(item.kind, item.author)} text={item.text} context={item.context} author={item.author} />
      <div className="mt-auto flex flex-wrap gap-2 pt-2">
        <Button size="sm" aria-label={m.admin_review_approve_named({ subject })} disabled={busy} onClick={onApprove}>
          <Check aria-hidden="true" />
          {approving ? m.admin_review_approving() : m.admin_review_approve()}
        </Button>
        <Button size="sm" variant="outline" className="text-destructive" aria-label={m.admin_review_reject_named({ subject })} disabled={busy} onClick={onReject}>
          <X aria-hidden="true" />
          {m.admin_review_reject()}
        </Button>
      </div>
    </Card>
  );
}
