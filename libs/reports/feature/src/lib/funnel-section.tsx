import { useMemo } from 'react';
import type { ApexOptions } from 'apexcharts';
import { FUNNEL_STEP_LABELS, type FunnelReport } from '@loan/shared-contract';
import { useGetFunnelReportQuery, type ReportFilterValues } from '@loan/reports-data-access';
import { errorMessage } from '@loan/shared-data-access-api';
import { Card, ChartLoading, CHART_EMPTY_TEXT, EmptyState, ErrorState, LazyChart, chartFrame, useDarkMode } from '@loan/shared-ui';
import { DownloadButtons } from './download-buttons';
import { formatHours, formatRate } from './report-format';

function FunnelChart({ report }: { report: FunnelReport }) {
  const dark = useDarkMode();
  const options = useMemo<ApexOptions>(() => {
    const frame = chartFrame(dark);
    return {
      ...frame,
      chart: { ...frame.chart, id: 'applications-funnel' },
      colors: ['#2563eb'],
      plotOptions: { bar: { horizontal: true, barHeight: '60%', borderRadius: 3 } },
      dataLabels: { enabled: true },
      legend: { show: false },
      xaxis: { categories: report.steps.map((s) => FUNNEL_STEP_LABELS[s.step]), labels: { formatter: (v: string) => String(Math.round(Number(v))) } },
    };
  }, [dark, report]);
  const series = useMemo(() => [{ name: 'Loans', data: report.steps.map((s) => s.count) }], [report]);
  return <LazyChart type="bar" series={series} options={options} height={220} testId="funnel-chart" />;
}

/** Applications funnel: requested -> approved -> signed -> disbursed, conversion and median time per step. */
export function FunnelSection({ filters }: { filters: ReportFilterValues }) {
  const q = useGetFunnelReportQuery(filters);
  const requested = q.data?.steps[0]?.count ?? 0;
  return (
    <Card title="Applications funnel" actions={<DownloadButtons report="funnel" filters={filters} what="the applications funnel" />}>
      {q.isLoading ? (
        <ChartLoading height={220} />
      ) : q.isError || !q.data ? (
        <ErrorState title="Could not load" message={errorMessage(q.error)} onRetry={() => void q.refetch()} />
      ) : requested === 0 ? (
        <EmptyState title={CHART_EMPTY_TEXT} message="No applications requested for these filters." />
      ) : (
        <div className="grid gap-4 xl:grid-cols-2">
          <div className="min-w-0">
            <FunnelChart report={q.data} />
          </div>
          <div className="overflow-x-auto">
            <table className="w-full text-sm">
              <caption className="sr-only">Applications funnel</caption>
              <thead>
                <tr className="border-b border-gray-200 text-left dark:border-slate-700">
                  <th scope="col" className="py-2 pr-3">Step</th>
                  <th scope="col" className="py-2 pr-3 text-right">Loans</th>
                  <th scope="col" className="py-2 pr-3 text-right">From previous</th>
                  <th scope="col" className="py-2 pr-3 text-right">From requested</th>
                  <th scope="col" className="py-2 text-right">Median time</th>
                </tr>
              </thead>
              <tbody>
                {q.data.steps.map((s) => (
                  <tr key={s.step} className="border-b border-gray-100 dark:border-slate-700/60">
                    <th scope="row" className="py-1.5 pr-3 text-left font-normal">{FUNNEL_STEP_LABELS[s.step]}</th>
                    <td className="py-1.5 pr-3 text-right tabular-nums">{s.count}</td>
                    <td className="py-1.5 pr-3 text-right tabular-nums">{formatRate(s.rate_from_previous)}</td>
                    <td className="py-1.5 pr-3 text-right tabular-nums">{formatRate(s.rate_from_requested)}</td>
                    <td className="py-1.5 text-right tabular-nums">{formatHours(s.median_hours_from_previous)}</td>
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
