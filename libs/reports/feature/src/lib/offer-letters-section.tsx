import { useMemo } from 'react';
import type { ApexOptions } from 'apexcharts';
import type { OfferLettersReport } from '@loan/shared-contract';
import { useGetOfferLettersReportQuery, type ReportFilterValues } from '@loan/reports-data-access';
import { errorMessage } from '@loan/shared-data-access-api';
import { Card, ChartLoading, CHART_EMPTY_TEXT, EmptyState, ErrorState, LazyChart, chartFrame, useDarkMode } from '@loan/shared-ui';
import { DownloadButtons } from './download-buttons';
import { formatHours, formatMonth } from './report-format';

const COLORS = { pending: '#ca8a04', signed: '#16a34a', expired: '#dc2626' };

function LettersChart({ report }: { report: OfferLettersReport }) {
  const dark = useDarkMode();
  const options = useMemo<ApexOptions>(() => {
    const frame = chartFrame(dark);
    return {
      ...frame,
      chart: { ...frame.chart, id: 'offer-letters-by-month', stacked: true },
      colors: [COLORS.pending, COLORS.signed, COLORS.expired],
      plotOptions: { bar: { columnWidth: '55%', borderRadius: 2 } },
      dataLabels: { enabled: false },
      legend: { show: true, position: 'top' },
      xaxis: { categories: report.months.map((m) => formatMonth(m.month)), labels: { rotate: -30, hideOverlappingLabels: true } },
      yaxis: { min: 0, forceNiceScale: true, labels: { formatter: (v: number) => String(Math.round(v)) } },
      tooltip: { ...frame.tooltip, shared: true, intersect: false },
    };
  }, [dark, report]);
  const series = useMemo(
    () => [
      { name: 'Pending', data: report.months.map((m) => m.pending) },
      { name: 'Signed', data: report.months.map((m) => m.signed) },
      { name: 'Expired', data: report.months.map((m) => m.expired) },
    ],
    [report],
  );
  return <LazyChart type="bar" series={series} options={options} height={260} testId="offer-letters-chart" />;
}

const cell = 'py-1.5 pr-3 text-right tabular-nums';

function LettersTable({ report }: { report: OfferLettersReport }) {
  const rows = [...report.months.map((m) => ({ key: m.month, label: formatMonth(m.month), ...m })), { key: 'all', label: 'All months', ...report.totals }];
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <caption className="sr-only">Offer letters per month</caption>
        <thead>
          <tr className="border-b border-gray-200 text-left dark:border-slate-700">
            <th scope="col" className="py-2 pr-3">Month</th>
            <th scope="col" className="py-2 pr-3 text-right">Pending</th>
            <th scope="col" className="py-2 pr-3 text-right">Signed</th>
            <th scope="col" className="py-2 pr-3 text-right">Expired</th>
            <th scope="col" className="py-2 pr-3 text-right">Total</th>
            <th scope="col" className="py-2 text-right">Median time to sign</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key} className={r.key === 'all' ? 'font-semibold' : 'border-b border-gray-100 dark:border-slate-700/60'}>
              <th scope="row" className="py-1.5 pr-3 text-left font-[inherit] whitespace-nowrap">{r.label}</th>
              <td className={cell}>{r.pending}</td>
              <td className={cell}>{r.signed}</td>
              <td className={cell}>{r.expired}</td>
              <td className={cell}>{r.total}</td>
              <td className="py-1.5 text-right tabular-nums">{formatHours(r.median_hours_to_sign)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Offer letters: pending, signed and expired per month of sending; median time to sign. */
export function OfferLettersSection({ filters }: { filters: ReportFilterValues }) {
  const q = useGetOfferLettersReportQuery(filters);
  return (
    <Card title="Offer letters" actions={<DownloadButtons report="offerLetters" filters={filters} what="offer letters" />}>
      {q.isLoading ? (
        <ChartLoading height={260} />
      ) : q.isError || !q.data ? (
        <ErrorState title="Could not load" message={errorMessage(q.error)} onRetry={() => void q.refetch()} />
      ) : q.data.months.length === 0 ? (
        <EmptyState title={CHART_EMPTY_TEXT} message="No offer letters for these filters." />
      ) : (
        <div className="grid gap-4 xl:grid-cols-2">
          <div className="min-w-0">
            <LettersChart report={q.data} />
          </div>
          <LettersTable report={q.data} />
        </div>
      )}
    </Card>
  );
}
