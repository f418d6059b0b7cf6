import { useMutation, useQuery } from '@tanstack/react-query';
import { CalendarDays, CalendarPlus, Check, Clock, Hourglass, ListPlus, MapPin, Ticket, Users } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { messages } from '#shared/messages';
import { m } from '#i18n/messages';
import { errorMessage } from '#client/lib/errors';
import { eventDate, eventTime, formatCount, formatPrice } from '#client/lib/formats';
import { useSession } from '#client/lib/session';
import { queryClient, type RouterOutputs, trpc } from '#client/trpc';
import { pageQueries } from '#client/lib/page-queries';
import { ConfirmDelete, type ConfirmDeleteTexts } from '../confirm-delete';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { Skeleton } from '../ui/skeleton';
import { toast } from '../ui/toast';
import { isAuthFailure, toastSignInRequired } from './feedback';
import { SafeImage } from './safe-image';

export type EventItem = RouterOutputs['content']['events']['list'][number];

export function EventCardSkeleton() {
  return (
    <Card className="overflow-hidden" aria-hidden="true">
      <Skeleton className="aspect-[2/1] rounded-none" />
      <div className="grid gap-3 p-5">
        <Skeleton className="h-6 w-2/3" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="h-10 w-28 rounded-full" />
      </div>
    </Card>
  );
}

/** `leading`: the first card of its list, whose image loads first. */
export function EventCard({ event, upcoming, leading = false }: { event: EventItem; upcoming: boolean; leading?: boolean }) {
  const date = new Date(event.dateTime);
  const { spotsLeft } = event;
  return (
    <Card className="flex flex-col overflow-hidden">
      {/* Two columns on Home, the wider of its two grids. */}
      <SafeImage src={event.images[0]} alt="" className="aspect-[2/1] w-full" sizes="(min-width: 640px) 50vw, 100vw" leading={leading} />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <h3 dir="auto" className="text-start text-lg font-semibold">
          {event.title}
        </h3>
        <p dir="auto" className="line-clamp-3 text-start text-sm text-muted-foreground">
          {event.description}
        </p>
        <dl className="grid gap-1.5 text-sm">
          <div className="flex items-center gap-2">
            <CalendarDays className="size-4 text-primary" aria-hidden="true" />
            <dt className="sr-only">{m.content_events_date()}</dt>
            <dd>
              <time dateTime={date.toISOString()}>{eventDate(date, event.timeZone)}</time>
            </dd>
          </div>
          <div className="flex items-center gap-2">
            <Clock className="size-4 text-primary" aria-hidden="true" />
            <dt className="sr-only">{m.content_events_time()}</dt>
            <dd>{eventTime(date, event.timeZone)}</dd>
          </div>
          <div className="flex items-center gap-2">
            <MapPin className="size-4 text-primary" aria-hidden="true" />
            <dt className="sr-only">{m.content_events_location()}</dt>
            <dd dir="auto">{event.location}</dd>
          </div>
          <div className="flex items-center gap-2">
            <Ticket className="size-4 text-primary" aria-hidden="true" />
            <dt className="sr-only">{m.content_events_price()}</dt>
            <dd className="font-semibold">{formatPrice(event.price)}</dd>
          </div>
        </dl>
        {/* A plain link to the file: any calendar app opens it, no sign-in needed. */}
        <Button asChild variant="link" size="sm" className="h-8 self-start px-0">
          <a href={`/api/events/${event.id}/ics`} download aria-label={m.content_events_add_to_calendar_label({ title: event.title })}>
            <CalendarPlus aria-hidden="true" />
            {m.content_events_add_to_calendar()}
          </a>
        </Button>
        {upcoming && spotsLeft !== null ? (
          <Badge variant={spotsLeft === 0 ? 'muted' : 'secondary'} className="self-start">
            <Users className="size-3.5" aria-hidden="true" />
            {spotsLeft === 0 ? m.content_events_full() : m.content_events_spots_left({ count: spotsLeft })}
          </Badge>
        ) : null}
        {upcoming ? <RsvpActions event={event} full={spotsLeft === 0} /> : null}
      </div>
    </Card>
  );
}

/**
 * What she can do about an upcoming event: attend, or join the waitlist of a full one; once
 * in, cancel her spot or leave the waitlist (both asked first). Visitors get the sign-in prompt.
 */
