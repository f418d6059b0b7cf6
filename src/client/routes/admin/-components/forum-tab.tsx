import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { messages } from '#shared/messages';
import { Badge } from '#client/components/ui/badge';
import { m } from '#i18n/messages';
import { categoryColour } from '#client/lib/categories';
import { trpc } from '#client/trpc';
import { ADMIN_PAGE_SIZE, adminListOptions, adminPaging, formatDate, fullName, TabHeader, useAdminCallbacks } from './admin-kit';
import { AdminList, ConfirmItemDelete, isPendingFor, useDeleteTarget } from './admin-list';
import { ItemCard } from './item-card';
import { FORUM_CATEGORY_LABELS } from '#client/lib/labels';


/** Forum moderation: read every post, delete what breaks the rules. */
export function ForumTab() {
  const list = useInfiniteQuery({ ...trpc.admin.forum.list.infiniteQueryOptions({ limit: ADMIN_PAGE_SIZE }, adminPaging), ...adminListOptions });
  const toDelete = useDeleteTarget<{ id: number; title: string }>();
  const deleted = useAdminCallbacks(messages.admin.postDeleted, trpc.admin.forum.pathFilter());
  const remove = useMutation(trpc.admin.forum.delete.mutationOptions({ ...deleted, onSettled: toDelete.close }));

  return (
    <section>
      <TabHeader title={m.admin_forum_title()} />
      <AdminList query={list} empty={m.admin_forum_empty()} className="grid gap-4 md:grid-cols-2">
        {(post) => (
          <ItemCard
            name={post.title}
            title={post.title}
            badges={<Badge className={categoryColour(post.category)}>{FORUM_CATEGORY_LABELS[post.category]()}</Badge>}
            meta={`${`${`${fullName(post.author)} (${post.author.email})`} · ${formatDate(post.createdAt)}`} · ${`${m.admin_likes_count({ count: post.likes })} · ${m.admin_comments_count({ count: post.comments })}`}`}
            onDelete={() => toDelete.ask(post)}
            deleting={isPendingFor(remove, post.id)}
          >
            <p className="line-clamp-4 whitespace-pre-line">{post.content}</p>
          </ItemCard>
        )}
      </AdminList>
      <ConfirmItemDelete of={toDelete} remove={remove} title={m.admin_forum_delete_title()} describe={(post) => m.admin_forum_delete_body({ title: post.title })} confirmLabel={m.admin_common_delete()} />
    </section>
  );
}
