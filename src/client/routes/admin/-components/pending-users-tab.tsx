import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { Check, MailWarning, X } from 'lucide-react';
import { useState } from 'react';
import { messages } from '#shared/messages';
import { ConfirmDialog } from '#client/components/ui/alert-dialog';
import { Badge } from '#client/components/ui/badge';
import { Button } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import { formatCount } from '#client/lib/formats';
import { m } from '#i18n/messages';
import { trpc } from '#client/trpc';
import { ADMIN_PAGE_SIZE, adminListOptions, adminPaging, formatDate, fullName, TabHeader, useAdminErrorHandler, useAdminSuccess } from './admin-kit';
import { AdminList } from './admin-list';
import { RejectDialog, type Applicant } from './reject-dialog';

export function PendingUsersTab() {
  const list = useInfiniteQuery({ ...trpc.admin.users.pending.infiniteQueryOptions({ limit: ADMIN_PAGE_SIZE }, adminPaging), ...adminListOptions });
  const onError = useAdminErrorHandler();
  const succeed = useAdminSuccess();
  // Approving is one click; not approving first asks for an optional reason. Approving an
  // application whose address nobody confirmed asks again: the address may be someone else's.
  const [rejecting, setRejecting] = useState<Applicant | null>(null);
  const [unconfirmed, setUnconfirmed] = useState<(Applicant & { email: string }) | null>(null);
  const approval = useMutation(
    trpc.admin.users.setApproval.mutationOptions({
      onError,
      onSuccess: (user) => {
        const name = fullName(user);
        setUnconfirmed(null);
        if (user.isApproved) return succeed(messages.admin.userApproved, messages.admin.userApprovedBody(name), trpc.admin.users.pathFilter(), trpc.admin.admins.pathFilter());
        setRejecting(null);
        return succeed(messages.admin.userRejected, messages.admin.userRejectedBody(name), trpc.admin.users.pathFilter());
      },
    }),
  );

  return (
    <section>
      <TabHeader title={m.admin_pending_title()} />
      <AdminList query={list} empty={m.admin_pending_empty()} className="grid gap-4 lg:grid-cols-2">
        {(user) => {
          const name = fullName(user);
          const busy = approval.isPending && approval.variables?.userId === user.id;
          return (
            <Card className="grid h-full gap-3 p-5">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h3 dir="auto" className="text-lg font-semibold">{name}</h3>
                <span className="text-sm text-muted-foreground">{m.admin_pending_applied({ date: formatDate(user.createdAt) })}</span>
              </div>
              {user.emailConfirmed ? null : (
                <p className="flex flex-wrap items-center gap-2 text-sm">
                  <Badge variant="outline">
                    <MailWarning aria-hidden="true" className="size-3.5" />
                    {m.admin_pending_email_unconfirmed()}
                  </Badge>
                  <span className="text-muted-foreground">{m.admin_pending_email_unconfirmed_hint()}</span>
                </p>
              )}
              <p className="text-sm">
                {user.email}
                {/* 'Age 16' stays on one line however the email before it breaks. */}
                {user.age !== null ? (
                  <>
                    {' '}
                    <span className="whitespace-nowrap text-muted-foreground">· {m.admin_common_age({ age: formatCount(user.age) })}</span>
                  </>
                ) : null}
              </p>
              {user.heldWords ? (
                <p className="justify-self-start">
                  <Badge className="bg-amber-100 text-amber-950">{m.admin_pending_held_words()}</Badge>
                </p>
              ) : null}
              <dl className="grid gap-2 text-sm">
                <div>
                  <dt className="font-semibold">{m.admin_pending_interests()}</dt>
                  <dd dir="auto" className="text-muted-foreground">{user.interests || '—'}</dd>
                </div>
                <div>
                  <dt className="font-semibold">{m.admin_pending_reason()}</dt>
                  <dd dir="auto" className="text-muted-foreground">{user.reason || '—'}</dd>
                </div>
              </dl>
              <div className="mt-auto flex flex-wrap gap-2">
                <Button size="sm" aria-label={m.admin_pending_approve_named({ name })} disabled={busy} onClick={() => (user.emailConfirmed ? approval.mutate({ userId: user.id, isApproved: true }) : setUnconfirmed(user))}>
                  <Check aria-hidden="true" />
                  {m.admin_pending_approve()}
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  aria-label={m.admin_pending_reject_named({ name })}
                  disabled={busy}
                  onClick={() => setRejecting(user)}
                >
                  <X aria-hidden="true" />
                  {m.admin_pending_reject()}
                </Button>
              </div>
            </Card>
          );
        }}
      </AdminList>
      {unconfirmed ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setUnconfirmed(null)}
          pending={approval.isPending}
          title={m.admin_pending_approve_unconfirmed_title({ name: fullName(unconfirmed) })}
          description={m.admin_pending_approve_unconfirmed_body({ email: unconfirmed.email })}
          cancel={m.admin_common_cancel()}
        >
          {/* Stays open until the server answers; success closes it. */}
          <Button variant="destructive" disabled={approval.isPending} onClick={() => approval.mutate({ userId: unconfirmed.id, isApproved: true })}>
            {approval.isPending ? m.admin_pending_approving() : m.admin_pending_approve_anyway()}
          </Button>
        </ConfirmDialog>
      ) : null}
      <RejectDialog applicant={rejecting} pending={approval.isPending} onClose={() => setRejecting(null)} onConfirm={(input) => approval.mutate(input)} />
    </section>
  );
}
