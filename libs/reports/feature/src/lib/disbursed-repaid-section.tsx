import { useMemo } from 'react';
import type { ApexOptions } from 'apexcharts';
import type { CashflowReport } from '@loan/shared-contract';
import { useGetDisbursedRepaidReportQuery, type ReportFilterValues } from '@loan/reports-data-access';
import { errorMessage } from '@loan/shared-data-access-api';
import { Card, ChartLoading, CHART_EMPTY_TEXT, EmptyState, ErrorState, LazyChart, Money, chartFrame, useDarkMode } from '@loan/shared-ui';
import { formatMoney } from '@loan/shared-util-format';
import { DownloadButtons } from './download-buttons';
import { formatCompact, formatMonth } from './report-format';

function CashflowChart({ report }: { report: CashflowReport }) {
  const dark = useDarkMode();
  const options = useMemo<ApexOptions>(() => {
    const frame = chartFrame(dark);
    return {
      ...frame,
      chart: { ...frame.chart, id: 'disbursed-vs-repaid' },
      colors: ['#2563eb', '#16a34a'],
      plotOptions: { bar: { columnWidth: '60%', borderRadius: 2 } },
      dataLabels: { enabled: false },
      legend: { show: true, position: 'top' },
      xaxis: { categories: report.months.map((m) => formatMonth(m.month)), labels: { rotate: -30, hideOverlappingLabels: true } },
      yaxis: { min: 0, labels: { formatter: (v: number) => formatCompact(v) } },
      tooltip: { ...frame.tooltip, shared: true, intersect: false, y: { formatter: (v: number) => formatMoney(v) } },
    };
  }, [dark, report]);
  const series = useMemo(
    () => [
      { name: 'Disbursed', data: report.months.map((m) => Number(m.disbursed)) },
      { name: 'Repaid', data: report.months.map((m) => Number(m.repaid)) },
    ],
    [report],
  );
  return <LazyChart type="bar" series={series} options={options} height={260} testId="disbursed-repaid-chart" />;
}

const num = 'py-1.5 pr-3 text-right tabular-nums whitespace-nowrap';

/** Disbursed against repaid per month. */
export function DisbursedRepaidSection({ filters }: { filters: ReportFilterValues }) {
  const q = useGetDisbursedRepaidReportQuery(filters);
  return (
    <Card title="Disbursed vs repaid" actions={<DownloadButtons report="disbursedRepaid" filters={filters} what="disbursed vs repaid" />}>
      {q.isLoading ? (
        <ChartLoading height={260} />
      ) : q.isError || !q.data ? (
        <ErrorState title="Could not load" message={errorMessage(q.error)} onRetry={() => void q.refetch()} />
      ) : q.data.months.length === 0 ? (
        <EmptyState title={CHART_EMPTY_TEXT} message="Nothing disbursed or repaid for these filters." />
      ) : (
        <div className="grid gap-4 xl:grid-cols-2">
          <div className="min-w-0">
            <CashflowChart report={q.data} />
          </div>
          <div className="overflow-x-auto">
            <table className="w-full text-sm">
              <caption className="sr-only">Disbursed and repaid per month</caption>
              <thead>
                <tr className="border-b border-gray-200 text-left dark:border-slate-700">
                  <th scope="col" className="py-2 pr-3">Month</th>
                  <th scope="col" className="py-2 pr-3 text-right">Disbursed</th>
                  <th scope="col" className="py-2 pr-3 text-right">Count</th>
                  <th scope="col" className="py-2 pr-3 text-right">Repaid</th>
                  <th scope="col" className="py-2 text-right">Count</th>
                </tr>
              </thead>
              <tbody>
                {[...q.data.months, q.data.totals].map((m) => (
                  <tr key={m.month} className={m.month === 'All' ? 'font-semibold' : 'border-b border-gray-100 dark:border-slate-700/60'}>
                    <th scope="row" className="py-1.5 pr-3 text-left font-[inherit] whitespace-nowrap">{m.month === 'All' ? 'All months' : formatMonth(m.month)}</th>
                    <td className={num}><Money value={m.disbursed} /></td>
                    <td className={num}>{m.disbursed_count}</td>
                    <td className={num}><Money value={m.repaid} /></td>
                    <td className="py-1.5 text-right tabular-nums">{m.repaid_count}</td>
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
