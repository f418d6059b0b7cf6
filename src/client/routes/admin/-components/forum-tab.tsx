import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { messages } from '../../../../shared/messages';
import { Badge } from '../../../components/ui/badge';
import { adminPanelCopy } from '../../../copy/admin';
import { categoryColour } from '../../../lib/categories';
import { trpc } from '../../../trpc';
import { ADMIN_PAGE_SIZE, adminListOptions, adminPaging, LoadMore, ConfirmDelete, EmptyState, formatDate, fullName, ListError, ListSkeleton, TabHeader, useAdminErrorHandler, useAdminSuccess } from './admin-kit';
import { ItemCard } from './item-card';

const t = adminPanelCopy.forum;

/** Forum moderation (DECISIONS.md): read every post, delete what breaks the rules. */
export function ForumTab() {
  const list = useInfiniteQuery({ ...trpc.admin.forum.list.infiniteQueryOptions({ limit: ADMIN_PAGE_SIZE }, adminPaging), ...adminListOptions });
  const items = list.data?.pages.flat() ?? [];
  const [toDelete, setToDelete] = useState<{ id: number; title: string } | null>(null);
  const onError = useAdminErrorHandler();
  const succeed = useAdminSuccess();
  const remove = useMutation(
    trpc.admin.forum.delete.mutationOptions({
      onError,
      onSettled: () => setToDelete(null),
      onSuccess: () => succeed(messages.admin.postDeleted, undefined, trpc.admin.forum.pathFilter()),
    }),
  );

  return (
    <section>
      <TabHeader title={t.title} />
      {list.isPending ? (
        <ListSkeleton />
      ) : list.isError ? (
        <ListError onRetry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState>{t.empty}</EmptyState>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {items.map((post) => (
            <li key={post.id}>
              <ItemCard
                name={post.title}
                title={post.title}
                badges={<Badge className={categoryColour(post.category)}>{post.category}</Badge>}
                meta={`${t.by(`${fullName(post.author)} (${post.author.email})`, formatDate(post.createdAt))} · ${t.stats(post.likes, post.comments)}`}
                onDelete={() => setToDelete(post)}
                deleting={remove.isPending && remove.variables?.id === post.id}
              >
                <p className="line-clamp-4 whitespace-pre-line">{post.content}</p>
              </ItemCard>
            </li>
          ))}
        </ul>
      )}
      <LoadMore list={list} />
      <ConfirmDelete
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title={t.deleteTitle}
        description={toDelete ? t.deleteBody(toDelete.title) : ''}
        confirmLabel={adminPanelCopy.common.delete}
        pending={remove.isPending}
        onConfirm={() => toDelete && remove.mutate({ id: toDelete.id })}
      />
    </section>
  );
}
