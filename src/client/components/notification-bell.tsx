import { useInfiniteQuery, useMutation, type InfiniteData } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { Bell, Settings } from 'lucide-react';
import { useEffect, useId, useRef, useState, type MouseEvent } from 'react';
import { m } from '#i18n/messages';
import type { NotificationKind } from '#shared/notifications';
import { errorMessage } from '#client/lib/errors';
import { formatCount, relativeTime } from '#client/lib/formats';
import { cn } from '#client/lib/utils';
import { queryClient, trpc, type RouterOutputs } from '#client/trpc';
import { Button } from './ui/button';
import { Popover, PopoverContent, PopoverTrigger } from './ui/popover';
import { Skeleton } from './ui/skeleton';
import { toast } from './ui/toast';

type NotificationPage = RouterOutputs['content']['notifications']['list'];
type NotificationItem = NotificationPage['items'][number];

/** Notifications a page of the bell's list holds: a phone's screen of them. */
const BELL_PAGE_SIZE = 10;
/** The badge stops here; the button's name still says the whole count. */
const BADGE_MAX = 99;

const listOptions = () =>
  trpc.content.notifications.list.infiniteQueryOptions({ limit: BELL_PAGE_SIZE }, { getNextPageParam: (page) => page.nextCursor ?? undefined, staleTime: 0 });

/** A title (members' text) isolated in the sentence, so a Latin title reads right in an Arabic one and the other way. */
const isolated = (text: string) => `\u2068${text}\u2069`;

const EVENT_CHANGES: Record<string, (title: { title: string }) => string> = {
  time: (words) => m.bell_event_changed_time(words),
  place: (words) => m.bell_event_changed_place(words),
  time_and_place: (words) => m.bell_event_changed_time_and_place(words),
  cancelled: (words) => m.bell_event_changed_cancelled(words),
};

/** What happened, in her language: who (a display name) did what, where. */
function describe(item: NotificationItem): string {
  const title = isolated(item.target.title);
  const actor = isolated(item.actor ? `${item.actor.firstName} ${item.actor.lastName}` : m.bell_someone());
  const lines: Record<NotificationKind, () => string> = {
    reply: () => m.bell_reply({ actor, title }),
    mention: () => m.bell_mention({ actor, title }),
    held_approved: () => m.bell_held_approved({ title }),
    held_rejected: () => m.bell_held_rejected({ title }),
    waitlist_promoted: () => m.bell_waitlist_promoted({ title }),
    event_reminder: () => m.bell_event_reminder({ title }),
    event_changed: () => (EVENT_CHANGES[item.detail ?? ''] ?? EVENT_CHANGES.time!)({ title }),
    report_resolved: () => m.bell_report_resolved(),
    report_new: () => m.bell_report_new(),
    review_waiting: () => m.bell_review_waiting({ title }),
  };
  return lines[item.kind]();
}

/**
 * Her unread count, live. This stream is the one place the client uses EventSource rather than
 * tRPC: the server pushes the count (`event: unread`, `data: {"unread": n}`) on
 * GET /api/notifications/stream when it opens and whenever it changes, in any server process
 * (src/server/notifications/live.ts). The browser reconnects by itself after a drop; the stream
 * closes when the bell goes (she signed out, or the page is left).
 */
function useLiveUnread(onCount: (unread: number) => void) {
  const latest = useRef(onCount);
  latest.current = onCount;
  useEffect(() => {
    const source = new EventSource('/api/notifications/stream');
    source.addEventListener('unread', (event) => {
      const { unread } = JSON.parse((event as MessageEvent<string>).data) as { unread: number };
      latest.current(unread);
    });
    return () => source.close();
  }, []);
}

