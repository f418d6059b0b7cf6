import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { Flag, UserX } from 'lucide-react';
import { Badge } from '#client/components/ui/badge';
import { Button } from '#client/components/ui/button';
import { Skeleton } from '#client/components/ui/skeleton';
import { toast } from '#client/components/ui/toast';
import { m } from '#i18n/messages';
import type { ReportTargetType } from '#shared/moderation';
import { errorMessage } from '#client/lib/errors';
import { shortDate } from '#client/lib/formats';
import { nextCursorFor } from '#client/lib/paging';
import { useSession } from '#client/lib/session';
import { queryClient, trpc, type RouterOutputs, type Trpc } from '#client/trpc';
import { SignInNotice } from '../community/-components/sign-in-notice';
import { LoadFailed, SectionTitle, SettingsPage } from './-components/account-kit';
import { REPORT_REASON_LABELS } from '#client/lib/labels';

const pageTargetTypes = {
  forum_post: m.safety_target_forum_post,
  forum_comment: m.safety_target_forum_comment,
  podcast_comment: m.safety_target_podcast_comment,
  blog_comment: m.safety_target_blog_comment,
  listing: m.safety_target_listing,
  member: m.safety_target_member,
} satisfies Record<ReportTargetType, () => string>;

const pageStatus = {
  open: m.safety_status_open,
  resolved: m.safety_status_resolved,
};


const REPORTS_PAGE_SIZE = 20;

/** The page's two lists, for the loader (the server renders them) and the screen alike. */
const safetyQueries = (client: Trpc) => ({
  reports: () =>
    client.content.reports.mine.infiniteQueryOptions({ limit: REPORTS_PAGE_SIZE }, { getNextPageParam: nextCursorFor(REPORTS_PAGE_SIZE) }),
  blocks: () => client.content.blocks.list.queryOptions(),
});

export const Route = createFileRoute('/settings/safety')({
  loader: ({ context }) => {
    // Members only: a visitor's page is the sign-in prompt and asks for nothing.
    if (!context.queryClient.getQueryData(context.trpc.auth.session.queryKey())) return;
    const queries = safetyQueries(context.trpc);
    void context.queryClient.prefetchInfiniteQuery(queries.reports());
    void context.queryClient.prefetchQuery(queries.blocks());
  },
  component: SafetyPage,
});

const queries = safetyQueries(trpc);

type Report = RouterOutputs['content']['reports']['mine'][number];
type Block = RouterOutputs['content']['blocks']['list'][number];

/** /settings/safety: her reports and whether a moderator has looked at them, and the members she blocked. */
function SafetyPage() {
  const { user } = useSession();
  return (
    <SettingsPage title={m.safety_page_title()} subtitle={m.safety_page_subtitle()}>
      {user ? (
        <>
          <Reports />
          <Blocks />
        </>
      ) : (
        <SignInNotice prompt={m.safety_page_sign_in_title()} />
      )}
    </SettingsPage>
  );
}

function Empty({ title, hint }: { title: string; hint: string }) {
  return (
    <div className="rounded-2xl border border-dashed border-border bg-card/60 px-5 py-8 text-center">
      <p className="font-semibold">{title}</p>
      <p className="mt-1 text-sm text-muted-foreground">{hint}</p>
    </div>
  );
}

function Reports() {
  const reports = useInfiniteQuery(queries.reports());
  const items = reports.data?.pages.flat() ?? [];
  return (
    <section aria-labelledby="my-reports" aria-busy={reports.isPending} className="grid gap-4">
      <SectionTitle id="my-reports" icon={Flag}>
        {m.safety_page_reports_title()}
      </SectionTitle>
      {reports.isPending ? (
        <Skeleton className="h-28 rounded-2xl" />
      ) : reports.isError ? (
        <LoadFailed message={m.safety_page_load_failed()} retry={m.safety_page_retry()} onRetry={() => void reports.refetch()} />
      ) : items.length === 0 ? (
        <Empty title={m.safety_page_reports_empty()} hint={m.safety_page_reports_empty_hint()} />
      ) : (
        <ul className="grid gap-3">
          {items.map((report) => (
            <ReportRow key={report.id} report={report} />
          ))}
        </ul>
      )}
      {reports.hasNextPage ? (
        <Button variant="outline" className="justify-self-center" disabled={reports.isFetchingNextPage} onClick={() => void reports.fetchNextPage()}>
          {reports.isFetchingNextPage ? m.safety_page_loading_more() : m.safety_page_load_more()}
        </Button>
      ) : null}
    </section>
  );
}

