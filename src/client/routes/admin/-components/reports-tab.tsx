import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CircleCheck, EyeOff, ShieldOff, Trash2, type LucideIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { TEXT_LIMITS } from '#shared/limits';
import { messages } from '#shared/messages';
import type { ReportAction, ReportReason } from '#shared/moderation';
import { ResolveReportSchema } from '#shared/schemas/moderation';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '#client/components/ui/alert-dialog';
import { Badge } from '#client/components/ui/badge';
import { Button } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#client/components/ui/dialog';
import { formatCount } from '#client/lib/formats';
import { m } from '#i18n/messages';
import { trpc, type RouterOutputs } from '#client/trpc';
import {
  ADMIN_PAGE_SIZE,
  adminListOptions,
  adminPagingBy,
  EmptyState,
  formatDateTime,
  fullName,
  ListError,
  ListSkeleton,
  TabHeader,
  useAdminErrorHandler,
  useAdminSuccess,
  useFormValues,
  validate,
} from './admin-kit';
import { LoadMore } from './admin-list';
import { TextAreaField, TextField } from './fields';
import { headingOf, KIND_LABELS, MemberText, subjectOf, waitingQuery } from './moderation-kit';

const reportsDecisions = {
  dismiss: {
    title: m.admin_decision_dismiss_title,
    body: m.admin_decision_dismiss_body,
    confirm: m.admin_action_dismiss,
    busy: m.admin_decision_dismiss_busy,
    done: m.admin_decision_dismiss_done,
  },
  hide: {
    title: (kind: string) => m.admin_decision_hide_title({ kind: kind.toLowerCase() }),
    body: m.admin_decision_hide_body,
    confirm: m.admin_action_hide,
    busy: m.admin_decision_hide_busy,
    done: m.admin_decision_hide_done,
  },
  delete: {
    title: (kind: string) => m.admin_decision_delete_title({ kind: kind.toLowerCase() }),
    body: (kind: string, withComments: boolean) =>
      withComments ? m.admin_decision_delete_body_with_comments({ kind: kind.toLowerCase() }) : m.admin_decision_delete_body({ kind: kind.toLowerCase() }),
    confirm: m.admin_action_delete,
    busy: m.admin_common_deleting,
    done: m.admin_decision_delete_done,
  },
  suspend: {
    title: (member: boolean) => (member ? m.admin_decision_suspend_title_member() : m.admin_decision_suspend_title_author()),
    body: (name: string, member: boolean) => (member ? m.admin_decision_suspend_body({ name }) : m.admin_decision_suspend_body_author({ name })),
    confirm: m.admin_suspension_submit,
    busy: m.admin_suspension_submitting,
    done: m.admin_decision_suspend_done,
    doneMember: m.admin_decision_suspend_done_member,
  },
};

const queuesStates = {
  held: m.admin_queues_state_held,
  hidden: m.admin_queues_state_hidden,
};

const reportsReasonCount = (reason: string, n: number) => (n === 1 ? reason : m.admin_reports_reason_count({ reason, count: formatCount(n) }));

const reportsActions = {
  dismiss: m.admin_action_dismiss,
  hide: m.admin_action_hide,
  delete: m.admin_action_delete,
  suspend: m.admin_action_suspend,
};

const reportsOutcomes = {
  dismiss: m.admin_outcome_dismiss,
  hide: m.admin_outcome_hide,
  delete: m.admin_outcome_delete,
  suspend: m.admin_outcome_suspend,
};

const suspendBody = (name: string, member: boolean) => (member ? m.admin_decision_suspend_body({ name }) : m.admin_decision_suspend_body_author({ name }));

type ReportGroup = RouterOutputs['admin']['reports']['list'][number];
type Decision = { group: ReportGroup; action: ReportAction };

/** Every reason with its label (the type makes the copy name each one). */
const REASON_LABELS: Record<ReportReason, () => string> = {
  harassment: m.admin_reason_harassment,
  spam: m.admin_reason_spam,
  inappropriate: m.admin_reason_inappropriate,
  'self-harm': m.admin_reason_self_harm,
  other: m.admin_reason_other,
};
const ACTION_ICONS: Record<ReportAction, LucideIcon> = { dismiss: CircleCheck, hide: EyeOff, delete: Trash2, suspend: ShieldOff };

/** Members report while the panel is open: the queue loads afresh each time the tab opens. */
const queueOptions = { ...adminListOptions, refetchOnMount: 'always' as const };

/**
 * A decision can change the queue and its badge, the audit log, Community Users (a suspension),
 * the forum and the directory (a delete or hide): every admin list refetches.
 */