/** Her cached pages with these notifications (or all) read, as the server now holds them. */
function markedRead(ids: number[] | 'all') {
  const readAt = new Date().toISOString();
  queryClient.setQueriesData<InfiniteData<NotificationPage>>({ queryKey: listOptions().queryKey }, (data) =>
    data && {
      ...data,
      pages: data.pages.map((page) => ({ ...page, items: page.items.map((item) => (item.readAt === null && (ids === 'all' || ids.includes(item.id)) ? { ...item, readAt } : item)) })),
    },
  );
}

/**
 * The top bar's bell, for signed-in members (its own lazily loaded chunk: visitors never load
 * it): her unread count, live, and the list of her notifications, newest first, a page at a
 * time; an item opened is read, and "Mark all as read" reads them all.
 */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const [unread, setUnread] = useState<number | null>(null);
  // Said aloud only when the count grows while she is here: not on load, nor when she reads.
  const [announced, setAnnounced] = useState('');
  const shown = useRef<number | null>(null);

  const count = (next: number, { live }: { live: boolean }) => {
    const before = shown.current;
    shown.current = next;
    setUnread(next);
    if (before === next) return;
    if (live && before !== null && next > before) setAnnounced(m.bell_label_unread({ count: next }));
    // Something new arrived or was read elsewhere: the list is asked again when it shows.
    if (live && before !== null) void queryClient.invalidateQueries({ queryKey: listOptions().queryKey });
  };
  useLiveUnread((next) => count(next, { live: true }));

  const read = useMutation(
    trpc.content.notifications.read.mutationOptions({
      onSuccess: (result, input) => {
        markedRead(input.ids ?? 'all');
        count(result.unread, { live: false });
      },
      onError: (failure) => toast({ title: m.bell_title(), description: errorMessage(failure), variant: 'destructive' }),
    }),
  );

  const label = unread ? m.bell_label_unread({ count: unread }) : m.bell_title();
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <button type="button" aria-label={label} className="relative grid size-10 cursor-pointer place-items-center rounded-full text-foreground hover:bg-muted focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring">
          <Bell className="size-5" aria-hidden="true" />
          {unread ? (
            <span aria-hidden="true" className="absolute -end-0.5 -top-0.5 grid h-5 min-w-5 place-items-center rounded-full bg-primary px-1 text-xs font-bold leading-none text-primary-foreground tabular-nums">
              {unread > BADGE_MAX ? `${formatCount(BADGE_MAX)}+` : formatCount(unread)}
            </span>
          ) : null}
        </button>
      </PopoverTrigger>
      {/* A live region without the status role: the pages' own status messages stay the only ones. */}
      <span aria-live="polite" aria-atomic="true" className="sr-only">
        {announced}
      </span>
      <PopoverContent
        align="end"
        aria-label={m.bell_title()}
        // A phone gets a panel as wide as its screen; a laptop, a column under the bell.
        className="flex max-h-[min(36rem,calc(100dvh-5rem))] w-[calc(100vw-1rem)] flex-col sm:w-96"
      >
        <NotificationList unread={unread ?? 0} onUnread={(next) => count(next, { live: false })} onOpen={(item) => (item.readAt === null ? read.mutate({ ids: [item.id] }) : undefined)} onReadAll={() => read.mutate({ all: true })} onClose={() => setOpen(false)} />
      </PopoverContent>
    </Popover>
  );
}

