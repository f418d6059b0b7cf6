import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { DIRECTORY_CATEGORIES } from '../../../../shared/categories';
import { messages } from '../../../../shared/messages';
import { ListingFormSchema } from '../../../../shared/schemas/admin';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { adminPanelCopy } from '../../../copy/admin';
import { categoryColour } from '../../../lib/categories';
import { trpc } from '../../../trpc';
import { ADMIN_PAGE_SIZE, adminListOptions, adminPaging, LoadMore, ConfirmDelete, EmptyState, ListError, ListSkeleton, TabHeader, useAdminErrorHandler, useAdminSuccess, useFormValues, validate } from './admin-kit';
import { SelectField, TextAreaField, TextField } from './fields';
import { DialogButtons, ItemCard } from './item-card';

const t = adminPanelCopy.directory;
const c = adminPanelCopy.common;

interface Listing {
  id: number;
  name: string;
  category: string;
  description: string;
  address: string | null;
  phone: string | null;
  email: string | null;
  website: string | null;
  images: string[];
  tags: string[];
  reviewCount: number;
  likes: number;
}

export function DirectoryTab() {
  const list = useInfiniteQuery({ ...trpc.admin.directory.list.infiniteQueryOptions({ limit: ADMIN_PAGE_SIZE }, adminPaging), ...adminListOptions });
  const items = list.data?.pages.flat() ?? [];
  const [dialog, setDialog] = useState<{ listing?: Listing } | null>(null);
  const [toDelete, setToDelete] = useState<Listing | null>(null);
  const onError = useAdminErrorHandler();
  const succeed = useAdminSuccess();
  const remove = useMutation(
    trpc.admin.directory.delete.mutationOptions({
      onError,
      onSettled: () => setToDelete(null),
      onSuccess: () => succeed(messages.admin.listingDeleted, undefined, trpc.admin.directory.pathFilter()),
    }),
  );

  return (
    <section>
      <TabHeader
        title={t.title}
        action={
          <Button onClick={() => setDialog({})}>
            <Plus aria-hidden="true" />
            {t.add}
          </Button>
        }
      />
      {list.isPending ? (
        <ListSkeleton />
      ) : list.isError ? (
        <ListError onRetry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState>{t.empty}</EmptyState>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {items.map((listing) => (
            <li key={listing.id}>
              <ItemCard
                name={listing.name}
                title={listing.name}
                media={listing.images[0] ? <img src={listing.images[0]} alt="" loading="lazy" className="-mx-5 -mt-5 mb-1 aspect-[2/1] w-[calc(100%+2.5rem)] max-w-none object-cover" /> : null}
                badges={<Badge className={categoryColour(listing.category)}>{listing.category}</Badge>}
                meta={[listing.address, listing.phone, listing.email, listing.website].filter(Boolean).join(' · ')}
                onEdit={() => setDialog({ listing })}
                onDelete={() => setToDelete(listing)}
                deleting={remove.isPending && remove.variables?.id === listing.id}
              >
                <p className="line-clamp-3">{listing.description}</p>
              </ItemCard>
            </li>
          ))}
        </ul>
      )}
      <LoadMore list={list} />
      <Dialog open={dialog !== null} onOpenChange={(open) => !open && setDialog(null)}>
        {dialog ? (
          <DialogContent className="max-w-xl">
            <ListingForm listing={dialog.listing} onDone={() => setDialog(null)} />
          </DialogContent>
        ) : null}
      </Dialog>
      <ConfirmDelete
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title={t.deleteTitle}
        description={toDelete ? t.deleteBody(toDelete.name) : ''}
        confirmLabel={c.delete}
        pending={remove.isPending}
        onConfirm={() => toDelete && remove.mutate({ id: toDelete.id })}
      />
    </section>
  );
}

function ListingForm({ listing, onDone }: { listing?: Listing; onDone: () => void }) {
  const { values, set, errors, setErrors } = useFormValues({
    name: listing?.name ?? '',
    description: listing?.description ?? '',
    category: listing?.category ?? '',
    address: listing?.address ?? '',
    phone: listing?.phone ?? '',
    email: listing?.email ?? '',
    website: listing?.website ?? '',
    images: listing?.images.join(', ') ?? '',
    tags: listing?.tags.join(', ') ?? '',
  });
  const onError = useAdminErrorHandler();
  const succeed = useAdminSuccess();
  const finish = (title: string) => async () => {
    onDone();
    await succeed(title, undefined, trpc.admin.directory.pathFilter());
  };
  const create = useMutation(trpc.admin.directory.create.mutationOptions({ onError, onSuccess: finish(messages.admin.listingCreated) }));
  const update = useMutation(trpc.admin.directory.update.mutationOptions({ onError, onSuccess: finish(messages.admin.listingUpdated) }));
  const pending = create.isPending || update.isPending;

  function submit(event: FormEvent) {
    event.preventDefault();
    const result = validate(ListingFormSchema, values);
    if (result.errors) return setErrors(result.errors);
    if (listing) update.mutate({ id: listing.id, ...result.data });
    else create.mutate(result.data);
  }

  const f = t.fields;
  const optional = (label: string) => `${label} ${c.optional}`;
  return (
    <form onSubmit={submit} noValidate>
      <DialogHeader>
        <DialogTitle>{listing ? t.editTitle : t.addTitle}</DialogTitle>
        <DialogDescription>{t.description}</DialogDescription>
      </DialogHeader>
      <div className="grid gap-4">
        <TextField id="listing-name" label={f.name} value={values.name} error={errors.name} onChange={(v) => set('name', v)} />
        <TextAreaField id="listing-description" label={f.description} rows={3} value={values.description} error={errors.description} onChange={(v) => set('description', v)} />
        <SelectField id="listing-category" label={f.category} placeholder={f.categoryPlaceholder} options={DIRECTORY_CATEGORIES} value={values.category} error={errors.category} onChange={(v) => set('category', v)} />
        <TextField id="listing-address" label={optional(f.address)} value={values.address} error={errors.address} onChange={(v) => set('address', v)} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField id="listing-phone" label={optional(f.phone)} type="tel" value={values.phone} error={errors.phone} onChange={(v) => set('phone', v)} />
          <TextField id="listing-email" label={optional(f.email)} type="email" value={values.email} error={errors.email} onChange={(v) => set('email', v)} />
        </div>
        <TextField id="listing-website" label={optional(f.website)} type="url" placeholder="https://" value={values.website} error={errors.website} onChange={(v) => set('website', v)} />
        <TextField id="listing-images" label={optional(f.images)} hint={c.imagesHint} value={values.images} error={errors.images} onChange={(v) => set('images', v)} />
        <TextField id="listing-tags" label={optional(f.tags)} hint={c.commaSeparated} value={values.tags} error={errors.tags} onChange={(v) => set('tags', v)} />
      </div>
      <DialogButtons creating={!listing} pending={pending} onCancel={onDone} createLabel={t.add} updateLabel={adminPanelCopy.account.update} />
    </form>
  );
}
