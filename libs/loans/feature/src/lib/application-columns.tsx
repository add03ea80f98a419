import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import type { LoanApplication, LoanStatus } from '@loan/shared-contract';
import { Money, WIDE_ONLY } from '@loan/shared-ui';
import { formatDate } from '@loan/shared-util-format';

const col = createColumnHelper<LoanApplication>();

const OFFER_LABEL = { pending: 'Pending', signed: 'Signed', expired: 'Expired' } as const;

/** The columns of the applications lists (issue 12); approved and closed ones add the contract's state. */
export function applicationColumns(status: LoanStatus): ColumnDef<LoanApplication, any>[] { // eslint-disable-line @typescript-eslint/no-explicit-any
  const columns = [
    col.accessor('reference_code', { header: 'Reference', cell: (c) => <span className="whitespace-nowrap">{c.getValue()}</span> }),
    col.accessor('fullname', { header: 'Client' }),
    col.accessor('nrc', { header: 'NRC', meta: WIDE_ONLY, cell: (c) => <span className="whitespace-nowrap">{c.getValue()}</span> }),
    col.accessor('mobile', { header: 'Mobile', cell: (c) => <span className="whitespace-nowrap">{c.getValue()}</span> }),
    col.accessor('employer', { header: 'Employer', meta: WIDE_ONLY, cell: (c) => c.getValue() ?? '—' }),
    col.accessor('branch', { header: 'Branch', meta: WIDE_ONLY, cell: (c) => c.getValue() || '—' }),
    col.accessor('amount', { header: 'Amount', cell: (c) => <Money value={c.getValue()} className="whitespace-nowrap tabular-nums" /> }),
    col.accessor('total_amount_due', { header: 'Total due', cell: (c) => <Money value={c.getValue()} className="whitespace-nowrap tabular-nums" /> }),
    col.accessor('created_at', { header: 'Date', cell: (c) => <span className="whitespace-nowrap">{formatDate(c.getValue())}</span> }),
  ] as ColumnDef<LoanApplication, any>[]; // eslint-disable-line @typescript-eslint/no-explicit-any
  if (status === 'approved' || status === 'closed') {
    columns.push(
      col.display({
        id: 'contract',
        header: 'Contract',
        cell: ({ row }) => {
          const letter = row.original.offerLetter;
          return letter ? OFFER_LABEL[letter.status] : 'None';
        },
      }) as ColumnDef<LoanApplication, any>, // eslint-disable-line @typescript-eslint/no-explicit-any
    );
  }
  return columns;
}