function NotificationList({ unread, onUnread, onOpen, onReadAll, onClose }: { unread: number; onUnread: (unread: number) => void; onOpen: (item: NotificationItem) => void; onReadAll: () => void; onClose: () => void }) {
  const headingId = useId();
  const navigate = useNavigate();
  const notifications = useInfiniteQuery(listOptions());
  const items = notifications.data?.pages.flatMap((page) => page.items) ?? [];
  // The list's answer carries the count too (the stream's may not have come yet).
  const listed = notifications.data?.pages.at(-1)?.unread;
  useEffect(() => {
    if (listed !== undefined) onUnread(listed);
  }, [listed]);
  const list = useRef<HTMLUListElement>(null);
  // After "Load more", the keyboard moves to the first notification it brought.
  const [focusFrom, setFocusFrom] = useState<number | null>(null);
  useEffect(() => {
    if (focusFrom === null || notifications.isFetchingNextPage) return;
    list.current?.querySelectorAll('a')[focusFrom]?.focus();
    setFocusFrom(null);
  }, [focusFrom, notifications.isFetchingNextPage]);

  const follow = (event: MouseEvent<HTMLAnchorElement>, item: NotificationItem) => {
    onOpen(item);
    // A new tab or window (a modified click) opens it there; otherwise the router goes, and the bell closes.
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    onClose();
    void navigate({ href: item.href });
  };

  return (
    <>
      <div className="flex items-center justify-between gap-3 border-b border-border px-4 py-3">
        <h2 id={headingId} className="text-base font-semibold">
          {m.bell_title()}
        </h2>
        {unread > 0 ? (
          <Button variant="ghost" size="sm" className="-me-2 h-8 px-3 text-primary" onClick={onReadAll}>
            {m.bell_mark_all()}
          </Button>
        ) : null}
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain">
        {notifications.isPending ? (
          <div className="grid gap-2 p-3" aria-busy="true">
            <Skeleton className="h-14 rounded-xl" />
            <Skeleton className="h-14 rounded-xl" />
            <Skeleton className="h-14 rounded-xl" />
          </div>
        ) : notifications.isError ? (
          <div role="alert" className="grid justify-items-center gap-3 p-6 text-center">
            <p className="text-sm font-medium text-destructive">{m.bell_load_failed()}</p>
            <Button variant="outline" size="sm" onClick={() => void notifications.refetch()}>
              {m.bell_retry()}
            </Button>
          </div>
        ) : items.length === 0 ? (
          <p className="p-6 text-center text-sm text-muted-foreground">{m.bell_empty()}</p>
        ) : (
          <ul ref={list} aria-labelledby={headingId} className="grid gap-0.5 p-1.5">
            {items.map((item) => (
              <li key={item.id}>
                <a
                  href={item.href}
                  onClick={(event) => follow(event, item)}
                  className={cn(
                    'flex gap-3 rounded-xl px-3 py-2.5 text-sm outline-none hover:bg-muted focus-visible:bg-muted focus-visible:ring-3 focus-visible:ring-ring',
                    item.readAt === null ? 'bg-secondary/50' : 'text-muted-foreground',
                  )}
                >
                  <span aria-hidden="true" className={cn('mt-1.5 size-2 shrink-0 rounded-full', item.readAt === null ? 'bg-primary' : 'bg-transparent')} />
                  <span className="grid min-w-0 gap-0.5">
                    {item.readAt === null ? <span className="sr-only">{`${m.bell_unread()}: `}</span> : null}
                    <span className={cn('break-words', item.readAt === null && 'font-semibold text-foreground')}>{describe(item)}</span>
                    <time dateTime={new Date(item.createdAt).toISOString()} className="text-xs text-muted-foreground">
                      {relativeTime(item.createdAt)}
                    </time>
                  </span>
                </a>
              </li>
            ))}
          </ul>
        )}
        {notifications.hasNextPage ? (
          <div className="grid p-2 pt-0">
            <Button
              variant="ghost"
              size="sm"
              disabled={notifications.isFetchingNextPage}
              onClick={() => {
                setFocusFrom(items.length);
                void notifications.fetchNextPage();
              }}
            >
              {notifications.isFetchingNextPage ? m.bell_loading_more() : m.bell_load_more()}
            </Button>
          </div>
        ) : null}
      </div>
      <div className="border-t border-border p-1.5">
        <Link to="/settings/notifications" onClick={onClose} className="flex items-center gap-2 rounded-xl px-3 py-2 text-sm font-semibold text-primary hover:bg-muted focus-visible:outline-3 focus-visible:outline-ring [&_svg]:size-4">
          <Settings aria-hidden="true" />
          {m.notification_settings_title()}
        </Link>
      </div>
    </>
  );
}
