import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { messages } from '#shared/messages';
import { m } from '#i18n/messages';
import { trpc } from '#client/trpc';
import { AccountDialogs, type AccountDialogState } from './account-dialogs';
import { AccountRow } from './account-row';
import { AddButton, ADMIN_PAGE_SIZE, adminListOptions, adminPaging, TabHeader, useAdminCallbacks } from './admin-kit';
import { AdminList, isPendingFor } from './admin-list';

export function AdminsTab() {
  const list = useInfiniteQuery({ ...trpc.admin.admins.list.infiniteQueryOptions({ limit: ADMIN_PAGE_SIZE }, adminPaging), ...adminListOptions });
  const [dialog, setDialog] = useState<AccountDialogState>(null);
  const deleted = useAdminCallbacks(messages.admin.adminDeleted, trpc.admin.admins.pathFilter(), trpc.admin.users.pathFilter());
  // Admin delete has no confirmation; the server still refuses self-deletion and the last admin.
  const remove = useMutation(trpc.admin.admins.delete.mutationOptions(deleted));

  return (
    <section>
      <TabHeader
        title={m.admin_admins_title()}
        action={<AddButton icon={UserPlus} label={m.admin_admins_add()} onClick={() => setDialog({ kind: 'addAdmin' })} />}
      />
      <AdminList query={list} empty={m.admin_admins_empty()} className="grid gap-3">
        {(admin) => (
          <AccountRow
            account={admin}
            dateLabel={(date: string) => m.admin_common_created({ date })}
            deleting={isPendingFor(remove, admin.id)}
            onEdit={() => setDialog({ kind: 'editAdmin', account: admin })}
            onPassword={() => setDialog({ kind: 'password', account: admin, asAdmin: true })}
            onDelete={() => remove.mutate({ id: admin.id })}
          />
        )}
      </AdminList>
      <AccountDialogs state={dialog} onClose={() => setDialog(null)} />
    </section>
  );
}