function RsvpActions({ event, full }: { event: EventItem; full: boolean }) {
  const { user } = useSession();
  const rsvpsOptions = pageQueries.eventRsvps(event.id);
  const rsvps = useQuery({ ...rsvpsOptions, enabled: Boolean(user) });
  // An admin gets the whole list: hers is the one with her id.
  const mine = user ? rsvps.data?.find((rsvp) => rsvp.userId === user.id && rsvp.status !== 'cancelled') : undefined;
  const [confirming, setConfirming] = useState(false);
  const area = useRef<HTMLDivElement>(null);
  const status = mine?.status ?? 'none';
  // The RSVP state she just asked for: once the card shows it, the keyboard goes to its area.
  const [focusWhen, setFocusWhen] = useState<typeof status | null>(null);
  useEffect(() => {
    if (focusWhen === null || focusWhen !== status) return;
    setFocusWhen(null);
    // The button she pressed is gone or was disabled: its area's first control (or the area) takes focus.
    (area.current?.querySelector<HTMLButtonElement>('button:not(:disabled)') ?? area.current)?.focus();
  }, [focusWhen, status]);

  // Her RSVP and the list's counts follow each change; the button stays busy until they have.
  async function refresh() {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: rsvpsOptions.queryKey }),
      queryClient.invalidateQueries({ queryKey: trpc.content.events.list.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.content.events.byId.pathKey() }),
    ]);
  }

  const rsvp = useMutation(
    trpc.content.events.rsvp.mutationOptions({
      onSuccess: async (answer) => {
        setFocusWhen(answer.status === 'waitlisted' ? 'waitlisted' : 'attending');
        await refresh();
        if (answer.status === 'waitlisted') toast({ title: m.content_events_rsvp_waitlisted_title(), description: answer.message ?? m.content_events_rsvp_waiting() });
        else toast({ title: messages.comments.successTitle, description: messages.events.attendSuccess });
      },
      onError: (error) => {
        if (isAuthFailure(error)) toastSignInRequired(messages.events.loginToAttend);
        else toast({ title: messages.comments.errorTitle, description: errorMessage(error, messages.events.attendFailed), variant: 'destructive' });
      },
    }),
  );

  const cancel = useMutation(
    trpc.content.events.cancelRsvp.mutationOptions({
      onSuccess: async (answer) => {
        setFocusWhen('none');
        await refresh();
        setConfirming(false);
        toast({ title: m.content_events_rsvp_done_title(), description: answer.message });
      },
      onError: (error) => {
        if (isAuthFailure(error)) toastSignInRequired(messages.events.loginToAttend);
        else toast({ title: messages.comments.errorTitle, description: errorMessage(error), variant: 'destructive' });
      },
    }),
  );

  function attend() {
    if (!user) return toastSignInRequired(messages.events.loginToAttend);
    rsvp.mutate({ id: event.id });
  }

  const confirmCancel = (texts: ConfirmDeleteTexts, label: string) => (
    <ConfirmDelete
      texts={texts}
      open={confirming}
      onOpenChange={setConfirming}
      pending={cancel.isPending}
      onConfirm={() => cancel.mutate({ id: event.id })}
      trigger={
        <Button variant="outline" aria-label={m.content_action_on({ action: label, title: event.title })}>
          {label}
        </Button>
      }
    />
  );

  if (mine?.status === 'attending') {
    return (
      <div ref={area} tabIndex={-1} className="mt-auto flex flex-wrap items-center gap-2 pt-2 outline-none">
        <Button disabled aria-label={m.content_action_on({ action: m.content_events_attending(), title: event.title })}>
          <Check aria-hidden="true" />
          {m.content_events_attending()}
        </Button>
        {confirmCancel({
          title: m.content_events_rsvp_cancel_title(),
          body: m.content_events_rsvp_cancel_body(),
          cancel: m.content_events_rsvp_cancel_keep(),
          confirm: m.content_events_rsvp_cancel_confirm(),
          busy: m.content_events_rsvp_cancel_busy(),
        }, m.content_events_rsvp_cancel())}
      </div>
    );
  }
  if (mine?.status === 'waitlisted') {
    return (
      <div ref={area} tabIndex={-1} className="mt-auto grid justify-items-start gap-3 pt-2 outline-none">
        <p className="flex items-center gap-2 text-sm font-semibold">
          <Hourglass className="size-4 text-primary" aria-hidden="true" />
          {mine.position === null ? m.content_events_rsvp_waiting() : m.content_events_rsvp_position({ position: formatCount(mine.position) })}
        </p>
        {confirmCancel({
          title: m.content_events_rsvp_leave_title(),
          body: m.content_events_rsvp_leave_body(),
          cancel: m.content_events_rsvp_leave_stay(),
          confirm: m.content_events_rsvp_leave_confirm(),
          busy: m.content_events_rsvp_leave_busy(),
        }, m.content_events_rsvp_leave_waitlist())}
      </div>
    );
  }
  // A full event takes names for its waitlist; visitors see it full, as before.
  const waitlist = full && Boolean(user);
  const label = waitlist ? m.content_events_rsvp_join_waitlist() : m.content_events_attend();
  return (
    <div ref={area} tabIndex={-1} className="mt-auto pt-2 outline-none">
      <Button onClick={attend} disabled={rsvp.isPending || (Boolean(user) && rsvps.isPending) || (full && !user)} aria-label={m.content_action_on({ action: label, title: event.title })}>
        {waitlist ? <ListPlus aria-hidden="true" /> : null}
        {rsvp.isPending ? (waitlist ? m.content_events_rsvp_join_busy() : m.content_events_attend_busy()) : label}
      </Button>
    </div>
  );
}
