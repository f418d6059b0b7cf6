import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { FlaskConical, PenLine, Send } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '#client/components/ui/alert-dialog';
import { Badge } from '#client/components/ui/badge';
import { Button } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import { Dialog, DialogContent } from '#client/components/ui/dialog';
import { formatCount } from '#client/lib/formats';
import { m } from '#i18n/messages';
import { trpc, type RouterOutputs } from '#client/trpc';
import { AddButton, ADMIN_PAGE_SIZE, adminListOptions, adminPaging, formatDateTime, TabHeader, useAdminErrorHandler, useAdminSuccess } from './admin-kit';
import { AdminList, isPendingFor } from './admin-list';
import { NewsletterIssueForm, useReach } from './newsletter-issue-form';

const newsletterIssuesFrequencies = {
  weekly: m.admin_frequency_weekly,
  biweekly: m.admin_frequency_biweekly,
  monthly: m.admin_frequency_monthly,
};

type Issue = RouterOutputs['admin']['newsletter']['issues']['list'][number];

/** While an issue's mails wait in the outbox, its counts are asked again this often. */
const QUEUED_REFRESH_MS = 3_000;

/** Issues: the 'Write an issue' dialog, and the list with each issue's test, send and delivery counts. */
export function NewsletterIssues() {
  const list = useInfiniteQuery({
    ...trpc.admin.newsletter.issues.list.infiniteQueryOptions({ limit: ADMIN_PAGE_SIZE }, adminPaging),
    ...adminListOptions,
    refetchInterval: (query) => (query.state.data?.pages.some((page) => page.some((issue) => issue.queued > 0)) ? QUEUED_REFRESH_MS : false),
  });
  const [writing, setWriting] = useState(false);
  const [sending, setSending] = useState<Issue | null>(null);
  const onError = useAdminErrorHandler();
  const succeed = useAdminSuccess();
  const issuesFilter = trpc.admin.newsletter.issues.pathFilter();

  const test = useMutation(trpc.admin.newsletter.issues.test.mutationOptions({ onError, onSuccess: (answer) => succeed(m.admin_issues_test_sent(), answer.message, trpc.admin.mail.pathFilter()) }));
  const send = useMutation(
    trpc.admin.newsletter.issues.send.mutationOptions({
      onError,
      onSuccess: (answer) => succeed(m.admin_issues_issue_sent(), answer.message, issuesFilter, trpc.admin.mail.pathFilter()),
      // The confirmation stays open ('Sending...') until the call is done.
      onSettled: () => setSending(null),
    }),
  );

  return (
    <section>
      <TabHeader title={m.admin_issues_title()} action={<AddButton icon={PenLine} label={m.admin_issues_write()} onClick={() => setWriting(true)} />} />
      <p className="-mt-2 mb-5 text-sm text-muted-foreground">{m.admin_issues_explanation()}</p>
      <AdminList query={list} empty={m.admin_issues_empty()} className="grid gap-3">
        {(issue) => (
          <IssueRow issue={issue}>
            {issue.sentAt ? null : (
              <>
                <Button size="sm" variant="outline" aria-label={m.admin_issues_test_named({ subject: issue.subject })} disabled={isPendingFor(test, issue.id)} onClick={() => test.mutate({ id: issue.id })}>
                  <FlaskConical aria-hidden="true" />
                  {isPendingFor(test, issue.id) ? m.admin_issues_testing() : m.admin_issues_test()}
                </Button>
                <Button size="sm" aria-label={m.admin_issues_send_named({ subject: issue.subject })} onClick={() => setSending(issue)}>
                  <Send aria-hidden="true" className="rtl:-scale-x-100" />
                  {m.admin_issues_send()}
                </Button>
              </>
            )}
          </IssueRow>
        )}
      </AdminList>
      <Dialog open={writing} onOpenChange={setWriting}>
        {writing ? (
          <DialogContent className="max-w-5xl">
            <NewsletterIssueForm onDone={() => setWriting(false)} />
          </DialogContent>
        ) : null}
      </Dialog>
      <ConfirmSend issue={sending} pending={send.isPending} onClose={() => setSending(null)} onConfirm={(id) => send.mutate({ id })} />
    </section>
  );
}

