import { useMemo } from 'react';
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import { BRANCHES, type LoanApplication } from '@loan/shared-contract';
import { REPORT_FILTERS, useGetUnsignedClosedQuery, type ReportFilterValues } from '@loan/reports-data-access';
import { SCREENS } from '@loan/shared-screens';
import { FilterBar, ListScreen, Money, PageSection, SectionTitleBar, useListParams, type FilterField } from '@loan/shared-ui';
import { formatDate } from '@loan/shared-util-format';
import { ReportCard } from './report-card';
import { closedUnsignedEntry, PORTFOLIO_REPORTS } from './report-descriptors';

const FILTER_FIELDS: readonly FilterField<(typeof REPORT_FILTERS)[number]>[] = [
  { name: 'fromDate', label: 'From date', type: 'date' },
  { name: 'toDate', label: 'To date', type: 'date' },
  { name: 'branch', label: 'Branch', type: 'select', options: BRANCHES.map((b) => ({ value: b, label: b })) },
];

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

/**
 * /reports: one set of filters (dates, branch; in the URL, sent only when present) over
 * every report, each a descriptor drawn by the kit's ReportSection (chart, table, CSV/.xlsx).
 * Spec §1 "download a report of closed unsigned loans" comes first, with its loans page by page.
 */
export function ReportsPage() {
  const list = useListParams({ filters: REPORT_FILTERS });
  const { fromDate, toDate, branch } = list.params.filters;
  const filters = useMemo<ReportFilterValues>(() => ({ fromDate, toDate, branch }), [fromDate, toDate, branch]);
  const page = useGetUnsignedClosedQuery({ page: list.params.page, pageSize: list.params.pageSize, ...filters });
  return (
    <PageSection>
      <SectionTitleBar title={SCREENS.reports.title} subtitle="Dates are Lusaka days; a report counts what was created (or closed) in the range." />
      <FilterBar list={list} fields={FILTER_FIELDS} searchable={false} />
      <ReportCard entry={closedUnsignedEntry} filters={filters}>
        <ListScreen
          caption="Closed unsigned loans"
          columns={COLUMNS}
          query={page}
          list={list}
          searchable={false}
          getRowId={(r) => String(r.id)}
          emptyTitle="No closed unsigned loans"
        />
      </ReportCard>
      {PORTFOLIO_REPORTS.map((entry) => (
        <ReportCard key={entry.report.title} entry={entry} filters={filters} />
      ))}
    </PageSection>
  );
}

export default ReportsPage;
