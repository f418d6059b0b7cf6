import { useQuery } from '@tanstack/react-query';
import { CircleCheck, Flag, ListChecks, UserPlus, type LucideIcon } from 'lucide-react';
import { Button } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import { Skeleton } from '#client/components/ui/skeleton';
import { m } from '#i18n/messages';
import { formatCount } from '#client/lib/formats';
import { cn } from '#client/lib/utils';
import { trpc, type RouterOutputs } from '#client/trpc';
import { adminListOptions, TabHeader } from './admin-kit';
import { OverviewChart, weekLabelWithYear, type ChartSeries } from './overview-chart';

const overviewCharts = {
  applications: {
    title: m.admin_chart_applications_title,
    hint: m.admin_chart_applications_hint,
  },
  activeMembers: {
    title: m.admin_chart_active_members_title,
    hint: m.admin_chart_active_members_hint,
  },
  posts: {
    title: m.admin_chart_posts_title,
    hint: m.admin_chart_posts_hint,
  },
  comments: {
    title: m.admin_chart_comments_title,
    hint: m.admin_chart_comments_hint,
  },
  rsvps: {
    title: m.admin_chart_rsvps_title,
    hint: m.admin_chart_rsvps_hint,
  },
  subscribers: {
    title: m.admin_chart_subscribers_title,
    hint: m.admin_chart_subscribers_hint,
  },
};

const overviewWaiting = {
  applications: {
    label: m.admin_overview_applications_label,
    open: m.admin_overview_applications_open,
  },
  reports: {
    label: m.admin_overview_reports_label,
    open: m.admin_overview_reports_open,
  },
  review: {
    label: m.admin_overview_review_label,
    open: m.admin_overview_review_open,
  },
};

type Overview = RouterOutputs['admin']['overview']['get'];
type Week = Overview['weeks'][number];

/** The tabs where work waits; the Overview's cards open them. */
export type WaitingTab = 'pending' | 'reports' | 'review';

const WAITING: { of: keyof Overview['waiting']; tab: WaitingTab; icon: LucideIcon }[] = [
  { of: 'applications', tab: 'pending', icon: UserPlus },
  { of: 'reports', tab: 'reports', icon: Flag },
  { of: 'review', tab: 'review', icon: ListChecks },
];

type ChartKey = 'applications' | 'activeMembers' | 'posts' | 'comments' | 'rsvps' | 'subscribers';

/** A chart of one count per week, named by its title. */
const one =
  (key: ChartKey) =>
  (weeks: Week[]): ChartSeries[] => [{ label: overviewCharts[key].title(), values: weeks.map((week) => week[key]), tone: 'solid' }];

/** Each chart's series, read from the weeks; applications and approvals share one. */
const CHARTS: { key: ChartKey; series: (weeks: Week[]) => ChartSeries[]; kind?: 'line'; latestLabel?: () => string }[] = [
  {
    key: 'applications',
    series: (weeks) => [
      { label: m.admin_series_applications(), values: weeks.map((week) => week.applications), tone: 'light' },
      { label: m.admin_series_approvals(), values: weeks.map((week) => week.approvals), tone: 'solid' },
    ],
  },
  { key: 'activeMembers', series: one('activeMembers') },
  { key: 'posts', series: one('posts') },
  { key: 'comments', series: one('comments') },
  { key: 'rsvps', series: one('rsvps') },
  { key: 'subscribers', series: one('subscribers'), kind: 'line', latestLabel: () => m.admin_overview_now() },
];

/** Work arrives while the panel is open, and the tab unmounts when she leaves it: it loads afresh each time it opens. */
const overviewOptions = { ...adminListOptions, refetchOnMount: 'always' as const };

/** The panel's first tab: what waits (each count opens its tab), then twelve weeks of community life. */
export function OverviewTab({ onOpenTab }: { onOpenTab: (tab: WaitingTab) => void }) {
  const overview = useQuery({ ...trpc.admin.overview.get.queryOptions(), ...overviewOptions });
  return (
    <section>
      <TabHeader title={m.admin_overview_tab()} />
      <p className="-mt-2 mb-5 text-sm text-muted-foreground">{m.admin_overview_explanation()}</p>
      {overview.isPending ? (
        <OverviewSkeleton />
      ) : overview.isError ? (
        <OverviewError onRetry={() => void overview.refetch()} />
      ) : (
        <div className="grid gap-8">
          <WaitingCards waiting={overview.data.waiting} onOpenTab={onOpenTab} />
          <Lives weeks={overview.data.weeks} />
        </div>
      )}
    </section>
  );
}

