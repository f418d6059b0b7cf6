import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { getLocale } from '#i18n/runtime';
import { intlLocaleOf } from '#shared/i18n/locale';
import { Card } from '#client/components/ui/card';
import { Label } from '#client/components/ui/label';
import { NativeSelect } from '#client/components/ui/native-select';
import { m } from '#i18n/messages';
import { trpc, type RouterOutputs } from '#client/trpc';
import { ADMIN_PAGE_SIZE, adminListOptions, adminPaging, formatDateTime, fullName, TabHeader } from './admin-kit';
import { AdminList } from './admin-list';
import { ROLE_LABELS } from '#client/lib/labels';
import { useSession } from '#client/lib/session';
import { readableAction, summaryText } from './audit-words';

type AuditEntry = RouterOutputs['admin']['audit']['list'][number];

/** Every admin change elsewhere adds entries: the log reloads each time the tab opens. */
const auditListOptions = { ...adminListOptions, refetchOnMount: 'always' as const };

/** The audit log, read-only: who changed what and when, newest first, filtered by admin or action. */
export function AuditTab() {
  const [adminId, setAdminId] = useState('');
  const [action, setAction] = useState('');
  const filtered = Boolean(adminId || action);
  const list = useInfiniteQuery({
    ...trpc.admin.audit.list.infiniteQueryOptions({ limit: ADMIN_PAGE_SIZE, adminId: adminId ? Number(adminId) : undefined, action: action || undefined }, adminPaging),
    ...auditListOptions,
    placeholderData: (previous) => previous,
  });
  // The action choices: those in the unfiltered log loaded so far (the same query as the list without filters).
  const everything = useInfiniteQuery({ ...trpc.admin.audit.list.infiniteQueryOptions({ limit: ADMIN_PAGE_SIZE }, adminPaging), ...auditListOptions });
  // Admins choose among all staff; a moderator, who may not list them, among those in the log she reads.
  const listsStaff = useSession().user?.permissions.includes('manage:roles') ?? false;
  const admins = useInfiniteQuery({ ...trpc.admin.admins.list.infiniteQueryOptions({ limit: ADMIN_PAGE_SIZE }, adminPaging), ...adminListOptions, enabled: listsStaff });
  const staff = listsStaff
    ? (admins.data?.pages.flat().map((admin) => ({ id: admin.id, name: fullName(admin) })) ?? [])
    : [...new Map((everything.data?.pages.flat() ?? []).flatMap((entry) => (entry.adminId === null ? [] : [[entry.adminId, entry.adminName] as const]))).entries()].map(([id, name]) => ({ id, name }));

  const actions = [...new Set([...(everything.data?.pages.flat().map((entry) => entry.action) ?? []), ...(action ? [action] : [])])]
    .map((path) => ({ path, label: readableAction(path) }))
    .sort((a, b) => a.label.localeCompare(b.label, intlLocaleOf(getLocale())));

  return (
    <section>
      <TabHeader title={m.admin_audit_title()} />
      <p className="-mt-2 mb-5 text-sm text-muted-foreground">{m.admin_audit_explanation()}</p>
      <div role="search" aria-label={m.admin_audit_filters_label()} className="mb-5 grid gap-3 sm:grid-cols-2 lg:max-w-3xl">
        <div className="grid gap-1.5">
          <Label htmlFor="audit-admin">{m.admin_audit_admin()}</Label>
          <NativeSelect id="audit-admin" value={adminId} onChange={(e) => setAdminId(e.target.value)}>
            <option value="">{m.admin_audit_all_admins()}</option>
            {staff.map((person) => (
              <option key={person.id} value={String(person.id)}>
                {person.name}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="audit-action">{m.admin_audit_action()}</Label>
          <NativeSelect id="audit-action" value={action} onChange={(e) => setAction(e.target.value)}>
            <option value="">{m.admin_audit_all_actions()}</option>
            {actions.map(({ path, label }) => (
              <option key={path} value={path}>
                {label}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      <AdminList query={list} empty={filtered ? m.admin_audit_empty_filtered() : m.admin_audit_empty()} className="grid gap-3">
        {(entry) => <AuditRow entry={entry} />}
      </AdminList>
    </section>
  );
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  const summary = summaryText(entry);
  return (
    <Card className="grid gap-1 p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h3 className="min-w-0 font-semibold [overflow-wrap:anywhere]" title={entry.action}>
          {readableAction(entry.action)}
        </h3>
        <time dateTime={entry.createdAt} className="text-sm whitespace-nowrap text-muted-foreground">
          {formatDateTime(entry.createdAt)}
        </time>
      </div>
      <p className="text-sm text-muted-foreground">
        {m.admin_audit_by({ name: entry.adminName })}
        {` · ${ROLE_LABELS[entry.adminRole]()} `}
        {/* The item's number, to find it in its tab; written left to right in either language. */}
        {entry.targetId !== null ? (
          <span dir="ltr" className="ms-2 tabular-nums">
            {`#${entry.targetId}`}
          </span>
        ) : null}
      </p>
      {summary ? (
        <p dir="auto" className="text-sm [overflow-wrap:anywhere] text-foreground/90">
          {summary}
        </p>
      ) : null}
    </Card>
  );
}
