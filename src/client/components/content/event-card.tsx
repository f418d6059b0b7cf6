import { useMutation, useQuery } from '@tanstack/react-query';
import { CalendarDays, Clock, MapPin, Ticket, Users } from 'lucide-react';
import { messages } from '../../../shared/messages';
import { contentCopy } from '../../copy/content';
import { useSession } from '../../lib/session';
import { queryClient, type RouterOutputs, trpc } from '../../trpc';
import { pageQueries } from '../../lib/page-queries';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { Skeleton } from '../ui/skeleton';
import { toast } from '../ui/toast';
import { isAuthFailure, toastSignInRequired } from './feedback';
import { eventDate, eventTime, formatPrice } from './format';
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
  const t = contentCopy.events;
  const date = new Date(event.dateTime);
  const { spotsLeft } = event;
  return (
    <Card className="flex flex-col overflow-hidden">
      <SafeImage src={event.images[0]} alt="" className="aspect-[2/1] w-full" leading={leading} />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <h3 className="text-lg font-semibold">{event.title}</h3>
        <p className="line-clamp-3 text-sm text-muted-foreground">{event.description}</p>
        <dl className="grid gap-1.5 text-sm">
          <div className="flex items-center gap-2">
            <CalendarDays className="size-4 text-primary" aria-hidden="true" />
            <dt className="sr-only">{t.date}</dt>
            <dd>
              <time dateTime={date.toISOString()}>{eventDate(date)}</time>
            </dd>
          </div>
          <div className="flex items-center gap-2">
            <Clock className="size-4 text-primary" aria-hidden="true" />
            <dt className="sr-only">{t.time}</dt>
            <dd>{eventTime(date)}</dd>
          </div>
          <div className="flex items-center gap-2">
            <MapPin className="size-4 text-primary" aria-hidden="true" />
            <dt className="sr-only">{t.location}</dt>
            <dd>{event.location}</dd>
          </div>
          <div className="flex items-center gap-2">
            <Ticket className="size-4 text-primary" aria-hidden="true" />
            <dt className="sr-only">{t.price}</dt>
            <dd className="font-semibold">{formatPrice(event.price)}</dd>
          </div>
        </dl>
        {upcoming && spotsLeft !== null ? (
          <Badge variant={spotsLeft === 0 ? 'muted' : 'secondary'} className="self-start">
            <Users className="size-3.5" aria-hidden="true" />
            {spotsLeft === 0 ? t.full : t.spotsLeft(spotsLeft)}
          </Badge>
        ) : null}
        {upcoming ? <AttendButton event={event} full={spotsLeft === 0} /> : null}
      </div>
    </Card>
  );
}

function AttendButton({ event, full }: { event: EventItem; full: boolean }) {
  const t = contentCopy.events;
  const { user } = useSession();
  const rsvpsOptions = pageQueries.eventRsvps(event.id);
  const rsvps = useQuery({ ...rsvpsOptions, enabled: Boolean(user) });
  const attending = Boolean(user && rsvps.data?.some((rsvp) => rsvp.userId === user.id && rsvp.status === 'attending'));

  const rsvp = useMutation(
    trpc.content.events.rsvp.mutationOptions({
      onSuccess: () => {
        toast({ title: messages.comments.successTitle, description: messages.events.attendSuccess });
        // After an RSVP the RSVPs refresh; the list's spots-left count too.
        void queryClient.invalidateQueries({ queryKey: rsvpsOptions.queryKey });
        void queryClient.invalidateQueries({ queryKey: trpc.content.events.list.pathKey() });
      },
      onError: (error) => {
        if (isAuthFailure(error)) toastSignInRequired(messages.events.loginToAttend);
        else toast({ title: messages.comments.errorTitle, description: messages.events.attendFailed, variant: 'destructive' });
      },
    }),
  );

  function attend() {
    if (!user) return toastSignInRequired(messages.events.loginToAttend);
    rsvp.mutate({ id: event.id });
  }

  return (
    <div className="mt-auto pt-2">
      <Button onClick={attend} disabled={attending || rsvp.isPending || (full && !attending)} aria-label={attending ? `${t.attending}: ${event.title}` : `${t.attend}: ${event.title}`}>
        {attending ? t.attending : rsvp.isPending ? t.attendBusy : t.attend}
      </Button>
    </div>
  );
}
