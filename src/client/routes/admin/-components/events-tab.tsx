import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { m } from '#i18n/messages';
import { getLocale } from '#i18n/runtime';
import { DEFAULT_TIME_ZONE, eventDayAndClock, fromDateTimeInput, toDateTimeInput } from '#shared/event-time';
import { TEXT_LIMITS } from '#shared/limits';
import { messages } from '#shared/messages';
import { EventFormSchema } from '#shared/schemas/admin';
import { Field } from '#client/components/field';
import { Badge } from '#client/components/ui/badge';
import { NativeSelect } from '#client/components/ui/native-select';
import { DialogDescription, DialogHeader, DialogTitle } from '#client/components/ui/dialog';
import { formatCount } from '#client/lib/formats';
import { cn } from '#client/lib/utils';
import { trpc, type RouterOutputs } from '#client/trpc';
import { AddButton, ADMIN_PAGE_SIZE, adminListOptions, adminPaging, fieldA11y, TabHeader, useAdminCallbacks, useFormValues, useSaveCallbacks, validate } from './admin-kit';
import { AdminList, ConfirmItemDelete, isPendingFor, ItemFormDialog, useDeleteTarget, type ItemDialogState } from './admin-list';
import { AddImageButton } from './cover-image-field';
import { TextAreaField, TextField } from './fields';
import { CardImage, DialogButtons, ItemCard } from './item-card';

type AdminEvent = RouterOutputs['admin']['events']['list'][number];

const isFree = (price: string | null) => !price || price === '0' || price === '0.00';

/** The zones the server accepts and the site's: asked for with the list, so the form has them when it opens. */
const timeZonesQuery = () => trpc.admin.events.timeZones.queryOptions(undefined, { staleTime: Infinity });

export function EventsTab() {
  const list = useInfiniteQuery({ ...trpc.admin.events.list.infiniteQueryOptions({ limit: ADMIN_PAGE_SIZE }, adminPaging), ...adminListOptions });
  useQuery(timeZonesQuery());
  const [dialog, setDialog] = useState<ItemDialogState<AdminEvent>>(null);
  const toDelete = useDeleteTarget<AdminEvent>();
  const deleted = useAdminCallbacks(messages.admin.eventDeleted, trpc.admin.events.pathFilter());
  const remove = useMutation(trpc.admin.events.delete.mutationOptions({ ...deleted, onSettled: toDelete.close }));
  // A new event takes its place by date, maybe far down the list: once the list shows it, it is
  // brought into view, marked, and given the focus, so she sees what she saved.
  const [added, setAdded] = useState<number | null>(null);
  const toShow = useRef<number | null>(null);
  useEffect(() => {
    const card = toShow.current === null ? null : document.getElementById(addedCardId(toShow.current));
    if (!card) return;
    toShow.current = null;
    card.scrollIntoView({ block: 'center' });
    card.focus({ preventScroll: true });
  }, [added, list.data]);

  return (
    <section>
      <TabHeader
        title={m.admin_events_title()}
        action={<AddButton icon={Plus} label={m.admin_events_add()} onClick={() => setDialog({})} />}
      />
      <AdminList query={list} empty={m.admin_events_empty()} className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        {(event) => (
          <div id={addedCardId(event.id)} tabIndex={-1} role="group" aria-label={event.title} className={cn('h-full rounded-[var(--radius-card)] outline-none', added === event.id && 'ring-3 ring-ring ring-offset-2 ring-offset-background')}>
            <ItemCard
              name={event.title}
              title={event.title}
              media={<CardImage src={event.images[0]} />}
              badges={
                <>
                  <Badge variant={new Date(event.dateTime) >= new Date() ? 'default' : 'muted'}>{eventDayAndClock(new Date(event.dateTime), event.timeZone, getLocale())}</Badge>
                  <Badge variant="outline">{isFree(event.price) ? m.admin_events_free() : m.admin_events_price_shown({ price: event.price ?? '' })}</Badge>
                </>
              }
              meta={`${event.location} · ${event.maxAttendees ? m.admin_events_attendees_of({ count: formatCount(event.attendees), max: formatCount(event.maxAttendees) }) : m.admin_events_attendees({ count: formatCount(event.attendees) })}`}
              onEdit={() => setDialog({ item: event })}
              onDelete={() => toDelete.ask(event)}
              deleting={isPendingFor(remove, event.id)}
            >
              <p dir="auto" className="line-clamp-3">{event.description}</p>
            </ItemCard>
          </div>
        )}
      </AdminList>
      <ItemFormDialog state={dialog} onClose={() => setDialog(null)} className="max-w-xl">
        {(event) => (
          <EventForm
            event={event}
            onDone={() => setDialog(null)}
            onCreated={(id) => {
              toShow.current = id;
              setAdded(id);
            }}
          />
        )}
      </ItemFormDialog>
      <ConfirmItemDelete of={toDelete} remove={remove} title={m.admin_events_delete_title()} describe={(event) => m.admin_events_delete_body({ title: event.title })} confirmLabel={m.admin_common_delete()} />
    </section>
  );
}

/** A zone's IANA name as people read it: 'America/New York'. */
const zoneLabel = (zone: string) => zone.replaceAll('_', ' ');

/** The element around an event's card in the list, found again after a save. */
const addedCardId = (id: number) => `admin-event-${id}`;

