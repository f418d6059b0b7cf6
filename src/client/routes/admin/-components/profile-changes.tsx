import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { Check, X } from 'lucide-react';
import type { ProfileChange } from '#shared/moderation';
import { Button } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import { m } from '#i18n/messages';
import { trpc, type RouterOutputs } from '#client/trpc';
import { ADMIN_PAGE_SIZE, adminListOptions, adminPaging, formatDateTime, fullName } from './admin-kit';
import { LoadMore } from './admin-list';
import { useReviewDecision } from './moderation-kit';

type WaitingChange = RouterOutputs['admin']['moderation']['profileChanges'][number];

/** The fields in the order her settings show them, each with its label. */
const FIELDS: { field: keyof ProfileChange; label: () => string }[] = [
  { field: 'firstName', label: () => m.admin_account_first_name() },
  { field: 'lastName', label: () => m.admin_account_last_name() },
  { field: 'bio', label: () => m.admin_account_bio() },
  { field: 'interests', label: () => m.admin_account_interests() },
];

/**
 * Profile changes with a `hold` word, oldest first, above the held posts and comments: the
 * member as others see her (first name, last initial) and the waiting text. Shown only while
 * one waits.
 */
export function ProfileChangesSection() {
  const list = useInfiniteQuery({ ...trpc.admin.moderation.profileChanges.infiniteQueryOptions({ limit: ADMIN_PAGE_SIZE }, adminPaging), ...adminListOptions, refetchOnMount: 'always' });
  const callbacks = useReviewDecision();
  const approve = useMutation(trpc.admin.moderation.approveProfileChange.mutationOptions(callbacks(m.admin_review_approved())));
  const reject = useMutation(trpc.admin.moderation.rejectProfileChange.mutationOptions(callbacks(m.admin_review_rejected())));
  const items = list.data?.pages.flat() ?? [];
  if (items.length === 0) return null;

  return (
    <section aria-labelledby="review-profiles" className="mb-8">
      <h3 id="review-profiles" className="text-lg font-semibold">
        {m.admin_review_profiles_title()}
      </h3>
      <p className="mb-4 text-sm text-muted-foreground">{m.admin_review_profiles_explanation()}</p>
      <ul className="grid gap-4 lg:grid-cols-2">
        {items.map((item) => (
          <li key={item.id}>
            <ChangeCard
              item={item}
              busy={(approve.isPending && approve.variables?.id === item.id) || (reject.isPending && reject.variables?.id === item.id)}
              onApprove={() => approve.mutate({ id: item.id })}
              onReject={() => reject.mutate({ id: item.id })}
            />
          </li>
        ))}
      </ul>
      <LoadMore list={list} />
    </section>
  );
}

function ChangeCard({ item, busy, onApprove, onReject }: { item: WaitingChange; busy: boolean; onApprove: () => void; onReject: () => void }) {
  const name = fullName(item.member);
  return (
    <Card className="flex h-full flex-col gap-3 p-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h4 dir="auto" className="font-semibold">
          {m.admin_review_profile_by({ name })}
        </h4>
        <time dateTime={item.createdAt} className="text-sm text-muted-foreground">
          {m.admin_review_written({ date: formatDateTime(item.createdAt) })}
        </time>
      </div>
      <dl className="grid gap-2 text-sm">
        {FIELDS.filter(({ field }) => item.changes[field] !== undefined).map(({ field, label }) => (
          <div key={field}>
            <dt className="font-semibold">{label()}</dt>
            <dd dir="auto" className="whitespace-pre-line break-words text-muted-foreground">
              {item.changes[field]}
            </dd>
          </div>
        ))}
      </dl>
      <div className="mt-auto flex flex-wrap gap-2 pt-2">
        <Button size="sm" aria-label={m.admin_review_profile_approve_named({ name })} disabled={busy} onClick={onApprove}>
          <Check aria-hidden="true" />
          {m.admin_review_approve()}
        </Button>
        <Button size="sm" variant="outline" className="text-destructive" aria-label={m.admin_review_profile_reject_named({ name })} disabled={busy} onClick={onReject}>
          <X aria-hidden="true" />
          {m.admin_review_reject()}
        </Button>
      </div>
    </Card>
  );
}
