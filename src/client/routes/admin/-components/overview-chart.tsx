import { Minus, TrendingDown, TrendingUp } from 'lucide-react';
import { Card } from '#client/components/ui/card';
import { m } from '#i18n/messages';
import { dayMonth, formatCount, shortDate } from '#client/lib/formats';

/** The change from the week before, its size already written out: '+3 vs last week', '−1,165 vs last week'. */
const overviewChange = (delta: number, size: string) => (delta === 0 ? m.admin_overview_same() : delta > 0 ? m.admin_overview_up({ size }) : m.admin_overview_down({ size }));

/**
 * One small chart of the Overview: the latest week's number with its change, bars (or a line)
 * over the weeks drawn as inline SVG (no chart library in the admin chunk), and the same
 * numbers as a table, which is what screen readers get: the drawing is hidden from them.
 */

/** 'YYYY-MM-DD' as the day it names, built in local time so every time zone shows that day. */
function dayOf(isoDay: string): Date {
  const [year = 0, month = 1, day = 1] = isoDay.split('-').map(Number);
  return new Date(year, month - 1, day);
}

/** A week by its Monday: 'Nov 17' (twelve weeks never need the year to tell them apart). */
export const weekLabel = (weekStart: string) => dayMonth(dayOf(weekStart));

/** The same with its year, 'Nov 17, 2025', where the weeks are introduced. */
export const weekLabelWithYear = (weekStart: string) => shortDate(dayOf(weekStart));

export interface ChartSeries {
  label: string;
  values: number[];
  /** Two series in one chart are told apart by lightness, which survives any colour vision. */
  tone: 'solid' | 'light';
}

const BAR_FILL = { solid: 'fill-primary', light: 'fill-primary/35' } as const;

/** viewBox units: each week is 10 wide, the height is 100; CSS stretches it to the card. */
const SLOT = 10;
const HEIGHT = 100;
/** Room above the tallest bar, and a stub so an empty week still shows its place. */
const TOP = 6;
const STUB = 1.5;

