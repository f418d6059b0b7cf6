import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { useState } from 'react';
import { messages } from '#shared/messages';
import { Badge } from '#client/components/ui/badge';
import { Input } from '#client/components/ui/input';
import { Label } from '#client/components/ui/label';
import { m } from '#i18n/messages';
import { useDebounced } from '#client/lib/use-debounced';
import { trpc } from '#client/trpc';
import { AccountDialogs, type Account, type AccountDialogState } from './account-dialogs';
import { AccountRow } from './account-row';
import { ADMIN_PAGE_SIZE, adminListOptions, adminPaging, fullName, TabHeader, useAdminCallbacks } from './admin-kit';
import { AdminList, ConfirmItemDelete, isPendingFor, useDeleteTarget } from './admin-list';

export function UsersTab() {
  const [search, setSearch] = useState('');
  const query = useDebounced(search.trim(), 250);
  const list = useInfiniteQuery({ ...trpc.admin.users.list.infiniteQueryOptions({ search: query || undefined, limit: ADMIN_PAGE_SIZE }, adminPaging), ...adminListOptions, placeholderData: (previous) => previous });
  const count = useQuery({ ...trpc.admin.users.count.queryOptions({ search: query || undefined }), ...adminListOptions, placeholderData: (previous) => previous });
  const [dialog, setDialog] = useState<AccountDialogState>(null);
  const toDelete = useDeleteTarget<Account>();
  const deleted = useAdminCallbacks(messages.admin.userDeleted, trpc.admin.users.pathFilter(), trpc.admin.admins.pathFilter());
  const remove = useMutation(trpc.admin.users.delete.mutationOptions({ ...deleted, onSettled: toDelete.close }));
  const lift = useMutation(trpc.admin.users.unsuspend.mutationOptions(useAdminCallbacks(messages.moderation.suspensionLifted, trpc.admin.users.pathFilter(), trpc.admin.audit.pathFilter())));

  return (
    <section>
      <TabHeader title={m.admin_users_title()} count={count.data ? <Badge variant="secondary">{m.admin_users_count({ count: count.data.total })}</Badge> : null} />
      <div className="relative mb-5 max-w-md">
        <Label htmlFor="user-search" className="sr-only">
          {m.admin_users_search_label()}
        </Label>
        <Search className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
        <Input id="user-search" type="search" className="ps-9" placeholder={m.admin_users_search_placeholder()} value={search} onChange={(e) => setSearch(e.target.value)} />
      </div>
      <AdminList query={list} empty={query ? m.admin_users_empty_search() : m.admin_users_empty()} className="grid gap-3">
        {(user) => (
          <AccountRow
            account={user}
            dateLabel={(date: string) => m.admin_common_joined({ date })}
            deleting={isPendingFor(remove, user.id)}
            onEdit={() => setDialog({ kind: 'editUser', account: user })}
            onPassword={() => setDialog({ kind: 'password', account: user, asAdmin: false })}
            onDelete={() => toDelete.ask(user)}
            suspension={{ onSuspend: () => setDialog({ kind: 'suspend', account: user }), onLift: () => lift.mutate({ id: user.id }), lifting: isPendingFor(lift, user.id) }}
          />
        )}
      </AdminList>
      <AccountDialogs state={dialog} onClose={() => setDialog(null)} />
      <ConfirmItemDelete of={toDelete} remove={remove} title={m.admin_users_delete_title()} describe={(user) => m.admin_users_delete_body({ name: fullName(user) })} confirmLabel={m.admin_users_delete_button()} />
    </section>
  );
}
