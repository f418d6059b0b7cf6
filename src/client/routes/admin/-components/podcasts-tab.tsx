import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { TEXT_LIMITS } from '#shared/limits';
import { PODCAST_CATEGORIES } from '#shared/categories';
import { messages } from '#shared/messages';
import { PodcastFormSchema } from '#shared/schemas/admin';
import { Badge } from '#client/components/ui/badge';
import { DialogDescription, DialogHeader, DialogTitle } from '#client/components/ui/dialog';
import { m } from '#i18n/messages';
import { categoryColour, categoryLabel } from '#client/lib/categories';
import { trpc, type RouterOutputs } from '#client/trpc';
import { AddButton, ADMIN_PAGE_SIZE, adminListOptions, adminPaging, TabHeader, useAdminCallbacks, useFormValues, useSaveCallbacks, validate } from './admin-kit';
import { AdminList, ConfirmItemDelete, isPendingFor, ItemFormDialog, useDeleteTarget, type ItemDialogState } from './admin-list';
import { SelectField, TextAreaField, TextField } from './fields';
import { DialogButtons, ItemCard } from './item-card';

type Podcast = RouterOutputs['admin']['podcasts']['list'][number];

export function PodcastsTab() {
  const list = useInfiniteQuery({ ...trpc.admin.podcasts.list.infiniteQueryOptions({ limit: ADMIN_PAGE_SIZE }, adminPaging), ...adminListOptions });
  const [dialog, setDialog] = useState<ItemDialogState<Podcast>>(null);
  const toDelete = useDeleteTarget<Podcast>();
  const deleted = useAdminCallbacks(messages.admin.podcastDeleted, trpc.admin.podcasts.pathFilter());
  const remove = useMutation(trpc.admin.podcasts.delete.mutationOptions({ ...deleted, onSettled: toDelete.close }));

  return (
    <section>
      <TabHeader
        title={m.admin_podcasts_title()}
        action={<AddButton icon={Plus} label={m.admin_podcasts_add()} onClick={() => setDialog({})} />}
      />
      <AdminList query={list} empty={m.admin_podcasts_empty()} className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        {(podcast) => (
          <ItemCard
            name={podcast.title}
            title={podcast.title}
            badges={
              <>
                <Badge className={categoryColour(podcast.category)}>{categoryLabel(podcast.category)}</Badge>
                {podcast.tags.map((tag) => (
                  <Badge key={tag} variant="outline">
                    {tag}
                  </Badge>
                ))}
              </>
            }
            meta={`${m.admin_likes_count({ count: podcast.likes })} · ${m.admin_comments_count({ count: podcast.comments })}`}
            onEdit={() => setDialog({ item: podcast })}
            onDelete={() => toDelete.ask(podcast)}
            deleting={isPendingFor(remove, podcast.id)}
          >
            <p className="line-clamp-3">{podcast.description}</p>
          </ItemCard>
        )}
      </AdminList>
      <ItemFormDialog state={dialog} onClose={() => setDialog(null)} className="max-w-xl">
        {(podcast) => <PodcastForm podcast={podcast} onDone={() => setDialog(null)} />}
      </ItemFormDialog>
      <ConfirmItemDelete of={toDelete} remove={remove} title={m.admin_podcasts_delete_title()} describe={(podcast) => m.admin_podcasts_delete_body({ title: podcast.title })} confirmLabel={m.admin_common_delete()} />
    </section>
  );
}

function PodcastForm({ podcast, onDone }: { podcast?: Podcast; onDone: () => void }) {
  const { values, set, errors, setErrors } = useFormValues({
    title: podcast?.title ?? '',
    description: podcast?.description ?? '',
    // A category from before the list was one (no longer offered) has to be chosen again.
    category: podcast && (PODCAST_CATEGORIES as readonly string[]).includes(podcast.category) ? podcast.category : '',
    iframe: podcast?.iframe ?? '',
    tags: podcast?.tags.join(', ') ?? '',
  });
  const saved = useSaveCallbacks(onDone, trpc.admin.podcasts.pathFilter());
  const create = useMutation(trpc.admin.podcasts.create.mutationOptions(saved(messages.admin.podcastCreated)));
  const update = useMutation(trpc.admin.podcasts.update.mutationOptions(saved(messages.admin.podcastUpdated)));
  const pending = create.isPending || update.isPending;

  function submit(event: FormEvent) {
    event.preventDefault();
    const result = validate(PodcastFormSchema, values);
    if (result.errors) return setErrors(result.errors);
    if (podcast) update.mutate({ id: podcast.id, ...result.data });
    else create.mutate(result.data);
  }

  return (
    <form onSubmit={submit} noValidate>
      <DialogHeader>
        <DialogTitle>{podcast ? m.admin_podcasts_edit_title() : m.admin_podcasts_add()}</DialogTitle>
        <DialogDescription>{m.admin_podcasts_description()}</DialogDescription>
      </DialogHeader>
      <div className="grid gap-4">
        <TextField id="podcast-title" label={m.admin_field_title()} limit={TEXT_LIMITS.itemTitle} value={values.title} error={errors.title} onChange={(v) => set('title', v)} />
        <TextAreaField id="podcast-description" label={m.admin_field_description()} limit={TEXT_LIMITS.itemDescription} rows={3} value={values.description} error={errors.description} onChange={(v) => set('description', v)} />
        <SelectField id="podcast-category" label={m.admin_field_category()} placeholder={m.admin_field_category_placeholder()} options={PODCAST_CATEGORIES} value={values.category} error={errors.category} onChange={(v) => set('category', v)} />
        <TextAreaField
          id="podcast-iframe"
          dir="ltr"
          label={m.admin_podcasts_iframe()}
          rows={4}
          className="font-mono text-sm"
          placeholder={'<iframe src="https://www.youtube.com/embed/…"></iframe>'}
          value={values.iframe}
          error={errors.iframe}
          onChange={(v) => set('iframe', v)}
        />
        <TextField id="podcast-tags" label={`${m.admin_field_tags()} ${m.admin_common_optional()}`} hint={m.admin_common_comma_separated()} value={values.tags} error={errors.tags} onChange={(v) => set('tags', v)} />
      </div>
      <DialogButtons creating={!podcast} pending={pending} onCancel={onDone} createLabel={m.admin_podcasts_add()} updateLabel={m.admin_account_update()} />
    </form>
  );
}