const changedLists = () => [trpc.admin.pathFilter()];

/**
 * Only what the server accepts for the item: a deleted item's reports can only be dismissed,
 * a member has nothing to hide or delete, and a listing has no author to suspend.
 */
function actionsFor(group: ReportGroup): ReportAction[] {
  if (!group.item) return ['dismiss'];
  if (group.targetType === 'member') return ['dismiss', 'suspend'];
  return group.item.author ? ['dismiss', 'hide', 'delete', 'suspend'] : ['dismiss', 'hide', 'delete'];
}

/** Reported items, one card each, open first: the reports, and the decision that closes them all. */
export function ReportsTab() {
  const list = useInfiniteQuery({ ...trpc.admin.reports.list.infiniteQueryOptions({ limit: ADMIN_PAGE_SIZE }, adminPagingBy((group: ReportGroup) => group.reportId)), ...queueOptions });
  const waiting = useQuery(waitingQuery());
  const [decision, setDecision] = useState<Decision | null>(null);
  const onError = useAdminErrorHandler();
  const succeed = useAdminSuccess();
  const queryClient = useQueryClient();
  const resolve = useMutation(
    trpc.admin.reports.resolve.mutationOptions({
      onError: (error) => {
        onError(error);
        // Decided by another moderator meanwhile (409) or gone (404): show the queue as it is now.
        for (const filter of changedLists()) void queryClient.invalidateQueries(filter);
      },
      onSuccess: async (result) => {
        setDecision(null);
        const done = result.action === 'suspend' && result.targetType === 'member' ? m.admin_decision_suspend_done_member() : reportsDecisions[result.action].done();
        await succeed(result.message, done, ...changedLists());
      },
    }),
  );
  const groups = list.data?.pages.flat() ?? [];

  return (
    <section>
      <TabHeader title={m.admin_reports_title()} count={waiting.data?.reports ? <Badge variant="secondary">{m.admin_reports_open_count({ count: waiting.data.reports })}</Badge> : null} />
      <p className="-mt-2 mb-5 text-sm text-muted-foreground">{m.admin_reports_explanation()}</p>
      {list.isPending ? (
        <ListSkeleton />
      ) : list.isError ? (
        <ListError onRetry={() => void list.refetch()} />
      ) : groups.length === 0 ? (
        <EmptyState>{m.admin_reports_empty()}</EmptyState>
      ) : (
        <ul className="grid gap-4">
          {groups.map((group) => (
            <li key={`${group.targetType}:${group.targetId}`}>
              <ReportCard group={group} busy={resolve.isPending && resolve.variables?.id === group.reportId} onDecide={(action) => setDecision({ group, action })} />
            </li>
          ))}
        </ul>
      )}
      <LoadMore list={list} />
      <DecisionDialog
        decision={decision}
        pending={resolve.isPending}
        onClose={() => setDecision(null)}
        onSubmit={(input) => resolve.mutate(input)}
      />
    </section>
  );
}

