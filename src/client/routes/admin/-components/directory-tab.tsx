import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { TEXT_LIMITS } from '#shared/limits';
import { DIRECTORY_CATEGORIES } from '#shared/categories';
import { messages } from '#shared/messages';
import { ListingFormSchema } from '#shared/schemas/admin';
import { Badge } from '#client/components/ui/badge';
import { DialogDescription, DialogHeader, DialogTitle } from '#client/components/ui/dialog';
import { m } from '#i18n/messages';
import { categoryColour, categoryLabel } from '#client/lib/categories';
import { trpc, type RouterOutputs } from '#client/trpc';
import { AddButton, ADMIN_PAGE_SIZE, adminListOptions, adminPaging, TabHeader, useAdminCallbacks, useFormValues, useSaveCallbacks, validate } from './admin-kit';
import { AdminList, ConfirmItemDelete, isPendingFor, ItemFormDialog, useDeleteTarget, type ItemDialogState } from './admin-list';
import { AddImageButton } from './cover-image-field';
import { SelectField, TextAreaField, TextField } from './fields';
import { CardImage, DialogButtons, ItemCard } from './item-card';

type Listing = RouterOutputs['admin']['directory']['list'][number];

export function DirectoryTab() {
  const list = useInfiniteQuery({ ...trpc.admin.directory.list.infiniteQueryOptions({ limit: ADMIN_PAGE_SIZE }, adminPaging), ...adminListOptions });
  const [dialog, setDialog] = useState<ItemDialogState<Listing>>(null);
  const toDelete = useDeleteTarget<Listing>();
  const deleted = useAdminCallbacks(messages.admin.listingDeleted, trpc.admin.directory.pathFilter());
  const remove = useMutation(trpc.admin.directory.delete.mutationOptions({ ...deleted, onSettled: toDelete.close }));

  return (
    <section>
      <TabHeader
        title={m.admin_directory_title()}
        action={<AddButton icon={Plus} label={m.admin_directory_add()} onClick={() => setDialog({})} />}
      />
      <AdminList query={list} empty={m.admin_directory_empty()} className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        {(listing) => (
          <ItemCard
            name={listing.name}
            title={listing.name}
            media={<CardImage src={listing.images[0]} />}
            badges={<Badge className={categoryColour(listing.category)}>{categoryLabel(listing.category)}</Badge>}
            meta={[listing.address, listing.phone, listing.email, listing.website].filter(Boolean).join(' · ')}
            onEdit={() => setDialog({ item: listing })}
            onDelete={() => toDelete.ask(listing)}
            deleting={isPendingFor(remove, listing.id)}
          >
            <p className="line-clamp-3">{listing.description}</p>
          </ItemCard>
        )}
      </AdminList>
      <ItemFormDialog state={dialog} onClose={() => setDialog(null)} className="max-w-xl">
        {(listing) => <ListingForm listing={listing} onDone={() => setDialog(null)} />}
      </ItemFormDialog>
      <ConfirmItemDelete of={toDelete} remove={remove} title={m.admin_directory_delete_title()} describe={(listing) => m.admin_directory_delete_body({ name: listing.name })} confirmLabel={m.admin_common_delete()} />
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
  const saved = useSaveCallbacks(onDone, trpc.admin.directory.pathFilter());
  const create = useMutation(trpc.admin.directory.create.mutationOptions(saved(messages.admin.listingCreated)));
  const update = useMutation(trpc.admin.directory.update.mutationOptions(saved(messages.admin.listingUpdated)));
  const pending = create.isPending || update.isPending;

  function submit(event: FormEvent) {
    event.preventDefault();
    const result = validate(ListingFormSchema, values);
    if (result.errors) return setErrors(result.errors);
    if (listing) update.mutate({ id: listing.id, ...result.data });
    else create.mutate(result.data);
  }

  const optional = (label: string) => `${label} ${m.admin_common_optional()}`;
  return (
    <form onSubmit={submit} noValidate>
      <DialogHeader>
        <DialogTitle>{listing ? m.admin_directory_edit_title() : m.admin_directory_add_title()}</DialogTitle>
        <DialogDescription>{m.admin_directory_description()}</DialogDescription>
      </DialogHeader>
      <div className="grid gap-4">
        <TextField id="listing-name" label={m.admin_field_name()} limit={TEXT_LIMITS.itemName} value={values.name} error={errors.name} onChange={(v) => set('name', v)} />
        <TextAreaField id="listing-description" label={m.admin_field_description()} limit={TEXT_LIMITS.itemDescription} rows={3} value={values.description} error={errors.description} onChange={(v) => set('description', v)} />
        <SelectField id="listing-category" label={m.admin_field_category()} placeholder={m.admin_field_category_placeholder()} options={DIRECTORY_CATEGORIES} value={values.category} error={errors.category} onChange={(v) => set('category', v)} />
        <TextField id="listing-address" label={optional(m.admin_field_address())} limit={TEXT_LIMITS.listingAddress} value={values.address} error={errors.address} onChange={(v) => set('address', v)} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField id="listing-phone" label={optional(m.admin_directory_phone())} type="tel" dir="ltr" value={values.phone} error={errors.phone} onChange={(v) => set('phone', v)} />
          <TextField id="listing-email" label={optional(m.admin_directory_email())} type="email" dir="ltr" value={values.email} error={errors.email} onChange={(v) => set('email', v)} />
        </div>
        <TextField id="listing-website" label={optional(m.admin_directory_website())} type="url" dir="ltr" placeholder="https://" value={values.website} error={errors.website} onChange={(v) => set('website', v)} />
        <TextField id="listing-images" label={optional(m.admin_field_images())} dir="ltr" hint={m.admin_common_images_hint()} value={values.images} error={errors.images} onChange={(v) => set('images', v)} />
        <AddImageButton value={values.images} onChange={(v) => set('images', v)} />
        <TextField id="listing-tags" label={optional(m.admin_field_tags())} hint={m.admin_common_comma_separated()} value={values.tags} error={errors.tags} onChange={(v) => set('tags', v)} />
      </div>
      <DialogButtons creating={!listing} pending={pending} onCancel={onDone} createLabel={m.admin_directory_add()} updateLabel={m.admin_account_update()} />
    </form>
  );
}
