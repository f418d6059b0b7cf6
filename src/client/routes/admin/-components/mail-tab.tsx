import { useInfiniteQuery } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import type { MailStatus } from '#shared/mail';
import { Badge } from '#client/components/ui/badge';
import { Button } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import { adminPanelCopy } from '#client/copy/admin';
import { formatCount } from '#client/lib/formats';
import { cn } from '#client/lib/utils';
import { trpc, type RouterOutputs } from '#client/trpc';
import { ADMIN_PAGE_SIZE, adminListOptions, adminPaging, formatDateTime, TabHeader } from './admin-kit';
import { AdminList } from './admin-list';

const t = adminPanelCopy.mail;

type Mail = RouterOutputs['admin']['mail']['list'][number];

/** Every status with its label and look (the type makes the copy name each one). */
const STATUS_LABELS: Record<MailStatus, string> = t.statuses;
const STATUS_CLASSES: Record<MailStatus, string> = {
  queued: 'bg-muted text-muted-foreground',
  sending: 'bg-secondary text-secondary-foreground',
  sent: 'bg-emerald-100 text-emerald-900',
  failed: 'bg-destructive/10 text-destructive',
};

const KIND_LABELS: Record<string, string> = t.kinds;
/** A kind the copy doesn't know yet (a newer server) is shown as the server names it. */
const kindLabel = (kind: string) => (Object.hasOwn(KIND_LABELS, kind) ? KIND_LABELS[kind]! : kind);

/** The worker changes statuses while the panel is open: the list reloads when the tab opens, and on Refresh. */
const mailListOptions = { ...adminListOptions, refetchOnMount: 'always' as const };

/** The outbox, read-only: who each mail went to, what it was and where it stands; never its body. */
export function MailTab() {
  const list = useInfiniteQuery({ ...trpc.admin.mail.list.infiniteQueryOptions({ limit: ADMIN_PAGE_SIZE }, adminPaging), ...mailListOptions });
  return (
    <section>
      <TabHeader
        title={t.title}
        action={
          <Button variant="outline" size="sm" disabled={list.isFetching} onClick={() => void list.refetch()}>
            <RefreshCw aria-hidden="true" className={cn(list.isFetching && 'motion-safe:animate-spin')} />
            {t.refresh}
          </Button>
        }
      />
      <p className="-mt-2 mb-5 text-sm text-muted-foreground">{t.explanation}</p>
      <AdminList query={list} empty={t.empty} className="grid gap-3">
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
        <Badge className={STATUS_CLASSES[mail.status]}>{STATUS_LABELS[mail.status]}</Badge>
      </div>
      {/* Wide: who and what on the left, the times in aligned columns. Narrow: one per line, kind and attempts side by side. */}
      <dl className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-5 gap-y-1 text-sm lg:grid-cols-[minmax(0,1fr)_15rem_15rem]">
        <Detail label={t.to} className="col-span-2 lg:col-span-1">
          <span dir="ltr" className="break-all">{mail.recipient}</span>
        </Detail>
        <Detail label={t.created} className="col-span-2 lg:col-span-1">
          <time dateTime={mail.createdAt} className="whitespace-nowrap">
            {formatDateTime(mail.createdAt)}
          </time>
        </Detail>
        <Detail label={t.sent} className="col-span-2 lg:col-span-1">
          {mail.sentAt ? (
            <time dateTime={mail.sentAt} className="whitespace-nowrap">
              {formatDateTime(mail.sentAt)}
            </time>
          ) : (
            <span className="text-muted-foreground">{t.notSent}</span>
          )}
        </Detail>
        <Detail label={t.kind}>{kindLabel(mail.kind)}</Detail>
        <Detail label={t.attempts}>
          <span className="tabular-nums">{formatCount(mail.attempts)}</span>
        </Detail>
      </dl>
      {mail.lastError && mail.status !== 'sent' ? (
        <p className="text-xs [overflow-wrap:anywhere] text-destructive">
          {mail.status === 'failed' ? t.error : t.retrying}: {mail.lastError}
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
