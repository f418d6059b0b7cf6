import { useInfiniteQuery } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import type { MailStatus } from '#shared/mail';
import { Badge } from '#client/components/ui/badge';
import { Button } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import { m } from '#i18n/messages';
import { formatCount } from '#client/lib/formats';
import { cn } from '#client/lib/utils';
import { trpc, type RouterOutputs } from '#client/trpc';
import { ADMIN_PAGE_SIZE, adminListOptions, adminPaging, formatDateTime, TabHeader } from './admin-kit';
import { AdminList } from './admin-list';

type Mail = RouterOutputs['admin']['mail']['list'][number];

/** Every status with its label and look (the type makes the copy name each one). */
const STATUS_LABELS: Record<MailStatus, () => string> = {
  queued: m.admin_mail_status_queued,
  sending: m.admin_mail_status_sending,
  sent: m.admin_mail_status_sent,
  failed: m.admin_mail_status_failed,
};
const STATUS_CLASSES: Record<MailStatus, string> = {
  queued: 'bg-muted text-muted-foreground',
  sending: 'bg-secondary text-secondary-foreground',
  sent: 'bg-emerald-100 text-emerald-900',
  failed: 'bg-destructive/10 text-destructive',
};

const KIND_LABELS: Record<string, () => string> = {
  application_received: m.admin_mail_kind_application_received,
  application_approved: m.admin_mail_kind_application_approved,
  application_rejected: m.admin_mail_kind_application_rejected,
  application_known_email: m.admin_mail_kind_application_known_email,
  password_reset: m.admin_mail_kind_password_reset,
  email_change: m.admin_mail_kind_email_change,
  // Jobs: the worker looks the address up, then mails (or not); one that failed stays listed.
  password_reset_request: m.admin_mail_kind_password_reset_request,
  email_change_request: m.admin_mail_kind_email_change_request,
  email_changed: m.admin_mail_kind_email_changed,
  email_taken: m.admin_mail_kind_email_taken,
  rsvp_confirmed: m.admin_mail_kind_rsvp_confirmed,
  waitlist_promoted: m.admin_mail_kind_waitlist_promoted,
  event_reminder: m.admin_mail_kind_event_reminder,
  newsletter_confirm: m.admin_mail_kind_newsletter_confirm,
  newsletter_issue: m.admin_mail_kind_newsletter_issue,
  newsletter_test: m.admin_mail_kind_newsletter_test,
};
/** A kind the copy doesn't know yet (a newer server) is shown as the server names it. */
const kindLabel = (kind: string) => (Object.hasOwn(KIND_LABELS, kind) ? KIND_LABELS[kind]!() : kind);

/** The worker changes statuses while the panel is open: the list reloads when the tab opens, and on Refresh. */
const mailListOptions = { ...adminListOptions, refetchOnMount: 'always' as const };

/** The outbox, read-only: who each mail went to, what it was and where it stands; never its body. */
export function MailTab() {
  const list = useInfiniteQuery({ ...trpc.admin.mail.list.infiniteQueryOptions({ limit: ADMIN_PAGE_SIZE }, adminPaging), ...mailListOptions });
  return (
    <section>
      <TabHeader
        title={m.admin_mail_title()}
        action={
          <Button variant="outline" size="sm" disabled={list.isFetching} onClick={() => void list.refetch()}>
            <RefreshCw aria-hidden="true" className={cn(list.isFetching && 'motion-safe:animate-spin')} />
            {m.admin_mail_refresh()}
          </Button>
        }
      />
      <p className="-mt-2 mb-5 text-sm text-muted-foreground">{m.admin_mail_explanation()}</p>
      <AdminList query={list} empty={m.admin_mail_empty()} className="grid gap-3">
        {(mail) => <MailRow mail={mail} />}
      </AdminList>
    </section>
  );
}

function MailRow({ mail }: { mail: Mail }) {
  return (
    <Card className="grid gap-2 p-4">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
        <h3 dir="auto" className="min-w-0 font-semibold [overflow-wrap:anywhere]">{mail.subject}</h3>
        <Badge className={STATUS_CLASSES[mail.status]}>{STATUS_LABELS[mail.status]()}</Badge>
      </div>
      {/* Wide: who and what on the left, the times in aligned columns. Narrow: one per line, kind and attempts side by side. */}
      <dl className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-5 gap-y-1 text-sm lg:grid-cols-[minmax(0,1fr)_15rem_15rem]">
        <Detail label={m.admin_mail_to()} className="col-span-2 lg:col-span-1">
          <span dir="ltr" className="break-all">{mail.recipient}</span>
        </Detail>
        <Detail label={m.admin_mail_created()} className="col-span-2 lg:col-span-1">
          <time dateTime={mail.createdAt} className="whitespace-nowrap">
            {formatDateTime(mail.createdAt)}
          </time>
        </Detail>
        <Detail label={m.admin_mail_sent()} className="col-span-2 lg:col-span-1">
          {mail.sentAt ? (
            <time dateTime={mail.sentAt} className="whitespace-nowrap">
              {formatDateTime(mail.sentAt)}
            </time>
          ) : (
            <span className="text-muted-foreground">{m.admin_mail_not_sent()}</span>
          )}
        </Detail>
        <Detail label={m.admin_mail_kind()}>{kindLabel(mail.kind)}</Detail>
        <Detail label={m.admin_mail_attempts()}>
          <span className="tabular-nums">{formatCount(mail.attempts)}</span>
        </Detail>
      </dl>
      {mail.lastError && mail.status !== 'sent' ? (
        <p className="text-xs [overflow-wrap:anywhere] text-destructive">
          {mail.status === 'failed' ? m.admin_mail_error() : m.admin_mail_retrying()}: {mail.lastError}
        </p>
      ) : null}
    </Card>
  );
}

/** A label and its value in one run of text, so a long address wraps under its label on a phone. */
function Detail({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div className={cn('min-w-0', className)}>
      <dt className="inline text-muted-foreground">{label}: </dt>
      <dd className="inline">{children}</dd>
    </div>
  );
}