export function OverviewChart({
  title,
  hint,
  weeks,
  series,
  kind = 'bars',
  latestLabel = m.admin_overview_this_week(),
}: {
  title: string;
  hint: string;
  /** Each week's Monday, oldest first; every series has one value per week. */
  weeks: string[];
  series: ChartSeries[];
  kind?: 'bars' | 'line';
  latestLabel?: string;
}) {
  const max = Math.max(1, ...series.flatMap((line) => line.values));
  const scale = (value: number) => (value / max) * (HEIGHT - TOP);
  // Four rows of its list's grid (subgrid): each part lines up with the same part of the charts
  // beside it, and an opened table lengthens its row without stretching the others' charts.
  return (
    <Card className="row-span-4 grid min-w-0 grid-rows-subgrid gap-3 p-5">
      <div>
        <h4 className="font-semibold">{title}</h4>
        <p className="text-sm text-muted-foreground">{hint}</p>
      </div>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        {series.map((line) => (
          <Latest key={line.label} series={line} named={series.length > 1} latestLabel={latestLabel} />
        ))}
      </div>
      <div aria-hidden="true" className="self-end">
        {/* Right to left, the weeks run from the right like the labels under them. */}
        <svg viewBox={`0 0 ${weeks.length * SLOT} ${HEIGHT}`} preserveAspectRatio="none" className="block h-20 w-full overflow-visible rtl:-scale-x-100">
          {kind === 'line' ? <Line values={series[0]?.values ?? []} weeks={weeks} scale={scale} /> : <Bars series={series} weeks={weeks} scale={scale} />}
          <line x1={0} x2={weeks.length * SLOT} y1={HEIGHT} y2={HEIGHT} className="stroke-border" strokeWidth={1} vectorEffect="non-scaling-stroke" />
        </svg>
        <div className="mt-1.5 flex justify-between text-xs text-muted-foreground">
          <span>{weeks[0] ? weekLabel(weeks[0]) : null}</span>
          <span>{weeks.at(-1) ? weekLabel(weeks.at(-1)!) : null}</span>
        </div>
      </div>
      <details className="text-sm">
        <summary className="w-fit cursor-pointer rounded-md font-semibold text-primary underline-offset-4 hover:underline focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring">
          {m.admin_overview_show_table()}
          <span className="sr-only">{`: ${title}`}</span>
        </summary>
        <table className="mt-2 w-full tabular-nums">
          <caption className="sr-only">{m.admin_overview_table_caption({ chart: title })}</caption>
          <thead>
            <tr className="border-b border-border text-muted-foreground">
              <th scope="col" className="py-1 text-start font-medium">
                {m.admin_overview_week()}
              </th>
              {series.map((line) => (
                <th key={line.label} scope="col" className="py-1 text-end font-medium">
                  {line.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {weeks.map((week, index) => (
              <tr key={week} className="border-b border-border/60 last:border-0">
                <th scope="row" className="py-1 text-start font-normal">
                  {weekLabel(week)}
                </th>
                {series.map((line) => (
                  <td key={line.label} className="py-1 text-end">
                    {formatCount(line.values[index] ?? 0)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </Card>
  );
}

/** The latest week's number, large, and its change from the week before. */
function Latest({ series, named, latestLabel }: { series: ChartSeries; named: boolean; latestLabel: string }) {
  const latest = series.values.at(-1) ?? 0;
  const delta = latest - (series.values.at(-2) ?? latest);
  const Trend = delta > 0 ? TrendingUp : delta < 0 ? TrendingDown : Minus;
  return (
    <p className="grid content-start gap-0.5">
      {named ? (
        <span className="flex items-center gap-1.5 text-sm text-muted-foreground">
          <svg aria-hidden="true" viewBox="0 0 10 10" className="size-2.5">
            <rect width={10} height={10} rx={2} className={BAR_FILL[series.tone]} />
          </svg>
          {series.label}
        </span>
      ) : null}
      <span className="flex items-baseline gap-2">
        <span className="text-3xl font-semibold tabular-nums">{formatCount(latest)}</span>
        <span className="text-sm text-muted-foreground">{latestLabel}</span>
      </span>
      <span className="flex items-center gap-1 text-sm text-muted-foreground">
        <Trend className="size-4 shrink-0 rtl:-scale-x-100" aria-hidden="true" />
        {overviewChange(delta, formatCount(Math.abs(delta)))}
      </span>
    </p>
  );
}

/** One bar per series per week, side by side; a hover shows the week and the number. */
function Bars({ series, weeks, scale }: { series: ChartSeries[]; weeks: string[]; scale: (value: number) => number }) {
  const groupWidth = SLOT * 0.7;
  const barWidth = groupWidth / Math.max(1, series.length);
  return (
    <>
      {weeks.map((week, index) =>
        series.map((line, position) => {
          const value = line.values[index] ?? 0;
          const height = value > 0 ? Math.max(scale(value), STUB) : STUB;
          return (
            <rect
              key={`${week}-${line.label}`}
              x={index * SLOT + (SLOT - groupWidth) / 2 + position * barWidth}
              y={HEIGHT - height}
              width={barWidth}
              height={height}
              className={value > 0 ? BAR_FILL[line.tone] : 'fill-border'}
            >
              <title>{`${weekLabel(week)} · ${line.label}: ${formatCount(value)}`}</title>
            </rect>
          );
        }),
      )}
    </>
  );
}

/** A level over the weeks (subscribers): a line with a light area under it and a dot on the latest week. */
function Line({ values, weeks, scale }: { values: number[]; weeks: string[]; scale: (value: number) => number }) {
  const points = values.map((value, index) => [index * SLOT + SLOT / 2, HEIGHT - scale(value)] as const);
  const last = points.at(-1);
  if (!last) return null;
  const path = points.map(([x, y]) => `${x},${y}`).join(' ');
  return (
    <>
      <polygon points={`${points[0]![0]},${HEIGHT} ${path} ${last[0]},${HEIGHT}`} className="fill-primary/10" />
      <polyline points={path} fill="none" className="stroke-primary" strokeWidth={2} strokeLinejoin="round" vectorEffect="non-scaling-stroke" />
      {/* A zero-length line with round caps: a dot that stays round however the chart is stretched. */}
      <line x1={last[0]} y1={last[1]} x2={last[0]} y2={last[1]} className="stroke-primary" strokeWidth={7} strokeLinecap="round" vectorEffect="non-scaling-stroke" />
      {points.map(([x], index) => (
        <rect key={weeks[index]} x={x - SLOT / 2} y={0} width={SLOT} height={HEIGHT} fill="transparent">
          <title>{`${weekLabel(weeks[index]!)}: ${formatCount(values[index] ?? 0)}`}</title>
        </rect>
      ))}
    </>
  );
}
