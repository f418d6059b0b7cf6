import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { messages } from '../../../../shared/messages';
import { Button } from '../../../components/ui/button';
import { adminPanelCopy } from '../../../copy/admin';
import { trpc } from '../../../trpc';
import { AccountDialogs, type AccountDialogState } from './account-dialogs';
import { AccountRow } from './account-row';
import { ADMIN_PAGE_SIZE, adminListOptions, adminPaging, LoadMore, EmptyState, ListError, ListSkeleton, TabHeader, useAdminErrorHandler, useAdminSuccess } from './admin-kit';

const t = adminPanelCopy;

export function AdminsTab() {
  const list = useInfiniteQuery({ ...trpc.admin.admins.list.infiniteQueryOptions({ limit: ADMIN_PAGE_SIZE }, adminPaging), ...adminListOptions });
  const items = list.data?.pages.flat() ?? [];
  const [dialog, setDialog] = useState<AccountDialogState>(null);
  const onError = useAdminErrorHandler();
  const succeed = useAdminSuccess();
  // SPEC.md: admin delete has no confirmation; the server still refuses self-deletion and the last admin.
  const remove = useMutation(
    trpc.admin.admins.delete.mutationOptions({
      onError,
      onSuccess: () => succeed(messages.admin.adminDeleted, undefined, trpc.admin.admins.pathFilter(), trpc.admin.users.pathFilter()),
    }),
  );

  return (
    <section>
      <TabHeader
        title={t.admins.title}
        action={
          <Button onClick={() => setDialog({ kind: 'addAdmin' })}>
            <UserPlus aria-hidden="true" />
            {t.admins.add}
          </Button>
        }
      />
      {list.isPending ? (
        <ListSkeleton />
      ) : list.isError ? (
        <ListError onRetry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState>{t.admins.empty}</EmptyState>
      ) : (
        <ul className="grid gap-3">
          {items.map((admin) => (
            <li key={admin.id}>
              <AccountRow
                account={admin}
                dateLabel={t.common.created}
                deleting={remove.isPending && remove.variables?.id === admin.id}
                onEdit={() => setDialog({ kind: 'editAdmin', account: admin })}
                onPassword={() => setDialog({ kind: 'password', account: admin, asAdmin: true })}
                onDelete={() => remove.mutate({ id: admin.id })}
              />
            </li>
          ))}
        </ul>
      )}
      <LoadMore list={list} />
      <AccountDialogs state={dialog} onClose={() => setDialog(null)} />
    </section>
  );
}