function WaitingCards({ waiting, onOpenTab }: { waiting: Overview['waiting']; onOpenTab: (tab: WaitingTab) => void }) {
  return (
    <section aria-labelledby="overview-waiting">
      <h3 id="overview-waiting" className="mb-3 text-lg font-semibold">
        {m.admin_overview_waiting_title()}
      </h3>
      <ul className="grid gap-4 sm:grid-cols-3">
        {WAITING.map(({ of, tab, icon: Icon }) => {
          const n = waiting[of];
          const words = overviewWaiting[of];
          return (
            <li key={of}>
              <Card className={cn('flex h-full flex-col gap-3 p-5', n > 0 ? 'border-primary/40' : 'bg-card/60 shadow-none')}>
                <h4 className="flex items-center gap-2 font-semibold">
                  <Icon className={cn('size-5 shrink-0', n > 0 ? 'text-primary' : 'text-muted-foreground')} aria-hidden="true" />
                  {words.label()}
                </h4>
                <div className="mt-auto flex flex-col items-start gap-3">
                  {n > 0 ? (
                    <p className="flex items-baseline gap-2">
                      <span className="text-4xl font-semibold text-primary tabular-nums">{formatCount(n)}</span>
                      <span className="text-sm text-muted-foreground">{m.admin_overview_waiting_now()}</span>
                    </p>
                  ) : (
                    <p className="flex items-baseline gap-2">
                      <span className="text-4xl font-semibold text-muted-foreground tabular-nums">{formatCount(0)}</span>
                      <span className="flex items-center gap-1 self-center text-sm font-medium text-success">
                        <CircleCheck className="size-4 shrink-0" aria-hidden="true" />
                        {m.admin_overview_nothing_waits()}
                      </span>
                    </p>
                  )}
                  <Button size="sm" variant={n > 0 ? 'default' : 'outline'} onClick={() => onOpenTab(tab)}>
                    {words.open()}
                  </Button>
                </div>
              </Card>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function Lives({ weeks }: { weeks: Week[] }) {
  const mondays = weeks.map((week) => week.weekStart);
  return (
    <section aria-labelledby="overview-lives">
      <h3 id="overview-lives" className="text-lg font-semibold">
        {m.admin_overview_lives_title()}
      </h3>
      {mondays[0] ? <p className="mb-3 text-sm text-muted-foreground">{m.admin_overview_lives_explanation({ count: weeks.length, from: weekLabelWithYear(mondays[0]) })}</p> : null}
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {CHARTS.map((chart) => (
          <li key={chart.key} className="row-span-4 grid min-w-0 grid-rows-subgrid">
            <OverviewChart
              title={overviewCharts[chart.key].title()}
              hint={overviewCharts[chart.key].hint()}
              weeks={mondays}
              series={chart.series(weeks)}
              kind={chart.kind}
              latestLabel={chart.latestLabel?.()}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The cards' and charts' shapes while the numbers load. */
function OverviewSkeleton() {
  return (
    <div className="grid gap-8" aria-busy="true" aria-label={m.common_loading()}>
      <div className="grid gap-4 sm:grid-cols-3">
        {Array.from({ length: WAITING.length }, (_, index) => (
          <Skeleton key={index} className="h-40 rounded-[var(--radius-card)]" />
        ))}
      </div>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {Array.from({ length: CHARTS.length }, (_, index) => (
          <Skeleton key={index} className="h-84 rounded-[var(--radius-card)]" />
        ))}
      </div>
    </div>
  );
}

/** As the lists' error (admin-kit's ListError), in the Overview's words. */
function OverviewError({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className="grid justify-items-center gap-3 rounded-[var(--radius-card)] border border-destructive/40 bg-card p-6 text-center">
      <p>{m.admin_overview_load_error()}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        {m.admin_common_retry()}
      </Button>
    </div>
  );
}
