import { useMemo, type ReactNode } from 'react';
import type { ApexOptions } from 'apexcharts';
import { formatMoney } from '@loan/shared-util-format';
import { Card } from './card';
import { ChartLoading, CHART_EMPTY_TEXT, LazyChart, chartFrame, useDarkMode } from './chart';
import { EmptyState, ErrorState } from './states';
import { SummaryTable, type SummaryTableSpec } from './summary-table';

/** An axis label for an amount: 950, 12.5k, 3.4M (the exact figure is in the tooltip and the table). */
export function formatCompact(value: number): string {
  const a = Math.abs(value);
  if (a >= 1_000_000) return `${+(value / 1_000_000).toFixed(1)}M`;
  if (a >= 1_000) return `${+(value / 1_000).toFixed(1)}k`;
  return String(Math.round(value));
}

/** A report's bar chart as data: what is drawn, not how. */
export interface ReportChartSpec<D> {
  /** apexcharts id and the drawing's `data-testid`. */
  id: string;
  testId: string;
  colors: readonly string[];
  categories: (data: D) => string[];
  series: (data: D) => { name: string; data: number[] }[];
  /** Amounts (compact axis, money tooltip) or counts. */
  values: 'money' | 'count';
  horizontal?: boolean;
  stacked?: boolean;
  legend?: boolean;
  dataLabels?: boolean;
  /** Shorten long category labels ('Livingst...'); months are left whole. */
  trimLabels?: boolean;
  height: number | ((data: D) => number);
  /** Options over the defaults (a second axis, say). */
  options?: (data: D) => ApexOptions;
}

/**
 * One report as a descriptor: its card title, what its chart and table show, what it says
 * when there is nothing, and how chart and table sit (side by side on wide screens, or
 * stacked).
 */
export interface ReportDescriptor<D, R> {
  title: string;
  description?: (data: D) => ReactNode;
  isEmpty: (data: D) => boolean;
  emptyMessage: string;
  /** Height of the loading placeholder (the chart's height). */
  loadingHeight: number;
  chart?: ReportChartSpec<D>;
  table: SummaryTableSpec<R> & { rows: (data: D) => readonly R[] };
  layout: 'side' | 'stack' | 'wide-chart';
}

/** Where a report's data stands (a query hook's result, mapped by the caller). */
export interface ReportState<D> {
  data?: D;
  loading: boolean;
  /** The error's message; set when the query failed. */
  error?: string;
  onRetry: () => void;
}

export interface ReportSectionProps<D, R> {
  report: ReportDescriptor<D, R>;
  state: ReportState<D>;
  /** The card header's actions (downloads). */
  actions?: ReactNode;
  /** Under the figures (a paged list of the rows behind them). */
  children?: ReactNode;
}

function ReportChart<D>({ spec, data }: { spec: ReportChartSpec<D>; data: D }) {
  const dark = useDarkMode();
  const options = useMemo<ApexOptions>(() => {
    const frame = chartFrame(dark);
    const axis = spec.values === 'money' ? formatCompact : (v: number) => String(Math.round(v));
    const categories = spec.categories(data);
    const base: ApexOptions = {
      ...frame,
      chart: { ...frame.chart, id: spec.id, stacked: spec.stacked ?? false },
      colors: [...spec.colors],
      plotOptions: { bar: spec.horizontal ? { horizontal: true, barHeight: '60%', borderRadius: 3 } : { horizontal: false, columnWidth: '55%', borderRadius: 2 } },
      dataLabels: { enabled: spec.dataLabels ?? false },
      legend: { show: spec.legend ?? true, position: 'top' },
      xaxis: spec.horizontal
        ? { categories, labels: { formatter: (v: string) => axis(Number(v)) } }
        : { categories, labels: { rotate: -30, trim: spec.trimLabels ?? false, hideOverlappingLabels: true } },
      // No `yaxis: undefined` on a horizontal chart: apexcharts reads yaxis.length and throws.
      ...(spec.horizontal ? {} : { yaxis: { min: 0, forceNiceScale: true, labels: { formatter: axis } } }),
      tooltip: { ...frame.tooltip, shared: true, intersect: false, ...(spec.values === 'money' ? { y: { formatter: (v: number) => formatMoney(v) } } : {}) },
    };
    const extra = spec.options?.(data) ?? {};
    return { ...base, ...extra, tooltip: { ...base.tooltip, ...extra.tooltip } };
  }, [dark, spec, data]);
  const series = useMemo(() => spec.series(data), [spec, data]);
  const height = typeof spec.height === 'number' ? spec.height : spec.height(data);
  return <LazyChart type="bar" series={series} options={options} height={height} testId={spec.testId} />;
}

const LAYOUT = { side: 'grid gap-4 xl:grid-cols-2', 'wide-chart': 'grid gap-4 lg:grid-cols-3', stack: 'space-y-4' } as const;

/**
 * The one report card: title and downloads, then loading, error (with retry), empty, or
 * the report's chart beside (or over) its figures table, all from a `ReportDescriptor`.
 */
export function ReportSection<D, R>({ report, state, actions, children }: ReportSectionProps<D, R>) {
  const { data } = state;
  let figures: ReactNode;
  if (state.loading) figures = <ChartLoading height={report.loadingHeight} />;
  else if (state.error !== undefined || data === undefined)
    figures = <ErrorState title="Could not load" message={state.error} onRetry={state.onRetry} />;
  else if (report.isEmpty(data)) figures = <EmptyState title={CHART_EMPTY_TEXT} message={report.emptyMessage} />;
  else {
    const { rows, ...table } = report.table;
    figures = (
      <div className="space-y-4">
        {report.description && <p className="text-sm text-gray-600 dark:text-gray-400">{report.description(data)}</p>}
        <div className={LAYOUT[report.layout]}>
          {report.chart && (
            <div className={report.layout === 'wide-chart' ? 'min-w-0 lg:col-span-2' : 'min-w-0'}>
              <ReportChart spec={report.chart} data={data} />
            </div>
          )}
          <SummaryTable {...table} rows={rows(data)} />
        </div>
      </div>
    );
  }
  return (
    <Card title={report.title} actions={actions}>
      {children ? (
        <div className="space-y-4">
          {figures}
          {children}
        </div>
      ) : (
        figures
      )}
    </Card>
  );
}
