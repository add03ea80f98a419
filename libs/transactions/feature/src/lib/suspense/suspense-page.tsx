import { useMemo, useState } from 'react';
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import type { SuspenseItem } from '@loan/shared-contract';
import { useGetSuspenseQuery } from '@loan/transactions-data-access';
import { SCREENS } from '@loan/shared-screens';
import { Button, ListScreen, Money, PageSection, SectionTitleBar, WIDE_ONLY, cx, useListParams } from '@loan/shared-ui';
import { formatDate } from '@loan/shared-util-format';
import { MatchDialog, RefundDialog } from './suspense-dialogs';

const SCREEN = SCREENS.suspense;
const STATUS_OPTIONS = [
  { value: 'open', label: 'Open' },
  { value: 'matched', label: 'Matched' },
  { value: 'refunded', label: 'Refunded' },
  { value: 'all', label: 'All' },
];
const STATUS_STYLE: Record<SuspenseItem['status'], string> = {
  open: 'bg-amber-100 text-amber-900 dark:bg-amber-900/50 dark:text-amber-100',
  matched: 'bg-green-100 text-green-800 dark:bg-green-900/50 dark:text-green-100',
  refunded: 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100',
};
const PROVIDERS: Record<string, string> = { mtn_momo: 'MTN MoMo', airtel_money: 'Airtel Money', sandbox: 'Sandbox' };

const col = createColumnHelper<SuspenseItem>();

function suspenseColumns(actions: { onMatch: (i: SuspenseItem) => void; onRefund: (i: SuspenseItem) => void }): ColumnDef<SuspenseItem, unknown>[] {
  return [
    col.accessor('created_at', { header: 'Received', cell: (c) => <span className="whitespace-nowrap">{formatDate(c.getValue())}</span> }),
    col.accessor('amount', { header: 'Amount', cell: (c) => <Money value={c.getValue()} className="whitespace-nowrap tabular-nums" /> }),
    col.accessor('payer_msisdn', { header: 'Payer', cell: (c) => <span className="whitespace-nowrap">{c.getValue() ?? '—'}</span> }),
    col.accessor('provider_transaction_id', {
      header: 'Transaction id',
      cell: (c) => (
        <span className="break-all">
          {c.getValue()} <span className="text-xs text-gray-600 dark:text-gray-300">({PROVIDERS[c.row.original.provider] ?? c.row.original.provider})</span>
        </span>
      ),
    }),
    col.accessor('reason', { header: 'Why in suspense', meta: WIDE_ONLY, cell: (c) => c.getValue() }),
    col.accessor('status', {
      header: 'Status',
      cell: (c) => {
        const i = c.row.original;
        return (
          <span className="flex flex-col gap-0.5">
            <span className={cx('w-fit rounded-full px-2 py-0.5 text-xs font-medium capitalize', STATUS_STYLE[i.status])}>{i.status}</span>
            {i.status === 'refunded' && i.refund_reference && <span className="text-xs text-gray-600 dark:text-gray-300">ref {i.refund_reference}</span>}
            {i.status === 'matched' && i.matched_application_id && (
              <a className="text-xs text-blue-700 underline dark:text-blue-300" href={SCREENS.applicationDetails.path.replace(':id', String(i.matched_application_id))}>
                Loan {i.matched_application_id}
              </a>
            )}
          </span>
        );
      },
    }),
    col.display({
      id: 'actions',
      header: 'Actions',
      cell: ({ row: { original: i } }) =>
        i.status === 'open' ? (
          <div className="flex flex-wrap gap-1">
            <Button size="sm" variant="ghost" onClick={() => actions.onMatch(i)} aria-label={`Match ${i.provider_transaction_id} to a loan`}>
              Match
            </Button>
            <Button size="sm" variant="ghost" className="text-red-700 dark:text-red-300" onClick={() => actions.onRefund(i)} aria-label={`Refund ${i.provider_transaction_id}`}>
              Refund
            </Button>
          </div>
        ) : null,
    }),
  ] as ColumnDef<SuspenseItem, unknown>[];
}

/**
 * `/transactions/suspense` (`can manage suspense`; NOTES.md "Collecting money"): money that
 * matched no loan. Finance matches an open line to a loan (it becomes that loan's repayment)
 * or marks it refunded with the refund's reference; a line leaves suspense once (409 otherwise).
 */
export function SuspensePage() {
  const list = useListParams({ statuses: ['open', 'matched', 'refunded', 'all'] });
  const { params } = list;
  // The open lines first (no status in the URL); 'all' shows every line.
  const status = params.status || 'open';
  const query = useGetSuspenseQuery({ page: params.page, pageSize: params.pageSize, search: params.search, status: status === 'all' ? undefined : status });
  const [matching, setMatching] = useState<SuspenseItem | null>(null);
  const [refunding, setRefunding] = useState<SuspenseItem | null>(null);
  const columns = useMemo(() => suspenseColumns({ onMatch: setMatching, onRefund: setRefunding }), []);
  return (
    <PageSection>
      <SectionTitleBar title={SCREEN.title} subtitle="Mobile-money payments that matched no loan" />
      <ListScreen
        caption={SCREEN.title}
        columns={columns}
        query={query}
        list={list}
        getRowId={(r) => String(r.id)}
        searchLabel="Search by transaction id, payer or reference"
        header={
          <div role="group" aria-label="Show" className="flex flex-wrap gap-1">
            {STATUS_OPTIONS.map((o) => (
              <Button key={o.value} size="sm" variant={status === o.value ? 'primary' : 'secondary'} aria-pressed={status === o.value} onClick={() => list.setStatus(o.value === 'open' ? '' : o.value)}>
                {o.label}
              </Button>
            ))}
          </div>
        }
        emptyTitle={status === 'open' ? 'Nothing in suspense' : 'No lines'}
        emptyMessage={params.search ? 'Nothing matches the search.' : status === 'open' ? 'Every payment received was matched to a loan.' : undefined}
      />
      {matching && <MatchDialog item={matching} onClose={() => setMatching(null)} />}
      {refunding && <RefundDialog item={refunding} onClose={() => setRefunding(null)} />}
    </PageSection>
  );
}

export default SuspensePage;
