import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { messages } from '#shared/messages';
import { Badge } from '#client/components/ui/badge';
import { adminPanelCopy } from '#client/copy/admin';
import { categoryColour } from '#client/lib/categories';
import { trpc } from '#client/trpc';
import { ADMIN_PAGE_SIZE, adminListOptions, adminPaging, formatDate, fullName, TabHeader, useAdminCallbacks } from './admin-kit';
import { AdminList, ConfirmItemDelete, isPendingFor, useDeleteTarget } from './admin-list';
import { ItemCard } from './item-card';
import { communityCopy } from '#client/copy/community';

const t = adminPanelCopy.forum;

/** Forum moderation: read every post, delete what breaks the rules. */
export function ForumTab() {
  const list = useInfiniteQuery({ ...trpc.admin.forum.list.infiniteQueryOptions({ limit: ADMIN_PAGE_SIZE }, adminPaging), ...adminListOptions });
  const toDelete = useDeleteTarget<{ id: number; title: string }>();
  const deleted = useAdminCallbacks(messages.admin.postDeleted, trpc.admin.forum.pathFilter());
  const remove = useMutation(trpc.admin.forum.delete.mutationOptions({ ...deleted, onSettled: toDelete.close }));

  return (
    <section>
      <TabHeader title={t.title} />
      <AdminList query={list} empty={t.empty} className="grid gap-4 md:grid-cols-2">
        {(post) => (
          <ItemCard
            name={post.title}
            title={post.title}
            badges={<Badge className={categoryColour(post.category)}>{communityCopy.forum.categories[post.category]}</Badge>}
            meta={`${t.by(`${fullName(post.author)} (${post.author.email})`, formatDate(post.createdAt))} · ${t.stats(post.likes, post.comments)}`}
            onDelete={() => toDelete.ask(post)}
            deleting={isPendingFor(remove, post.id)}
          >
            <p className="line-clamp-4 whitespace-pre-line">{post.content}</p>
          </ItemCard>
        )}
      </AdminList>
      <ConfirmItemDelete of={toDelete} remove={remove} title={t.deleteTitle} describe={(post) => t.deleteBody(post.title)} confirmLabel={adminPanelCopy.common.delete} />
    </section>
  );
}