function EventForm({ event, onDone, onCreated }: { event?: AdminEvent; onDone: () => void; onCreated: (id: number) => void }) {
  // The zones the server accepts, and the site's, which a new event starts with.
  const zones = useQuery(timeZonesQuery());
  const siteZone = zones.data?.site ?? DEFAULT_TIME_ZONE;
  const { values, set, errors, setErrors } = useFormValues({
    title: event?.title ?? '',
    description: event?.description ?? '',
    location: event?.location ?? '',
    // The date and time as clocks show them where the event happens.
    dateTime: event ? toDateTimeInput(new Date(event.dateTime), event.timeZone) : '',
    // Empty until she picks one: a new event then takes the site's zone.
    timeZone: event?.timeZone ?? '',
    price: event?.price ?? '',
    maxAttendees: event?.maxAttendees?.toString() ?? '',
    images: event?.images.join(', ') ?? '',
    tags: event?.tags.join(', ') ?? '',
  });
  const saved = useSaveCallbacks(onDone, trpc.admin.events.pathFilter());
  const savedNew = saved(messages.admin.eventCreated);
  const create = useMutation(
    trpc.admin.events.create.mutationOptions({
      ...savedNew,
      onSuccess: async (created) => {
        await savedNew.onSuccess();
        onCreated(created.id);
      },
    }),
  );
  const update = useMutation(trpc.admin.events.update.mutationOptions(saved(messages.admin.eventUpdated, setErrors)));
  const pending = create.isPending || update.isPending;

  function submit(submitEvent: FormEvent) {
    submitEvent.preventDefault();
    // The date-time is read in the event's zone and sent as an instant; the schema checks it.
    const timeZone = values.timeZone || siteZone;
    const instant = fromDateTimeInput(values.dateTime, timeZone);
    const result = validate(EventFormSchema, { ...values, timeZone, dateTime: instant ? instant.toISOString() : values.dateTime });
    if (result.errors) return setErrors(result.errors);
    if (event) update.mutate({ id: event.id, ...result.data });
    else create.mutate(result.data);
  }

  const optional = (label: string) => `${label} ${m.admin_common_optional()}`;
  return (
    <form onSubmit={submit} noValidate>
      <DialogHeader>
        <DialogTitle>{event ? m.admin_events_edit_title() : m.admin_events_add()}</DialogTitle>
        <DialogDescription>{m.admin_events_description()}</DialogDescription>
      </DialogHeader>
      <div className="grid gap-4">
        <TextField id="event-title" label={m.admin_field_title()} limit={TEXT_LIMITS.itemTitle} value={values.title} error={errors.title} onChange={(v) => set('title', v)} />
        <TextAreaField id="event-description" label={m.admin_field_description()} limit={TEXT_LIMITS.itemDescription} rows={3} value={values.description} error={errors.description} onChange={(v) => set('description', v)} />
        <TextField id="event-location" label={m.admin_events_location()} limit={TEXT_LIMITS.eventLocation} value={values.location} error={errors.location} onChange={(v) => set('location', v)} />
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <TextField id="event-dateTime" label={m.admin_events_date_time()} type="datetime-local" value={values.dateTime} error={errors.dateTime} onChange={(v) => set('dateTime', v)} />
          <Field id="event-timeZone" label={m.admin_events_time_zone()} hint={m.admin_events_time_zone_hint({ zone: zoneLabel(siteZone) })} error={errors.timeZone}>
            <NativeSelect
              {...fieldA11y('event-timeZone', errors.timeZone, true)}
              value={values.timeZone || siteZone}
              disabled={zones.isPending}
              onChange={(change) => set('timeZone', change.target.value)}
            >
              {/* The event's zone stays listed even if this server no longer knows it. */}
              {[...new Set([values.timeZone || siteZone, ...(zones.data?.zones ?? [])])].map((zone) => (
                <option key={zone} value={zone}>
                  {zoneLabel(zone)}
                </option>
              ))}
            </NativeSelect>
          </Field>
        </div>
        {/* Top-aligned: a hint under one field must not push the other's box down. */}
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <TextField id="event-price" label={optional(m.admin_events_price())} hint={m.admin_events_price_hint()} inputMode="decimal" value={values.price} error={errors.price} onChange={(v) => set('price', v)} />
          <TextField
            id="event-maxAttendees"
            label={optional(m.admin_events_max_attendees())}
            hint={event && event.attendees > 0 ? m.admin_events_attending_hint({ count: event.attendees }) : undefined}
            type="number"
            min={1}
            inputMode="numeric"
            value={values.maxAttendees}
            error={errors.maxAttendees}
            onChange={(v) => set('maxAttendees', v)}
          />
        </div>
        <TextField id="event-images" label={optional(m.admin_field_images())} dir="ltr" hint={m.admin_common_images_hint()} value={values.images} error={errors.images} onChange={(v) => set('images', v)} />
        <AddImageButton value={values.images} onChange={(v) => set('images', v)} />
        <TextField id="event-tags" label={optional(m.admin_field_tags())} hint={m.admin_common_comma_separated()} value={values.tags} error={errors.tags} onChange={(v) => set('tags', v)} />
      </div>
      <DialogButtons creating={!event} pending={pending} onCancel={onDone} createLabel={m.admin_events_add()} updateLabel={m.admin_account_update()} />
    </form>
  );
}
