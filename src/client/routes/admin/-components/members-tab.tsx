import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { Search, ShieldCheck, ShieldOff } from 'lucide-react';
import { useState } from 'react';
import { messages } from '#shared/messages';
import { Badge } from '#client/components/ui/badge';
import { Button } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import { Input } from '#client/components/ui/input';
import { Label } from '#client/components/ui/label';
import { formatCount } from '#client/lib/formats';
import { useDebounced } from '#client/lib/use-debounced';
import { m } from '#i18n/messages';
import { trpc, type RouterOutputs } from '#client/trpc';
import { AccountDialogs, type AccountDialogState } from './account-dialogs';
import { ADMIN_PAGE_SIZE, adminListOptions, adminPaging, formatDate, fullName, TabHeader, useAdminCallbacks } from './admin-kit';
import { AdminList, isPendingFor } from './admin-list';

type Member = RouterOutputs['admin']['members']['list'][number];

/**
 * Members as a moderator may see them (display name, join date, counts), to suspend one or
 * lift her suspension. Admins, who may read accounts in full, have Community Users instead.
 */
export function MembersTab() {
  const [search, setSearch] = useState('');
  const query = useDebounced(search.trim(), 250);
  const list = useInfiniteQuery({ ...trpc.admin.members.list.infiniteQueryOptions({ search: query || undefined, limit: ADMIN_PAGE_SIZE }, adminPaging), ...adminListOptions, placeholderData: (previous) => previous });
  const [dialog, setDialog] = useState<AccountDialogState>(null);
  const lift = useMutation(trpc.admin.users.unsuspend.mutationOptions(useAdminCallbacks(messages.moderation.suspensionLifted, trpc.admin.members.pathFilter(), trpc.admin.audit.pathFilter())));

  return (
    <section>
      <TabHeader title={m.admin_tab_members()} />
      <p className="-mt-2 mb-5 text-sm text-muted-foreground">{m.admin_members_explanation()}</p>
      <div className="relative mb-5 max-w-md">
        <Label htmlFor="member-search" className="sr-only">
          {m.admin_members_search_label()}
        </Label>
        <Search className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
        <Input id="member-search" type="search" className="ps-9" placeholder={m.admin_members_search_placeholder()} value={search} onChange={(e) => setSearch(e.target.value)} />
      </div>
      <AdminList query={list} empty={m.admin_members_empty()} className="grid gap-3">
        {(member) => <MemberRow member={member} lifting={isPendingFor(lift, member.id)} onSuspend={() => setDialog({ kind: 'suspend', account: member })} onLift={() => lift.mutate({ id: member.id })} />}
      </AdminList>
      <AccountDialogs state={dialog} onClose={() => setDialog(null)} />
    </section>
  );
}

function MemberRow({ member, lifting, onSuspend, onLift }: { member: Member; lifting: boolean; onSuspend: () => void; onLift: () => void }) {
  const name = fullName(member);
  const suspendedUntil = member.suspendedUntil && new Date(member.suspendedUntil) > new Date() ? member.suspendedUntil : null;
  return (
    <Card className="grid gap-3 p-5 md:grid-cols-[1fr_auto] md:items-start">
      <div className="grid min-w-0 gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <h3 dir="auto" className="text-lg font-semibold">{name}</h3>
          {suspendedUntil ? <Badge variant="outline" className="border-destructive text-destructive">{m.admin_suspension_badge({ until: formatDate(suspendedUntil) })}</Badge> : null}
        </div>
        <p className="text-sm text-muted-foreground">{m.admin_members_counts({ posts: formatCount(member.posts), comments: formatCount(member.comments) })}</p>
        <p className="text-xs text-muted-foreground">{m.admin_common_joined({ date: formatDate(member.createdAt) })}</p>
      </div>
      <div className="flex flex-wrap gap-2 md:justify-end">
        {suspendedUntil ? (
          <Button size="sm" variant="outline" aria-label={m.admin_suspension_lift_named({ name })} disabled={lifting} onClick={onLift}>
            <ShieldCheck aria-hidden="true" />
            {m.admin_suspension_lift()}
          </Button>
        ) : (
          <Button size="sm" variant="outline" aria-label={m.admin_suspension_suspend_named({ name })} onClick={onSuspend}>
            <ShieldOff aria-hidden="true" />
            {m.admin_suspension_suspend()}
          </Button>
        )}
      </div>
    </Card>
  );
}