function ReportRow({ report }: { report: Report }) {
  const created = new Date(report.createdAt);
  const reviewed = report.status === 'resolved';
  return (
    <li className="grid gap-2 rounded-2xl border border-border bg-card p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="text-sm font-medium text-muted-foreground">{pageTargetTypes[report.targetType]()}</span>
        <Badge variant={reviewed ? 'success' : 'secondary'}>{pageStatus[report.status]()}</Badge>
      </div>
      {report.label ? (
        <p dir="auto" className="text-start font-semibold">
          {/* A comment is quoted: its first words, not a title or a name. */}
          {report.targetType.endsWith('_comment') ? m.safety_page_quoted({ text: report.label }) : report.label}
        </p>
      ) : (
        <p className="italic text-muted-foreground">{m.safety_page_label_gone()}</p>
      )}
      <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
        <div className="flex gap-1.5">
          <dt className="text-muted-foreground">{m.safety_page_reason()}:</dt>
          <dd className="font-medium">{REPORT_REASON_LABELS[report.reason]()}</dd>
        </div>
        <div className="flex gap-1.5">
          <dt className="text-muted-foreground">{m.safety_page_reported()}:</dt>
          <dd className="font-medium">
            <time dateTime={created.toISOString()}>{shortDate(created)}</time>
          </dd>
        </div>
      </dl>
      {report.details ? (
        <p className="rounded-xl bg-muted/60 px-3 py-2 text-sm">
          <span className="font-medium text-muted-foreground">{m.safety_page_your_note()}: </span>
          <span dir="auto" className="whitespace-pre-line">
            {report.details}
          </span>
        </p>
      ) : null}
    </li>
  );
}

function Blocks() {
  const blocks = useQuery(queries.blocks());
  return (
    <section aria-labelledby="my-blocks" aria-busy={blocks.isPending} className="grid gap-4">
      <SectionTitle id="my-blocks" icon={UserX}>
        {m.safety_page_blocks_title()}
      </SectionTitle>
      {blocks.isPending ? (
        <Skeleton className="h-20 rounded-2xl" />
      ) : blocks.isError ? (
        <LoadFailed message={m.safety_page_load_failed()} retry={m.safety_page_retry()} onRetry={() => void blocks.refetch()} />
      ) : blocks.data.length === 0 ? (
        <Empty title={m.safety_page_blocks_empty()} hint={m.safety_page_blocks_hint()} />
      ) : (
        <>
          <p className="text-sm text-muted-foreground">{m.safety_page_blocks_hint()}</p>
          <ul className="grid gap-3">
            {blocks.data.map((block) => (
              <BlockRow key={block.userId} block={block} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function BlockRow({ block }: { block: Block }) {
  const name = `${block.user.firstName} ${block.user.lastName}`.trim();
  const created = new Date(block.createdAt);
  const unblock = useMutation(
    trpc.content.blocks.delete.mutationOptions({
      onSuccess: async (result) => {
        toast({ title: result.message });
        // Her lists show the member's posts and comments again, and this list drops her.
        await queryClient.invalidateQueries(trpc.content.pathFilter());
      },
      onError: (failure) => toast({ title: m.safety_page_failed_title(), description: errorMessage(failure), variant: 'destructive' }),
    }),
  );
  return (
    <li className="flex items-center gap-3 rounded-2xl border border-border bg-card p-4 shadow-sm">
      <span aria-hidden="true" className="grid size-10 shrink-0 place-items-center rounded-full bg-secondary font-semibold text-secondary-foreground">
        {block.user.firstName[0]}
      </span>
      <div className="grid min-w-0 flex-1">
        <span dir="auto" className="max-w-full justify-self-start truncate text-start font-semibold">
          {name}
        </span>
        <span className="text-sm text-muted-foreground">
          <time dateTime={created.toISOString()}>{m.safety_page_blocked_on({ date: shortDate(created) })}</time>
        </span>
      </div>
      <Button variant="outline" size="sm" aria-label={m.safety_page_unblock_label({ name })} disabled={unblock.isPending} onClick={() => unblock.mutate({ userId: block.userId })}>
        {unblock.isPending ? m.safety_page_unblock_busy() : m.safety_page_unblock()}
      </Button>
    </li>
  );
}
