import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { Check, Plus, Search, Star, X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { TEXT_LIMITS } from '#shared/limits';
import { PLACE_CATEGORIES } from '#shared/categories';
import { messages } from '#shared/messages';
import { PlaceFormSchema } from '#shared/schemas/admin';
import { Badge } from '#client/components/ui/badge';
import { Button } from '#client/components/ui/button';
import { DialogDescription, DialogHeader, DialogTitle } from '#client/components/ui/dialog';
import { Input } from '#client/components/ui/input';
import { Label } from '#client/components/ui/label';
import { oneDecimal } from '#client/lib/formats';
import { m } from '#i18n/messages';
import { categoryColour } from '#client/lib/categories';
import { useDebounced } from '#client/lib/use-debounced';
import { trpc, type RouterOutputs } from '#client/trpc';
import {
  AddButton,
  ADMIN_PAGE_SIZE,
  adminListOptions,
  adminPaging,
  formatDate,
  fullName,
  TabHeader,
  useAdminCallbacks,
  useAdminErrorHandler,
  useAdminSuccess,
  useFormValues,
  useSaveCallbacks,
  validate,
} from './admin-kit';
import { AdminList, ConfirmItemDelete, isPendingFor, ItemFormDialog, useDeleteTarget, type ItemDialogState } from './admin-list';
import { CheckField, SelectField, TextAreaField, TextField } from './fields';
import { DialogButtons, ItemCard } from './item-card';
import { PLACE_CATEGORY_LABELS } from '#client/lib/labels';


type Place = RouterOutputs['admin']['places']['list'][number];

/** Members' suggestions waiting for a decision, then every place of Places to Go. */
export function PlacesTab() {
  return (
    <div className="grid gap-10">
      <Suggestions />
      <Places />
    </div>
  );
}

/** Members' 'Suggest a Place' entries wait here: approve into Places to Go, or dismiss. */
function Suggestions() {
  const list = useInfiniteQuery({ ...trpc.admin.places.suggestions.infiniteQueryOptions({ limit: ADMIN_PAGE_SIZE }, adminPaging), ...adminListOptions });
  const onError = useAdminErrorHandler();
  const succeed = useAdminSuccess();
  const approve = useMutation(
    trpc.admin.places.approve.mutationOptions({
      onError,
      onSuccess: (place) => succeed(messages.admin.placeApproved, messages.admin.placeApprovedBody(place.name), trpc.admin.places.pathFilter()),
    }),
  );
  const dismiss = useMutation(
    trpc.admin.places.dismiss.mutationOptions({ onError, onSuccess: () => succeed(messages.admin.suggestionDismissed, undefined, trpc.admin.places.pathFilter()) }),
  );

  return (
    <section>
      <TabHeader title={m.admin_places_suggestions_title()} />
      <AdminList query={list} empty={m.admin_places_empty()} className="grid gap-4 md:grid-cols-2">
        {(suggestion) => {
          const busy = isPendingFor(approve, suggestion.id) || isPendingFor(dismiss, suggestion.id);
          return (
            <ItemCard
              name={suggestion.name}
              title={suggestion.name}
              badges={<Badge className={categoryColour(suggestion.category)}>{PLACE_CATEGORY_LABELS[suggestion.category]()}</Badge>}
              meta={
                <>
                  <p>{suggestion.address}</p>
                  <p>{m.admin_places_suggested_by({ name: fullName(suggestion.suggestedBy), date: formatDate(suggestion.createdAt) })}</p>
                </>
              }
              extraActions={
                <>
                  <Button size="sm" aria-label={m.admin_places_approve_named({ name: suggestion.name })} disabled={busy} onClick={() => approve.mutate({ id: suggestion.id })}>
                    <Check aria-hidden="true" />
                    {m.admin_places_approve()}
                  </Button>
                  <Button size="sm" variant="outline" aria-label={m.admin_places_dismiss_named({ name: suggestion.name })} disabled={busy} onClick={() => dismiss.mutate({ id: suggestion.id })}>
                    <X aria-hidden="true" />
                    {m.admin_places_dismiss()}
                  </Button>
                </>
              }
            >
              <p>{suggestion.description}</p>
            </ItemCard>
          );
        }}
      </AdminList>
    </section>
  );
}

/** Places to Go, searched, added, edited and deleted like the other content. */
function Places() {
  const [search, setSearch] = useState('');
  const query = useDebounced(search.trim(), 250);
  const list = useInfiniteQuery({
    ...trpc.admin.places.list.infiniteQueryOptions({ search: query || undefined, limit: ADMIN_PAGE_SIZE }, adminPaging),
    ...adminListOptions,
    placeholderData: (previous) => previous,
  });
  const [dialog, setDialog] = useState<ItemDialogState<Place>>(null);
  const toDelete = useDeleteTarget<Place>();
  const deleted = useAdminCallbacks(messages.admin.placeDeleted, trpc.admin.places.pathFilter());
  const remove = useMutation(trpc.admin.places.delete.mutationOptions({ ...deleted, onSettled: toDelete.close }));

  return (
    <section>
      <TabHeader title={m.admin_places_title()} action={<AddButton icon={Plus} label={m.admin_places_add()} onClick={() => setDialog({})} />} />
      <div className="relative mb-5 max-w-md">
        <Label htmlFor="place-search" className="sr-only">
          {m.admin_places_search_label()}
        </Label>
        <Search className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
        <Input id="place-search" type="search" className="ps-9" maxLength={100} placeholder={m.admin_places_search_placeholder()} value={search} onChange={(e) => setSearch(e.target.value)} />
      </div>
      <AdminList query={list} empty={query ? m.admin_places_empty_search() : m.admin_places_list_empty()} className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        {(place) => (
          <ItemCard
            name={place.name}
            title={place.name}
            badges={
              <>
                <Badge className={categoryColour(place.category)}>{PLACE_CATEGORY_LABELS[place.category]()}</Badge>
                {place.recommended ? <Badge variant="secondary">{m.admin_places_recommended()}</Badge> : null}
                {place.rating > 0 ? (
                  <Badge variant="outline">
                    <Star aria-hidden="true" className="size-3" />
                    {m.admin_places_rating({ rating: oneDecimal(place.rating) })}
                  </Badge>
                ) : null}
              </>
            }
            meta={[place.address, place.tags.join(', ')].filter(Boolean).join(' · ')}
            onEdit={() => setDialog({ item: place })}
            onDelete={() => toDelete.ask(place)}
            deleting={isPendingFor(remove, place.id)}
          >
            <p className="line-clamp-3">{place.description}</p>
          </ItemCard>
        )}
      </AdminList>
      <ItemFormDialog state={dialog} onClose={() => setDialog(null)} className="max-w-xl">
        {(place) => <PlaceForm place={place} onDone={() => setDialog(null)} />}
      </ItemFormDialog>
      <ConfirmItemDelete of={toDelete} remove={remove} title={m.admin_places_delete_title()} describe={(place) => m.admin_places_delete_body({ name: place.name })} confirmLabel={m.admin_common_delete()} />
    </section>
  );
}

function PlaceForm({ place, onDone }: { place?: Place; onDone: () => void }) {
  const { values, set, errors, setErrors } = useFormValues({
    name: place?.name ?? '',
    description: place?.description ?? '',
    category: place?.category ?? '',
    address: place?.address ?? '',
    rating: place?.rating ? String(place.rating) : '',
    tags: place?.tags.join(', ') ?? '',
    recommended: place?.recommended ?? false,
  });
  const saved = useSaveCallbacks(onDone, trpc.admin.places.pathFilter());
  const create = useMutation(trpc.admin.places.create.mutationOptions(saved(messages.admin.placeCreated)));
  const update = useMutation(trpc.admin.places.update.mutationOptions(saved(messages.admin.placeUpdated)));
  const pending = create.isPending || update.isPending;

  function submit(event: FormEvent) {
    event.preventDefault();
    const result = validate(PlaceFormSchema, values);
    if (result.errors) return setErrors(result.errors);
    if (place) update.mutate({ id: place.id, ...result.data });
    else create.mutate(result.data);
  }

  const optional = (label: string) => `${label} ${m.admin_common_optional()}`;
  return (
    <form onSubmit={submit} noValidate>
      <DialogHeader>
        <DialogTitle>{place ? m.admin_places_edit_title() : m.admin_places_add()}</DialogTitle>
        <DialogDescription>{m.admin_places_description()}</DialogDescription>
      </DialogHeader>
      <div className="grid gap-4">
        <TextField id="place-name" label={m.admin_field_name()} limit={TEXT_LIMITS.placeName} value={values.name} error={errors.name} onChange={(v) => set('name', v)} />
        <TextAreaField id="place-description" label={m.admin_field_description()} limit={TEXT_LIMITS.placeDescription} rows={3} value={values.description} error={errors.description} onChange={(v) => set('description', v)} />
        <SelectField id="place-category" label={m.admin_field_category()} placeholder={m.admin_field_category_placeholder()} options={PLACE_CATEGORIES} value={values.category} error={errors.category} onChange={(v) => set('category', v)} />
        <TextField id="place-address" label={m.admin_field_address()} limit={TEXT_LIMITS.placeAddress} value={values.address} error={errors.address} onChange={(v) => set('address', v)} />
        <TextField id="place-rating" label={optional(m.admin_places_rating_field())} hint={m.admin_places_rating_hint()} type="number" min={0} max={5} step={0.1} inputMode="decimal" value={values.rating} error={errors.rating} onChange={(v) => set('rating', v)} />
        <TextField id="place-tags" label={optional(m.admin_field_tags())} hint={m.admin_common_comma_separated()} value={values.tags} error={errors.tags} onChange={(v) => set('tags', v)} />
        <CheckField id="place-recommended" label={m.admin_places_recommended_field()} checked={values.recommended} onChange={(v) => set('recommended', v)} />
      </div>
      <DialogButtons creating={!place} pending={pending} onCancel={onDone} createLabel={m.admin_places_add()} updateLabel={m.admin_account_update()} />
    </form>
  );
}
