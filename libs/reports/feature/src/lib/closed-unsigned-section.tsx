import { useMemo } from 'react';
import type { ApexOptions } from 'apexcharts';
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import type { ClosedUnsignedBranchStat, LoanApplication } from '@loan/shared-contract';
import { useGetClosedUnsignedStatsQuery, useGetUnsignedClosedQuery, type ReportFilterValues } from '@loan/reports-data-access';
import { errorMessage } from '@loan/shared-data-access-api';
import {
  Card,
  ChartLoading,
  CHART_EMPTY_TEXT,
  EmptyState,
  ErrorState,
  LazyChart,
  ListScreen,
  Money,
  chartFrame,
  useDarkMode,
  type UseListParams,
} from '@loan/shared-ui';
import { formatDate, formatMoney } from '@loan/shared-util-format';
import { DownloadButtons } from './download-buttons';
import { formatCompact } from './report-format';

const col = createColumnHelper<LoanApplication>();
const OFFER_LABEL = { pending: 'Pending', signed: 'Signed', expired: 'Expired' } as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const COLUMNS: ColumnDef<LoanApplication, any>[] = [
  col.accessor('reference_code', { header: 'Reference', cell: (c) => <span className="whitespace-nowrap">{c.getValue()}</span> }),
  col.accessor('fullname', { header: 'Client' }),
  col.accessor('nrc', { header: 'NRC', cell: (c) => <span className="whitespace-nowrap">{c.getValue()}</span> }),
  col.accessor('branch', { header: 'Branch', cell: (c) => c.getValue() || '—' }),
  col.accessor('amount', { header: 'Amount', cell: (c) => <Money value={c.getValue()} className="whitespace-nowrap tabular-nums" /> }),
  col.accessor('total_amount_due', { header: 'Total due', cell: (c) => <Money value={c.getValue()} className="whitespace-nowrap tabular-nums" /> }),
  col.accessor('closed_at', { header: 'Closed', cell: (c) => <span className="whitespace-nowrap">{formatDate(c.getValue())}</span> }),
  col.display({ id: 'letter', header: 'Offer letter', cell: ({ row }) => (row.original.offerLetter ? OFFER_LABEL[row.original.offerLetter.status] : 'None') }),
] as ColumnDef<LoanApplication, any>[]; // eslint-disable-line @typescript-eslint/no-explicit-any

const BAR_COLORS = ['#ca8a04', '#2563eb'];

function BranchChart({ stats }: { stats: ClosedUnsignedBranchStat[] }) {
  const dark = useDarkMode();
  const options = useMemo<ApexOptions>(() => {
    const frame = chartFrame(dark);
    return {
      ...frame,
      chart: { ...frame.chart, id: 'closed-unsigned-by-branch' },
      colors: BAR_COLORS,
      plotOptions: { bar: { horizontal: false, columnWidth: '55%', borderRadius: 3 } },
      dataLabels: { enabled: false },
      legend: { show: true, position: 'top' },
      xaxis: { categories: stats.map((s) => s.branch || 'No branch'), labels: { rotate: -30, trim: true } },
      yaxis: [
        { seriesName: 'Loans', title: { text: 'Loans' }, min: 0, forceNiceScale: true, labels: { formatter: (v: number) => String(Math.round(v)) } },
        { seriesName: 'Amount', opposite: true, title: { text: 'Amount (ZMW)' }, min: 0, labels: { formatter: (v: number) => formatCompact(v) } },
      ],
      tooltip: { ...frame.tooltip, shared: true, intersect: false, y: { formatter: (v: number, o?: { seriesIndex: number }) => (o?.seriesIndex === 1 ? formatMoney(v) : String(v)) } },
    };
  }, [dark, stats]);
  const series = useMemo(
    () => [
      { name: 'Loans', data: stats.map((s) => s.count) },
      { name: 'Amount', data: stats.map((s) => Number(s.total_amount)) },
    ],
    [stats],
  );
  return <LazyChart type="bar" series={series} options={options} height={280} testId="closed-unsigned-chart" />;
}

function BranchTable({ stats }: { stats: ClosedUnsignedBranchStat[] }) {
  const count = stats.reduce((n, s) => n + s.count, 0);
  // Sums of two-decimal strings in ngwee (integers): exact, whatever the number of branches.
  const ngwee = stats.reduce((n, s) => n + BigInt(s.total_amount.replace('.', '')), 0n);
  const total = `${ngwee / 100n}.${String(ngwee % 100n).padStart(2, '0')}`;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <caption className="sr-only">Closed unsigned loans by branch</caption>
        <thead>
          <tr className="border-b border-gray-200 text-left dark:border-slate-700">
            <th scope="col" className="py-2 pr-3">Branch</th>
            <th scope="col" className="py-2 pr-3 text-right">Loans</th>
            <th scope="col" className="py-2 text-right">Amount</th>
          </tr>
        </thead>
        <tbody>
          {stats.map((s) => (
            <tr key={s.branch_id} className="border-b border-gray-100 dark:border-slate-700/60">
              <th scope="row" className="py-1.5 pr-3 text-left font-normal">{s.branch || 'No branch'}</th>
              <td className="py-1.5 pr-3 text-right tabular-nums">{s.count}</td>
              <td className="py-1.5 text-right"><Money value={s.total_amount} className="whitespace-nowrap tabular-nums" /></td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="font-semibold">
            <th scope="row" className="py-1.5 pr-3 text-left">All branches</th>
            <td className="py-1.5 pr-3 text-right tabular-nums">{count}</td>
            <td className="py-1.5 text-right"><Money value={total} className="whitespace-nowrap tabular-nums" /></td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

export interface ClosedUnsignedSectionProps<F extends string> {
  filters: ReportFilterValues;
  list: UseListParams<F, never>;
}

/**
 * Spec §1 "download a report of closed unsigned loans": counts and amounts by branch (a bar
 * chart and its table), the loans page by page, and the CSV (the spec's file name) and .xlsx.
 */
export function ClosedUnsignedSection<F extends string>({ filters, list }: ClosedUnsignedSectionProps<F>) {
  const stats = useGetClosedUnsignedStatsQuery(filters);
  const page = useGetUnsignedClosedQuery({ page: list.params.page, pageSize: list.params.pageSize, ...filters });
  const rows = stats.data ?? [];
  return (
    <Card
      title="Closed unsigned loans"
      actions={<DownloadButtons report="closedUnsigned" filters={filters} what="closed unsigned loans" />}
    >
      <div className="space-y-4">
        <p className="text-sm text-gray-600 dark:text-gray-400">Closed loans whose offer letter was never signed, by the day they closed.</p>
        {stats.isLoading ? (
          <ChartLoading height={280} />
        ) : stats.isError ? (
          <ErrorState title="Could not load" message={errorMessage(stats.error)} onRetry={() => void stats.refetch()} />
        ) : rows.length === 0 ? (
          <EmptyState title={CHART_EMPTY_TEXT} message="No closed unsigned loans for these filters." />
        ) : (
          <div className="grid gap-4 lg:grid-cols-3">
            <div className="min-w-0 lg:col-span-2">
              <BranchChart stats={rows} />
            </div>
            <BranchTable stats={rows} />
          </div>
        )}
        <ListScreen
          caption="Closed unsigned loans"
          columns={COLUMNS}
          query={page}
          list={list}
          searchable={false}
          getRowId={(r) => String(r.id)}
          emptyTitle="No closed unsigned loans"
        />
      </div>
    </Card>
  );
}
