import { useMemo } from 'react';
import type { ApexOptions } from 'apexcharts';
import { PAR_BUCKETS, PAR_BUCKET_LABELS, type PortfolioAtRisk } from '@loan/shared-contract';
import { useGetPortfolioAtRiskQuery, type ReportFilterValues } from '@loan/reports-data-access';
import { errorMessage } from '@loan/shared-data-access-api';
import { Card, ChartLoading, CHART_EMPTY_TEXT, EmptyState, ErrorState, LazyChart, Money, chartFrame, useDarkMode } from '@loan/shared-ui';
import { formatDate, formatMoney } from '@loan/shared-util-format';
import { DownloadButtons } from './download-buttons';
import { formatCompact, formatRate } from './report-format';

const COLORS = ['#16a34a', '#ca8a04', '#ea580c', '#dc2626', '#7f1d1d'];

function ParChart({ report }: { report: PortfolioAtRisk }) {
  const dark = useDarkMode();
  const options = useMemo<ApexOptions>(() => {
    const frame = chartFrame(dark);
    return {
      ...frame,
      chart: { ...frame.chart, id: 'portfolio-at-risk', stacked: true },
      colors: COLORS,
      plotOptions: { bar: { horizontal: true, barHeight: '60%' } },
      dataLabels: { enabled: false },
      legend: { show: true, position: 'top' },
      xaxis: { categories: report.branches.map((b) => b.branch || 'No branch'), labels: { formatter: (v: string) => formatCompact(Number(v)) } },
      tooltip: { ...frame.tooltip, shared: true, intersect: false, y: { formatter: (v: number) => formatMoney(v) } },
    };
  }, [dark, report]);
  const series = useMemo(
    () => PAR_BUCKETS.map((k) => ({ name: PAR_BUCKET_LABELS[k], data: report.branches.map((b) => Number(b[k])) })),
    [report],
  );
  return <LazyChart type="bar" series={series} options={options} height={Math.max(200, 60 + report.branches.length * 44)} testId="par-chart" />;
}

const num = 'py-1.5 pr-3 text-right tabular-nums whitespace-nowrap';

function ParTable({ report }: { report: PortfolioAtRisk }) {
  const rows = [...report.branches.map((b) => ({ key: String(b.branch_id), label: b.branch || 'No branch', f: b })), { key: 'all', label: 'All branches', f: report.totals }];
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <caption className="sr-only">Portfolio at risk by branch</caption>
        <thead>
          <tr className="border-b border-gray-200 text-left dark:border-slate-700">
            <th scope="col" className="py-2 pr-3">Branch</th>
            <th scope="col" className="py-2 pr-3 text-right">Loans</th>
            <th scope="col" className="py-2 pr-3 text-right">Outstanding</th>
            {PAR_BUCKETS.map((k) => (
              <th key={k} scope="col" className="py-2 pr-3 text-right whitespace-nowrap">{PAR_BUCKET_LABELS[k]}</th>
            ))}
            <th scope="col" className="py-2 pr-3 text-right">PAR30</th>
            <th scope="col" className="py-2 pr-3 text-right">PAR60</th>
            <th scope="col" className="py-2 text-right">PAR90</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ key, label, f }) => (
            <tr key={key} className={key === 'all' ? 'font-semibold' : 'border-b border-gray-100 dark:border-slate-700/60'}>
              <th scope="row" className="py-1.5 pr-3 text-left font-[inherit] whitespace-nowrap">{label}</th>
              <td className={num}>{f.loans}</td>
              <td className={num}><Money value={f.outstanding} /></td>
              {PAR_BUCKETS.map((k) => (
                <td key={k} className={num}><Money value={f[k]} /></td>
              ))}
              <td className={num}>{formatRate(f.par30)}</td>
              <td className={num}>{formatRate(f.par60)}</td>
              <td className="py-1.5 text-right tabular-nums">{formatRate(f.par90)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Portfolio at risk: outstanding balances by days past due and PAR30/60/90, by branch. */
export function ParSection({ filters }: { filters: ReportFilterValues }) {
  const q = useGetPortfolioAtRiskQuery(filters);
  return (
    <Card title="Portfolio at risk" actions={<DownloadButtons report="portfolioAtRisk" filters={filters} what="portfolio at risk" />}>
      {q.isLoading ? (
        <ChartLoading height={220} />
      ) : q.isError || !q.data ? (
        <ErrorState title="Could not load" message={errorMessage(q.error)} onRetry={() => void q.refetch()} />
      ) : q.data.branches.length === 0 ? (
        <EmptyState title={CHART_EMPTY_TEXT} message="No disbursed loans with a balance for these filters." />
      ) : (
        <div className="space-y-4">
          <p className="text-sm text-gray-600 dark:text-gray-400">
            As of {formatDate(q.data.as_of)}; the dates pick loans by the day they were disbursed.
          </p>
          <ParChart report={q.data} />
          <ParTable report={q.data} />
        </div>
      )}
    </Card>
  );
}
