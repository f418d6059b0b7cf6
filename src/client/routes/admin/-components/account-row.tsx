import { KeyRound, Pencil, ShieldCheck, ShieldOff, Trash2 } from 'lucide-react';
import { Badge } from '#client/components/ui/badge';
import { Button } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import { formatCount } from '#client/lib/formats';
import { m } from '#i18n/messages';
import { useSession } from '#client/lib/session';
import type { Account } from './account-dialogs';
import { formatDate, fullName } from './admin-kit';

/** One account in the Community Users and Admin Management lists. */
export function AccountRow({
  account,
  dateLabel,
  deleting,
  onEdit,
  onPassword,
  onDelete,
  suspension,
}: {
  account: Account;
  dateLabel: (date: string) => string;
  deleting: boolean;
  onEdit: () => void;
  onPassword: () => void;
  onDelete: () => void;
  /** Community Users only: suspend a member, or lift her suspension. */
  suspension?: { onSuspend: () => void; onLift: () => void; lifting: boolean };
}) {
  const name = fullName(account);
  // The server refuses deleting one's own account here; her own row says so instead of offering it.
  const isSelf = useSession().user?.id === account.id;
  const selfNoteId = `account-${account.id}-self`;
  const suspendedUntil = account.suspendedUntil && new Date(account.suspendedUntil) > new Date() ? account.suspendedUntil : null;
  return (
    <Card className="grid gap-3 p-5 md:grid-cols-[1fr_auto] md:items-start">
      <div className="grid min-w-0 gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <h3 dir="auto" className="text-lg font-semibold">{name}</h3>
          {account.role === 'admin' ? <Badge variant="default">{m.admin_common_badge_admin()}</Badge> : null}
          {account.role === 'moderator' ? <Badge variant="secondary">{m.admin_common_badge_moderator()}</Badge> : null}
          {account.approvalStatus === 'approved' ? (
            <Badge variant="success">{m.admin_common_badge_approved()}</Badge>
          ) : account.approvalStatus === 'pending' ? (
            <Badge variant="muted">{m.admin_common_badge_pending()}</Badge>
          ) : (
            <Badge variant="outline">{m.admin_common_badge_rejected()}</Badge>
          )}
          {suspendedUntil ? <Badge variant="outline" className="border-destructive text-destructive">{m.admin_suspension_badge({ until: formatDate(suspendedUntil) })}</Badge> : null}
        </div>
        <p className="text-sm">
          {account.email}
          {/* 'Age 16' stays on one line however the email before it breaks. */}
          {account.age !== null ? (
            <>
              {' '}
              <span className="whitespace-nowrap text-muted-foreground">· {m.admin_common_age({ age: formatCount(account.age) })}</span>
            </>
          ) : null}
        </p>
        {account.interests ? (
          <p className="text-sm">
            <span className="font-semibold">{m.admin_users_interests()}: </span>
            <bdi className="text-muted-foreground">{account.interests}</bdi>
          </p>
        ) : null}
        {account.bio ? (
          <p className="text-sm">
            <span className="font-semibold">{m.admin_users_bio()}: </span>
            <bdi className="text-muted-foreground">{account.bio}</bdi>
          </p>
        ) : null}
        <p className="text-xs text-muted-foreground">{dateLabel(formatDate(account.createdAt))}</p>
      </div>
      <div className="flex flex-wrap gap-2 md:justify-end">
        <Button size="sm" variant="outline" aria-label={m.admin_common_edit_named({ name })} onClick={onEdit}>
          <Pencil aria-hidden="true" />
          {m.admin_common_edit()}
        </Button>
        <Button size="sm" variant="outline" aria-label={m.admin_common_password_for({ name })} onClick={onPassword}>
          <KeyRound aria-hidden="true" />
          {m.admin_common_change_password()}
        </Button>
        {suspension && account.role === 'member' ? (
          suspendedUntil ? (
            <Button size="sm" variant="outline" aria-label={m.admin_suspension_lift_named({ name })} disabled={suspension.lifting} onClick={suspension.onLift}>
              <ShieldCheck aria-hidden="true" />
              {m.admin_suspension_lift()}
            </Button>
          ) : (
            <Button size="sm" variant="outline" aria-label={m.admin_suspension_suspend_named({ name })} onClick={suspension.onSuspend}>
              <ShieldOff aria-hidden="true" />
              {m.admin_suspension_suspend()}
            </Button>
          )
        ) : null}
        <Button
          size="sm"
          variant="destructive"
          aria-label={m.admin_common_delete_named({ name })}
          aria-describedby={isSelf ? selfNoteId : undefined}
          disabled={deleting || isSelf}
          onClick={onDelete}
        >
          <Trash2 aria-hidden="true" />
          {deleting ? m.admin_common_deleting() : m.admin_common_delete()}
        </Button>
        {isSelf ? (
          // A row of its own below the buttons, no wider than they are.
          <p className="basis-full">
            <span id={selfNoteId} className="block text-xs text-muted-foreground md:ms-auto md:max-w-72 md:text-end">
              {m.admin_common_own_account()}
            </span>
          </p>
        ) : null}
      </div>
    </Card>
  );
}
