import { useMemo } from 'react';
import type { ApexOptions } from 'apexcharts';
import type { CollectionsRow } from '@loan/shared-contract';
import { useGetCollectionsReportQuery, type ReportFilterValues } from '@loan/reports-data-access';
import { errorMessage } from '@loan/shared-data-access-api';
import { Card, ChartLoading, CHART_EMPTY_TEXT, EmptyState, ErrorState, LazyChart, Money, chartFrame, useDarkMode } from '@loan/shared-ui';
import { formatMoney } from '@loan/shared-util-format';
import { DownloadButtons } from './download-buttons';
import { formatCompact, formatMonth, formatRate } from './report-format';

function CollectionsChart({ months }: { months: CollectionsRow[] }) {
  const dark = useDarkMode();
  const options = useMemo<ApexOptions>(() => {
    const frame = chartFrame(dark);
    return {
      ...frame,
      chart: { ...frame.chart, id: 'collections' },
      colors: ['#94a3b8', '#16a34a'],
      plotOptions: { bar: { columnWidth: '60%', borderRadius: 2 } },
      dataLabels: { enabled: false },
      legend: { show: true, position: 'top' },
      xaxis: { categories: months.map((m) => formatMonth(m.month)), labels: { rotate: -30, hideOverlappingLabels: true } },
      yaxis: { min: 0, labels: { formatter: (v: number) => formatCompact(v) } },
      tooltip: { ...frame.tooltip, shared: true, intersect: false, y: { formatter: (v: number) => formatMoney(v) } },
    };
  }, [dark, months]);
  const series = useMemo(
    () => [
      { name: 'Due', data: months.map((m) => Number(m.due)) },
      { name: 'Collected', data: months.map((m) => Number(m.collected)) },
    ],
    [months],
  );
  return <LazyChart type="bar" series={series} options={options} height={260} testId="collections-chart" />;
}

const num = 'py-1.5 pr-3 text-right tabular-nums whitespace-nowrap';

/** Collections: due (the schedule) against collected (repayments) per month and branch, with the collection rate. */
export function CollectionsSection({ filters }: { filters: ReportFilterValues }) {
  const q = useGetCollectionsReportQuery(filters);
  const rows = q.data?.rows ?? [];
  const monthTotals = rows.filter((r) => r.branch_id === 0 && r.month !== 'All');
  return (
    <Card title="Collections" actions={<DownloadButtons report="collections" filters={filters} what="collections" />}>
      {q.isLoading ? (
        <ChartLoading height={260} />
      ) : q.isError || !q.data ? (
        <ErrorState title="Could not load" message={errorMessage(q.error)} onRetry={() => void q.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState title={CHART_EMPTY_TEXT} message="Nothing fell due or was collected for these filters." />
      ) : (
        <div className="space-y-4">
          <CollectionsChart months={monthTotals} />
          <div className="max-h-96 overflow-auto">
            <table className="w-full text-sm">
              <caption className="sr-only">Collections per month and branch</caption>
              <thead>
                <tr className="border-b border-gray-200 text-left dark:border-slate-700">
                  <th scope="col" className="py-2 pr-3">Month</th>
                  <th scope="col" className="py-2 pr-3">Branch</th>
                  <th scope="col" className="py-2 pr-3 text-right">Due</th>
                  <th scope="col" className="py-2 pr-3 text-right">Collected</th>
                  <th scope="col" className="py-2 text-right">Collection rate</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr
                    key={`${r.month}-${r.branch_id}`}
                    className={r.branch_id === 0 ? 'border-b border-gray-200 font-semibold dark:border-slate-700' : 'border-b border-gray-100 dark:border-slate-700/60'}
                  >
                    <th scope="row" className="py-1.5 pr-3 text-left font-[inherit] whitespace-nowrap">{r.month === 'All' ? 'All months' : formatMonth(r.month)}</th>
                    <td className="py-1.5 pr-3 whitespace-nowrap">{r.branch}</td>
                    <td className={num}><Money value={r.due} /></td>
                    <td className={num}><Money value={r.collected} /></td>
                    <td className="py-1.5 text-right tabular-nums">{formatRate(r.collection_rate)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
    </Card>
  );
}