function IssueRow({ issue, children }: { issue: Issue; children: ReactNode }) {
  return (
    <Card className="grid gap-3 p-4 sm:p-5">
      <div className="flex items-start justify-between gap-4">
        <h3 dir="auto" className="min-w-0 text-lg font-semibold leading-snug [overflow-wrap:anywhere]">
          {issue.subject}
        </h3>
        <Badge variant={issue.sentAt ? 'success' : 'muted'} className="mt-0.5 shrink-0">
          {issue.sentAt ? m.admin_issues_sent_badge() : m.admin_issues_draft()}
        </Badge>
      </div>
      <dl className="flex flex-wrap gap-x-5 gap-y-1 text-sm">
        <Detail label={m.admin_issues_frequency()}>{newsletterIssuesFrequencies[issue.frequency]()}</Detail>
        <Detail label={m.admin_issues_created()}>
          <time dateTime={issue.createdAt}>{formatDateTime(issue.createdAt)}</time>
        </Detail>
        {issue.sentAt ? (
          <Detail label={m.admin_issues_sent_at()}>
            <time dateTime={issue.sentAt}>{formatDateTime(issue.sentAt)}</time>
          </Detail>
        ) : null}
      </dl>
      {issue.sentAt ? (
        <ul aria-label={m.admin_issues_counts()} className="flex flex-wrap gap-2 text-sm">
          <Count className="bg-muted text-muted-foreground">{m.admin_issues_queued({ count: formatCount(issue.queued) })}</Count>
          <Count className="bg-emerald-100 text-emerald-900">{m.admin_issues_sent({ count: formatCount(issue.sent) })}</Count>
          <Count className={issue.failed > 0 ? 'bg-destructive/10 text-destructive' : 'bg-muted text-muted-foreground'}>{m.admin_issues_failed({ count: formatCount(issue.failed) })}</Count>
        </ul>
      ) : null}
      {children ? <div className="flex flex-wrap gap-2">{children}</div> : null}
    </Card>
  );
}

function Count({ className, children }: { className: string; children: string }) {
  return <li className={`rounded-full px-3 py-1 font-medium tabular-nums ${className}`}>{children}</li>;
}

/** A label and its value in one run of text, as in the Mail tab. */
function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="inline text-muted-foreground">{label}: </dt>
      <dd className="inline">{children}</dd>
    </div>
  );
}

/** Sending goes to every confirmed subscriber of the issue's frequency, once: the dialog names how many. */
function ConfirmSend({ issue, pending, onClose, onConfirm }: { issue: Issue | null; pending: boolean; onClose: () => void; onConfirm: (id: number) => void }) {
  return issue ? <ConfirmSendDialog issue={issue} pending={pending} onClose={onClose} onConfirm={onConfirm} /> : null;
}

function ConfirmSendDialog({ issue, pending, onClose, onConfirm }: { issue: Issue; pending: boolean; onClose: () => void; onConfirm: (id: number) => void }) {
  const { reachOf } = useReach();
  const reach = reachOf(issue.frequency);
  const frequency = newsletterIssuesFrequencies[issue.frequency]();
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      pending={pending}
      title={m.admin_issues_send_title({ subject: issue.subject })}
      titleProps={{ className: '[overflow-wrap:anywhere]' }}
      description={reach === undefined ? '\u00a0' : reach === 0 ? m.admin_issues_send_nobody({ frequency: frequency.toLowerCase() }) : m.admin_issues_send_body({ count: reach, frequency: frequency.toLowerCase() })}
      cancel={m.admin_common_cancel()}
    >
      {/* Sending to nobody would still use the issue up: it can go out only once. */}
      <Button disabled={pending || !reach} onClick={() => onConfirm(issue.id)}>
        <Send aria-hidden="true" className="rtl:-scale-x-100" />
        {pending ? m.admin_issues_sending() : reach ? m.admin_issues_send_confirm({ count: reach }) : m.admin_issues_send()}
      </Button>
    </ConfirmDialog>
  );
}
