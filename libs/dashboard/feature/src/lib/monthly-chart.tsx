import { useMemo } from 'react';
import type { ApexOptions } from 'apexcharts';
import { MONTHS, type MonthlyGraphStats } from '@loan/shared-contract';
import { Card, EmptyState, LazyChart, Skeleton, useDarkMode } from '@loan/shared-ui';

// The chart library is loaded only when the chart is drawn (LazyChart of shared-ui): it stays
// out of the portal's initial bundle and even out of the first paint of this screen.

export const CHART_COLORS = { requests: '#2563eb', closed: '#16a34a' } as const;
export const LOADING_TEXT = 'Loading chart data...';
export const EMPTY_TEXT = 'No chart data available';

/** Where a label over month `i` (0-11) hangs from its line: inwards near the chart's edges. */
export function labelAnchor(i: number): 'start' | 'middle' | 'end' {
  if (i <= 1) return 'start';
  if (i >= 10) return 'end';
  return 'middle';
}

/** Index (0-11) of the last month of `year` that has begun by `now`; 11 for past years. */
export function lastMonthWithData(year: string, now: Date): number {
  const y = Number(year);
  if (y < now.getFullYear()) return 11;
  if (y > now.getFullYear()) return -1;
  return now.getMonth();
}

export interface MonthlyChartProps {
  data: MonthlyGraphStats | undefined;
  loading: boolean;
}

function Loading() {
  return (
    <div className="flex h-72 flex-col justify-center gap-3" role="status">
      <p className="text-center text-sm text-gray-500 dark:text-gray-400">{LOADING_TEXT}</p>
      <Skeleton lines={4} label={LOADING_TEXT} />
    </div>
  );
}

/**
 * Requests (blue) and Closed (green) applications per month; only req and clo are plotted
 * (spec §3). The spec hides the legend: the series are named in the tooltip and the
 * screen-reader table, not in a legend of our own.
 */
export function MonthlyChart({ data, loading }: MonthlyChartProps) {
  const dark = useDarkMode();
  const series = useMemo(() => {
    if (!data) return null;
    const req = MONTHS.map((m) => data.applications[m.abbr].req);
    const clo = MONTHS.map((m) => data.applications[m.abbr].clo);
    if (req.every((n) => n === 0) && clo.every((n) => n === 0)) return null;
    // Months still to come this year have no figures yet: leave them out rather than draw zeros.
    const last = lastMonthWithData(data.year, new Date());
    const upTo = (xs: number[]) => xs.map((n, i) => (i <= last ? n : null));
    return [
      { name: 'Requests', data: upTo(req) },
      { name: 'Closed', data: upTo(clo) },
    ];
  }, [data]);

  const selected = MONTHS.find((m) => m.code === data?.selected_month);
  const options = useMemo<ApexOptions>(
    () => ({
      chart: {
        id: 'monthly-applications',
        toolbar: { show: false },
        zoom: { enabled: false },
        background: 'transparent',
        fontFamily: 'inherit',
        foreColor: dark ? '#cbd5e1' : '#4b5563',
        animations: { enabled: true },
      },
      theme: { mode: dark ? 'dark' : 'light' },
      colors: [CHART_COLORS.requests, CHART_COLORS.closed],
      legend: { show: false },
      // Apex has no numeric tension; 'smooth' is its spline, the equivalent of tension 0.5.
      stroke: { curve: 'smooth', width: 3 },
      markers: { size: 3 },
      dataLabels: { enabled: false },
      // Room at both ends for the first and last month's labels and markers.
      grid: { borderColor: dark ? '#334155' : '#e5e7eb', padding: { left: 12, right: 20 } },
      // Three-letter months, never rotated or trimmed: on a phone every other one is hidden
      // rather than cut ("Decembe").
      xaxis: {
        categories: MONTHS.map((m) => m.name.slice(0, 3)),
        labels: { rotate: 0, trim: false, hideOverlappingLabels: true },
        tickPlacement: 'on',
      },
      yaxis: { min: 0, forceNiceScale: true, labels: { formatter: (v: number) => String(Math.round(v)) } },
      tooltip: { theme: dark ? 'dark' : 'light', shared: true, intersect: false },
      // The month chosen in the filter is marked on the year's chart.
      annotations: {
        xaxis: selected
          ? [
              {
                x: selected.name.slice(0, 3),
                borderColor: dark ? '#94a3b8' : '#6b7280',
                strokeDashArray: 4,
                label: {
                  text: selected.name,
                  orientation: 'horizontal',
                  // Anchored inwards at the ends of the year, so 'December' is not cut at the edge.
                  textAnchor: labelAnchor(MONTHS.indexOf(selected)),
                  borderColor: 'transparent',
                  style: { background: dark ? '#334155' : '#f3f4f6', color: dark ? '#e5e7eb' : '#374151' },
                },
              },
            ]
          : [],
      },
    }),
    [dark, selected],
  );

  const title = `Applications per month${data ? `, ${data.year}` : ''}`;
  return (
    <Card
      title={title}
    >
      {loading ? (
        <Loading />
      ) : series ? (
        <>
          <LazyChart type="line" height={288} series={series} options={options} testId="monthly-chart" />
          {/* The figures behind the lines, for screen readers. */}
          <table className="sr-only">
            <caption>{title}</caption>
            <thead>
              <tr>
                <th scope="col">Month</th>
                <th scope="col">Requests</th>
                <th scope="col">Closed</th>
              </tr>
            </thead>
            <tbody>
              {MONTHS.map((m, i) =>
                series[0].data[i] === null ? null : (
                  <tr key={m.code}>
                    <th scope="row">{m.name}</th>
                    <td>{series[0].data[i]}</td>
                    <td>{series[1].data[i]}</td>
                  </tr>
                ),
              )}
            </tbody>
          </table>
        </>
      ) : (
        <div className="flex h-72 items-center justify-center">
          <EmptyState title={EMPTY_TEXT} />
        </div>
      )}
    </Card>
  );
}