function ReportCard({ group, busy, onDecide }: { group: ReportGroup; busy: boolean; onDecide: (action: ReportAction) => void }) {
  const open = group.openReports > 0;
  const { item } = group;
  const kind = KIND_LABELS[group.targetType]();
  const subject = subjectOf(group.targetType, item);
  // Every number on the card is the server's, counted by the auto-hide's rule.
  const outcome = open ? undefined : group.reports.find((report) => report.status === 'resolved');

  return (
    <Card className="grid gap-4 p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant="outline">{kind}</Badge>
          {open ? <Badge className="bg-destructive/10 text-destructive">{m.admin_reports_open()}</Badge> : <Badge variant="success">{m.admin_reports_resolved()}</Badge>}
          {item?.state === 'hidden' || item?.state === 'held' ? <Badge variant="muted">{queuesStates[item.state]()}</Badge> : null}
        </div>
        <time dateTime={group.latestAt} className="text-sm text-muted-foreground">
          {m.admin_reports_latest({ date: formatDateTime(group.latestAt) })}
        </time>
      </div>

      <div className="grid gap-5 md:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        {item ? (
          <MemberText
            title={item.title}
            heading={headingOf(group.targetType, item.author)}
            text={item.text}
            emptyText={group.targetType === 'member' ? m.admin_queues_no_bio() : undefined}
            context={item.context}
            author={item.author}
            authorLabel={group.targetType === 'member' ? m.admin_queues_member() : undefined}
          />
        ) : (
          <div className="grid content-start gap-2">
            <h3 className="text-lg font-semibold">{kind}</h3>
            <p className="text-sm text-muted-foreground italic">{m.admin_reports_gone()}</p>
          </div>
        )}

        <div className="grid content-start gap-3 md:border-s md:border-border md:ps-5">
          <p className="text-sm font-semibold">{m.admin_reports_summary({ reports: m.admin_reports_count({ count: group.reportCount }), reporters: m.admin_reports_reporters({ count: group.reporters }) })}</p>
          {group.dismissedReporters > 0 ? <p className="-mt-2 text-sm text-muted-foreground">{m.admin_reports_dismissed_before({ reporters: m.admin_reports_reporters({ count: group.dismissedReporters }) })}</p> : null}
          <div className="flex flex-wrap items-center gap-1.5">
            <span className="text-sm text-muted-foreground">{m.admin_reports_reasons_label()}:</span>
            {group.reasons.map(({ reason, count }) => (
              <Badge key={reason} variant="secondary">
                {reportsReasonCount(REASON_LABELS[reason](), count)}
              </Badge>
            ))}
          </div>
          <ul aria-label={m.admin_reports_reports_label()} className="grid gap-2">
            {group.reports.map((report) => (
              <li key={report.id} className="grid gap-1 rounded-xl bg-muted/60 p-3 text-sm">
                <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5">
                  <span>
                    <bdi className="font-semibold">{fullName(report.reporter)}</bdi>
                    <span className="text-muted-foreground"> · {REASON_LABELS[report.reason]()}</span>
                    {open && report.status === 'resolved' ? (
                      <Badge variant="outline" className="ms-2">
                        {m.admin_reports_earlier()}
                      </Badge>
                    ) : null}
                  </span>
                  <time dateTime={report.createdAt} className="text-xs text-muted-foreground">
                    {formatDateTime(report.createdAt)}
                  </time>
                </div>
                {report.details ? (
                  <p dir="auto" className="whitespace-pre-line [overflow-wrap:anywhere] text-foreground/90">
                    {report.details}
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
      </div>

      {open ? (
        <div role="group" aria-label={m.admin_reports_actions_label()} className="flex flex-wrap gap-2 border-t border-border pt-4">
          {actionsFor(group).map((action) => {
            const Icon = ACTION_ICONS[action];
            const label = action === 'hide' && item?.state === 'hidden' ? m.admin_reports_keep_hidden() : action === 'suspend' && group.targetType === 'member' ? m.admin_reports_suspend_member() : reportsActions[action]();
            return (
              <Button
                key={action}
                size="sm"
                variant={action === 'delete' ? 'destructive' : 'outline'}
                aria-label={m.admin_reports_action_named({ action: label, subject })}
                disabled={busy}
                onClick={() => onDecide(action)}
              >
                <Icon aria-hidden="true" />
                {label}
              </Button>
            );
          })}
        </div>
      ) : outcome ? (
        <dl className="grid gap-1 rounded-xl border border-border bg-muted/40 p-3 text-sm">
          <div>
            <dt className="inline text-muted-foreground">{m.admin_reports_outcome_label()}: </dt>
            <dd className="inline font-semibold">{outcome.resolution === 'suspend' && group.targetType === 'member' ? m.admin_reports_member_suspended() : outcome.resolution ? reportsOutcomes[outcome.resolution]() : m.admin_reports_resolved()}</dd>
          </div>
          {outcome.resolutionNote ? (
            <div>
              <dt className="inline text-muted-foreground">{m.admin_reports_note_label()}: </dt>
              <dd className="inline whitespace-pre-line [overflow-wrap:anywhere]">
                <bdi>{outcome.resolutionNote}</bdi>
              </dd>
            </div>
          ) : null}
        </dl>
      ) : null}
    </Card>
  );
}

type ResolveInput = { id: number; action: ReportAction; days?: number; note?: string };

/**
 * The decision, with its optional note (for a suspension, the reason she is shown) and, to
 * suspend, the days. Delete is a confirmation (an alert dialog a stray click doesn't close).
 * Both stay open while the call runs; closing unmounts the form, which resets it.
 */
function DecisionDialog({ decision, pending, onClose, onSubmit }: { decision: Decision | null; pending: boolean; onClose: () => void; onSubmit: (input: ResolveInput) => void }) {
  const onOpenChange = (open: boolean) => !open && !pending && onClose();
  const deleting = decision?.action === 'delete';
  return (
    <>
      <AlertDialog open={deleting} onOpenChange={onOpenChange}>
        {decision && deleting ? (
          <AlertDialogContent className="max-w-xl">
            <DecisionForm decision={decision} pending={pending} onCancel={onClose} onSubmit={onSubmit} alert />
          </AlertDialogContent>
        ) : null}
      </AlertDialog>
      <Dialog open={decision !== null && !deleting} onOpenChange={onOpenChange}>
        {decision && !deleting ? (
          <DialogContent className="max-w-xl">
            <DecisionForm decision={decision} pending={pending} onCancel={onClose} onSubmit={onSubmit} />
          </DialogContent>
        ) : null}
      </Dialog>
    </>
  );
}

function DecisionForm({ decision, pending, onCancel, onSubmit, alert = false }: { decision: Decision; pending: boolean; onCancel: () => void; onSubmit: (input: ResolveInput) => void; alert?: boolean }) {
  const { group, action } = decision;
  const { values, set, errors, setErrors } = useFormValues({ days: '7', note: '' });
  const suspending = action === 'suspend';
  const kind = KIND_LABELS[group.targetType]();
  const author = group.item?.author;
  const member = group.targetType === 'member';
  const texts =
    action === 'delete'
      ? { confirm: m.admin_action_delete(), busy: m.admin_common_deleting(), done: m.admin_decision_delete_done(), title: m.admin_decision_delete_title({ kind: kind.toLowerCase() }), body: (group.targetType === 'forum_post') ? m.admin_decision_delete_body_with_comments({ kind: kind.toLowerCase() }) : m.admin_decision_delete_body({ kind: kind.toLowerCase() }) }
      : action === 'suspend'
        ? { confirm: m.admin_suspension_submit(), busy: m.admin_suspension_submitting(), done: m.admin_decision_suspend_done(), doneMember: m.admin_decision_suspend_done_member(), title: member ? m.admin_decision_suspend_title_member() : m.admin_decision_suspend_title_author(), body: suspendBody(author ? fullName(author) : kind, member) }
        : action === 'hide'
          ? { body: m.admin_decision_hide_body(), confirm: m.admin_action_hide(), busy: m.admin_decision_hide_busy(), done: m.admin_decision_hide_done(), title: m.admin_decision_hide_title({ kind: kind.toLowerCase() }) }
          : {
            title: m.admin_decision_dismiss_title(),
            body: m.admin_decision_dismiss_body(),
            confirm: m.admin_action_dismiss(),
            busy: m.admin_decision_dismiss_busy(),
            done: m.admin_decision_dismiss_done(),
          };
  const [Title, Description, Header] = alert ? [AlertDialogTitle, AlertDialogDescription, AlertDialogHeader] : [DialogTitle, DialogDescription, DialogHeader];

  function submit(event: FormEvent) {
    event.preventDefault();
    // The shared schema's rules and messages (days 1 to 365, a note of at most 500 characters).
    const result = validate(ResolveReportSchema, { id: group.reportId, action, note: values.note, ...(suspending ? { days: values.days } : {}) });
    if (result.errors) return setErrors(result.errors);
    onSubmit({ ...result.data, note: result.data.note || undefined });
  }

  const cancel = alert ? (
    <AlertDialogCancel disabled={pending}>{m.admin_common_cancel()}</AlertDialogCancel>
  ) : (
    <Button variant="outline" onClick={onCancel} disabled={pending}>
      {m.admin_common_cancel()}
    </Button>
  );
  const Footer = alert ? AlertDialogFooter : DialogFooter;

  return (
    <form onSubmit={submit} noValidate>
      <Header>
        <Title>{texts.title}</Title>
        <Description>{texts.body}</Description>
      </Header>
      <div className="grid gap-4">
        {suspending ? (
          <TextField id="decision-days" label={m.admin_suspension_days()} hint={m.admin_suspension_days_hint()} type="number" inputMode="numeric" min={1} max={365} value={values.days} error={errors.days} onChange={(v) => set('days', v)} />
        ) : null}
        <TextAreaField
          id="decision-note"
          label={suspending ? m.admin_reports_reason() : m.admin_reports_note()}
          hint={suspending ? m.admin_reports_reason_hint({ fallback: messages.safety.defaultSuspensionReason }) : m.admin_reports_note_hint()}
          rows={3}
          limit={TEXT_LIMITS.moderatorNote}
          value={values.note}
          error={errors.note}
          onChange={(v) => set('note', v)}
        />
      </div>
      <Footer>
        {cancel}
        <Button type="submit" variant={action === 'delete' || suspending ? 'destructive' : 'default'} disabled={pending}>
          {pending ? texts.busy : texts.confirm}
        </Button>
      </Footer>
    </form>
  );
}
