import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ExternalLink } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import type { ReportTargetType } from '#shared/moderation';
import { Badge } from '#client/components/ui/badge';
import { m } from '#i18n/messages';
import { formatCount } from '#client/lib/formats';
import { cn } from '#client/lib/utils';
import { trpc } from '#client/trpc';
import { adminListOptions, fullName, useAdminErrorHandler, useAdminSuccess } from './admin-kit';

/** What the Reports and Review Queue tabs share: the badges' count, and a member's text shown in its context. */

/** Every kind with its label (the type makes the copy name each one). */
export const KIND_LABELS: Record<ReportTargetType, () => string> = {
  forum_post: m.admin_kind_forum_post,
  podcast_comment: m.admin_kind_podcast_comment,
  blog_comment: m.admin_kind_blog_comment,
  forum_comment: m.admin_kind_forum_comment,
  listing: m.admin_kind_listing,
  member: m.admin_kind_member,
};

/** New work arrives from members while the panel is open: the counts look again every minute. */
const WAITING_REFRESH_MS = 60_000;

/** The counts in one call; each tab's trigger reads its own. */
export const waitingQuery = () => ({ ...trpc.admin.moderation.waiting.queryOptions(), ...adminListOptions, refetchInterval: WAITING_REFRESH_MS });

/** A queue's number on its tab's trigger, only while work waits; read after the tab's name ('Reports (3 waiting)'). */
export function WaitingCount({ of }: { of: 'applications' | 'reports' | 'review' }) {
  const waiting = useQuery(waitingQuery());
  const n = waiting.data?.[of] ?? 0;
  if (n === 0) return null;
  return (
    <Badge variant="default" className="ms-2 tabular-nums">
      <span aria-hidden="true">{formatCount(n)}</span>
      <span className="sr-only">{` (${m.admin_queues_waiting_count({ count: n })})`}</span>
    </Badge>
  );
}

/** A member as the queues name her: moderators get no email (and her last initial only). */
type Person = { firstName: string; lastName: string; email?: string };

/** The words naming an item in buttons' labels: a post or listing by its title, a comment by its author, a member by her name. */
export function subjectOf(kind: ReportTargetType, item: { title: string | null; author: Person | null } | null): string {
  if (kind === 'member' && item?.author) return fullName(item.author);
  if (item?.title) return m.admin_queues_subject_titled({ title: item.title });
  return item?.author ? m.admin_queues_subject_by({ kind: KIND_LABELS[kind]().toLowerCase(), name: fullName(item.author) }) : KIND_LABELS[kind]().toLowerCase();
}

/** A card's heading when the item has no title: 'Forum comment by Hana Yusuf'. */
export function headingOf(kind: ReportTargetType, author: Person | null): string {
  if (!author) return KIND_LABELS[kind]();
  const words = m.admin_queues_subject_by({ kind: KIND_LABELS[kind]().toLowerCase(), name: fullName(author) });
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Longer texts start clamped, so the decision buttons stay near the top of the card. */
const CLAMPED_FROM_CHARS = 600;

/** A member's text; a long one shows its first lines and a 'Show all' that opens the rest. */
function LongText({ text }: { text: string }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const long = text.length > CLAMPED_FROM_CHARS;
  return (
    <div className="grid justify-items-start gap-1">
      <p id={id} dir="auto" className={cn('text-sm whitespace-pre-line [overflow-wrap:anywhere] text-foreground/90', long && !open && 'line-clamp-6')}>
        {text}
      </p>
      {long ? (
        <button type="button" aria-expanded={open} aria-controls={id} onClick={() => setOpen((was) => !was)} className="text-sm font-semibold text-primary underline-offset-4 hover:underline">
          {open ? m.admin_queues_show_less() : m.admin_queues_show_all()}
        </button>
      ) : null}
    </div>
  );
}

/**
 * A member's title and text, as text (never HTML), each in its own direction; then where it was
 * written (opened in a new tab, so the queue keeps its place) and who wrote it (name and email:
 * moderators reach or suspend her from here).
 */
export function MemberText({
  title,
  heading,
  text,
  emptyText,
  context,
  author,
  authorLabel = m.admin_queues_author(),
}: {
  title: string | null;
  /** The card's heading for screen readers when the item has no title of its own (a comment). */
  heading: string;
  text: string;
  emptyText?: string;
  context: { title: string; href: string } | null;
  author: Person | null;
  /** 'By' for what she wrote; a reported profile names her 'Member'. */
  authorLabel?: string;
}) {
  // A forum post's thread is itself, a listing's page is the directory: no title to repeat.
  const ownPage = context !== null && context.title === title;
  return (
    <div className="grid min-w-0 content-start gap-2">
      {title ? (
        <h3 dir="auto" className="text-lg leading-snug font-semibold [overflow-wrap:anywhere]">
          {title}
        </h3>
      ) : (
        <h3 className="sr-only">{heading}</h3>
      )}
      {text ? (
        <LongText text={text} />
      ) : emptyText ? (
        <p className="text-sm text-muted-foreground italic">{emptyText}</p>
      ) : null}
      <dl className="grid gap-1 text-sm">
        {context ? (
          <Detail label={ownPage ? m.admin_queues_link() : m.admin_queues_thread()}>
            <a href={context.href} target="_blank" rel="noopener noreferrer" className="font-medium [overflow-wrap:anywhere] text-primary underline-offset-4 hover:underline">
              {ownPage ? m.admin_queues_on_site() : <bdi>{context.title}</bdi>}
              <ExternalLink className="ms-1 inline size-3.5 align-[-0.125em] rtl:-scale-x-100" aria-hidden="true" />
              <span className="sr-only">{` ${m.admin_queues_opens_in_new_tab()}`}</span>
            </a>
          </Detail>
        ) : null}
        {author ? (
          <Detail label={authorLabel}>
            <bdi className="font-medium">{fullName(author)}</bdi>
            {author.email ? (
              <>
                <span className="text-muted-foreground"> · </span>
                <span className="[overflow-wrap:anywhere] text-muted-foreground">{author.email}</span>
              </>
            ) : null}
          </Detail>
        ) : null}
      </dl>
    </div>
  );
}

/** A label and its value in one run of text, so a long value wraps under the label on a phone. */
function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="inline text-muted-foreground">{label}: </dt>
      <dd className="inline">{children}</dd>
    </div>
  );
}

/** A review decision changes the queue, the badges, the audit log and the public lists. */
const listsAReviewDecisionChanges = () => [trpc.admin.moderation.pathFilter(), trpc.admin.audit.pathFilter()];

/**
 * The callbacks of a review decision (approve or reject) with the success toast's words. A
 * refusal (gone, decided by another moderator, or replaced by her newer change meanwhile) shows
 * the queue as it is now.
 */
export function useReviewDecision(): (description: string) => { onError: (error: unknown) => void; onSuccess: (result: { message: string }) => void } {
  const onError = useAdminErrorHandler();
  const succeed = useAdminSuccess();
  const queryClient = useQueryClient();
  return (description) => ({
    onError: (error) => {
      onError(error);
      for (const filter of listsAReviewDecisionChanges()) void queryClient.invalidateQueries(filter);
    },
    onSuccess: (result) => succeed(result.message, description, ...listsAReviewDecisionChanges()),
  });
}
