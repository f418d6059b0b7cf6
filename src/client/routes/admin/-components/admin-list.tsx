import { useCallback, useState, type ReactNode } from 'react';
import { Button } from '#client/components/ui/button';
import { Dialog, DialogContent } from '#client/components/ui/dialog';
import { m } from '#i18n/messages';
import { ConfirmDelete } from '#client/components/confirm-delete';
import { EmptyState, ListError, ListSkeleton } from './admin-kit';

/**
 * The list part every admin tab shares: loading, error, empty and the rows, then 'Load more'.
 * Each tab keeps only what differs: its query, its row and its dialogs.
 */

/** What the list reads of an infinite admin list query (`useInfiniteQuery` with `adminPaging`). */
export interface AdminListQuery<T> {
  data: { pages: T[][] } | undefined;
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

export function AdminList<T extends { id: number }>({ query, empty, className, children }: { query: AdminListQuery<T>; empty: ReactNode; className: string; children: (item: T) => ReactNode }) {
  const items = query.data?.pages.flat() ?? [];
  return (
    <>
      {query.isPending ? (
        <ListSkeleton />
      ) : query.isError ? (
        <ListError onRetry={() => void query.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState>{empty}</EmptyState>
      ) : (
        <ul className={className}>
          {items.map((item) => (
            <li key={item.id}>{children(item)}</li>
          ))}
        </ul>
      )}
      <LoadMore list={query} />
    </>
  );
}

export function LoadMore({ list }: { list: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown } }) {
  if (!list.hasNextPage) return null;
  return (
    <div className="mt-6 flex justify-center">
      <Button variant="outline" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
        {list.isFetchingNextPage ? m.common_loading() : m.admin_common_load_more()}
      </Button>
    </div>
  );
}

/**
 * Whether this row's call (delete, approve, ...) is the one running, for its busy label.
 * The procedures type their input id as `unknown` (the server coerces it), hence the loose type.
 */
export function isPendingFor(mutation: { isPending: boolean; variables: { id: unknown } | undefined }, id: number) {
  return mutation.isPending && mutation.variables?.id === id;
}

// ---------------------------------------------------------------- delete with confirmation

export interface DeleteTarget<T> {
  /** The item whose delete waits for confirmation, or null when the dialog is closed. */
  target: T | null;
  ask: (item: T) => void;
  close: () => void;
}

/**
 * The item to confirm the delete of. Pass `close` as the delete call's `onSettled`: the dialog
 * stays open ('Deleting...') until the call and its success toast and refetch are done.
 */
export function useDeleteTarget<T>(): DeleteTarget<T> {
  const [target, setTarget] = useState<T | null>(null);
  const close = useCallback(() => setTarget(null), []);
  return { target, ask: setTarget, close };
}

/** `ConfirmDelete` for a `useDeleteTarget` item; confirming calls `remove` with its id. */
export function ConfirmItemDelete<T extends { id: number }>({
  of,
  remove,
  title,
  describe,
  confirmLabel,
}: {
  of: DeleteTarget<T>;
  remove: { isPending: boolean; mutate: (input: { id: number }) => void };
  title: string;
  describe: (item: T) => string;
  confirmLabel: string;
}) {
  const { target, close } = of;
  return (
    <ConfirmDelete
      open={target !== null}
      onOpenChange={(open) => !open && close()}
      texts={{ title, body: target ? describe(target) : '', cancel: m.admin_common_cancel(), confirm: confirmLabel, busy: m.admin_common_deleting() }}
      pending={remove.isPending}
      onConfirm={() => target && remove.mutate({ id: target.id })}
    />
  );
}

// ---------------------------------------------------------------- add/edit dialog

/** A content tab's dialog: `{}` adds, `{ item }` edits, null is closed. */
export type ItemDialogState<T> = { item?: T } | null;

/** The add/edit dialog; the form unmounts on close, which resets it. */
export function ItemFormDialog<T>({ state, onClose, className, children }: { state: ItemDialogState<T>; onClose: () => void; className: string; children: (item: T | undefined) => ReactNode }) {
  return (
    <Dialog open={state !== null} onOpenChange={(open) => !open && onClose()}>
      {state ? <DialogContent className={className}>{children(state.item)}</DialogContent> : null}
    </Dialog>
  );
}
