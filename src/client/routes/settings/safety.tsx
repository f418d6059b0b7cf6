import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { Flag, UserX } from 'lucide-react';
import { Badge } from '#client/components/ui/badge';
import { Button } from '#client/components/ui/button';
import { Skeleton } from '#client/components/ui/skeleton';
import { toast } from '#client/components/ui/toast';
import { safetyCopy } from '#client/copy/safety';
import { errorMessage } from '#client/lib/errors';
import { shortDate } from '#client/lib/formats';
import { nextCursorFor } from '#client/lib/paging';
import { useSession } from '#client/lib/session';
import { queryClient, trpc, type RouterOutputs, type Trpc } from '#client/trpc';
import { SignInNotice } from '../community/-components/sign-in-notice';

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

const t = safetyCopy.page;
const queries = safetyQueries(trpc);

type Report = RouterOutputs['content']['reports']['mine'][number];
type Block = RouterOutputs['content']['blocks']['list'][number];

/** /settings/safety: her reports and whether a moderator has looked at them, and the members she blocked. */
function SafetyPage() {
  const { user } = useSession();
  return (
    <div className="mx-auto grid max-w-3xl gap-10 px-4 py-8 sm:py-12">
      <header className="grid gap-2">
        <h1 className="font-display text-3xl font-semibold tracking-tight sm:text-4xl">{t.title}</h1>
        <p className="max-w-2xl text-muted-foreground">{t.subtitle}</p>
      </header>
      {user ? (
        <>
          <Reports />
          <Blocks />
        </>
      ) : (
        <SignInNotice prompt={t.signInTitle} />
      )}
    </div>
  );
}

function SectionTitle({ id, icon: Icon, children }: { id: string; icon: typeof Flag; children: string }) {
  return (
    <h2 id={id} className="flex items-center gap-2.5 text-2xl font-semibold">
      <span className="grid size-9 shrink-0 place-items-center rounded-full bg-secondary text-secondary-foreground">
        <Icon className="size-4" aria-hidden="true" />
      </span>
      {children}
    </h2>
  );
}

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className="grid justify-items-center gap-3 rounded-2xl border border-destructive/30 bg-destructive/5 p-6 text-center">
      <p className="font-medium text-destructive">{t.loadFailed}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        {t.retry}
      </Button>
    </div>
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
        {t.reportsTitle}
      </SectionTitle>
      {reports.isPending ? (
        <Skeleton className="h-28 rounded-2xl" />
      ) : reports.isError ? (
        <LoadFailed onRetry={() => void reports.refetch()} />
      ) : items.length === 0 ? (
        <Empty title={t.reportsEmpty} hint={t.reportsEmptyHint} />
      ) : (
        <ul className="grid gap-3">
          {items.map((report) => (
            <ReportRow key={report.id} report={report} />
          ))}
        </ul>
      )}
      {reports.hasNextPage ? (
        <Button variant="outline" className="justify-self-center" disabled={reports.isFetchingNextPage} onClick={() => void reports.fetchNextPage()}>
          {reports.isFetchingNextPage ? t.loadingMore : t.loadMore}
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
        <span className="text-sm font-medium text-muted-foreground">{t.targetTypes[report.targetType]}</span>
        <Badge variant={reviewed ? 'success' : 'secondary'}>{t.status[report.status]}</Badge>
      </div>
      {report.label ? (
        <p dir="auto" className="text-start font-semibold">
          {/* A comment is quoted: its first words, not a title or a name. */}
          {report.targetType.endsWith('_comment') ? t.quoted(report.label) : report.label}
        </p>
      ) : (
        <p className="italic text-muted-foreground">{t.labelGone}</p>
      )}
      <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
        <div className="flex gap-1.5">
          <dt className="text-muted-foreground">{t.reason}:</dt>
          <dd className="font-medium">{safetyCopy.report.reasons[report.reason]}</dd>
        </div>
        <div className="flex gap-1.5">
          <dt className="text-muted-foreground">{t.reported}:</dt>
          <dd className="font-medium">
            <time dateTime={created.toISOString()}>{shortDate(created)}</time>
          </dd>
        </div>
      </dl>
      {report.details ? (
        <p className="rounded-xl bg-muted/60 px-3 py-2 text-sm">
          <span className="font-medium text-muted-foreground">{t.yourNote}: </span>
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
        {t.blocksTitle}
      </SectionTitle>
      {blocks.isPending ? (
        <Skeleton className="h-20 rounded-2xl" />
      ) : blocks.isError ? (
        <LoadFailed onRetry={() => void blocks.refetch()} />
      ) : blocks.data.length === 0 ? (
        <Empty title={t.blocksEmpty} hint={t.blocksHint} />
      ) : (
        <>
          <p className="text-sm text-muted-foreground">{t.blocksHint}</p>
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
      onError: (failure) => toast({ title: t.failedTitle, description: errorMessage(failure), variant: 'destructive' }),
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
          <time dateTime={created.toISOString()}>{t.blockedOn(shortDate(created))}</time>
        </span>
      </div>
      <Button variant="outline" size="sm" aria-label={t.unblockLabel(name)} disabled={unblock.isPending} onClick={() => unblock.mutate({ userId: block.userId })}>
        {unblock.isPending ? t.unblockBusy : t.unblock}
      </Button>
    </li>
  );
}
