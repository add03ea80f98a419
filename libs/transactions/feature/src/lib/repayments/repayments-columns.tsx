import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import type { Repayment } from '@loan/shared-contract';
import { Button, Money, WIDE_ONLY, cx } from '@loan/shared-ui';
import { formatDate } from '@loan/shared-util-format';
import { methodLabel } from './repayment-labels';

const col = createColumnHelper<Repayment>();

export interface RepaymentActions {
  onReceipt: (r: Repayment) => void;
  onEdit?: (r: Repayment) => void;
  onReverse?: (r: Repayment) => void;
}

/** The list's columns, with the row's actions (receipt; edit and reverse when permitted and not reversed). */
export function repaymentColumns(actions: RepaymentActions): ColumnDef<Repayment, unknown>[] {
  return [
    col.accessor('reference_code', { header: 'Loan', cell: (c) => <span className="whitespace-nowrap">{c.getValue() ?? '—'}</span> }),
    col.accessor('client_name', { header: 'Client', cell: (c) => c.getValue() ?? '—' }),
    col.accessor('amount', {
      header: 'Amount',
      cell: (c) => <Money value={c.getValue()} className={cx('whitespace-nowrap tabular-nums', c.row.original.reversed && 'line-through')} />,
    }),
    col.accessor('paid_at', { header: 'Paid on', cell: (c) => <span className="whitespace-nowrap">{formatDate(c.getValue())}</span> }),
    col.accessor('method', { header: 'Method', meta: WIDE_ONLY, cell: (c) => methodLabel(c.getValue()) }),
    col.accessor('reference', { header: 'Reference', cell: (c) => <span className="break-all">{c.getValue() ?? '—'}</span> }),
    col.accessor('recorded_by', { header: 'Recorded by', meta: WIDE_ONLY, cell: (c) => c.getValue() ?? '—' }),
    col.accessor('reversed', {
      header: 'Status',
      cell: (c) =>
        c.getValue() ? (
          <span title={c.row.original.reversal_reason ?? ''} className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-medium text-red-800 dark:bg-red-900/50 dark:text-red-200">
            Reversed
          </span>
        ) : (
          <span className="text-xs text-gray-600 dark:text-gray-300">Active</span>
        ),
    }),
    col.display({
      id: 'actions',
      header: 'Actions',
      cell: ({ row: { original: r } }) => (
        <div className="flex gap-1">
          <Button size="sm" variant="ghost" onClick={() => actions.onReceipt(r)} aria-label={`Receipt of ${r.reference}`}>
            Receipt
          </Button>
          {actions.onEdit && !r.reversed && (
            <Button size="sm" variant="ghost" onClick={() => actions.onEdit?.(r)} aria-label={`Edit ${r.reference}`}>
              Edit
            </Button>
          )}
          {actions.onReverse && !r.reversed && (
            <Button size="sm" variant="ghost" className="text-red-700 dark:text-red-300" onClick={() => actions.onReverse?.(r)} aria-label={`Reverse ${r.reference}`}>
              Reverse
            </Button>
          )}
        </div>
      ),
    }),
  ] as ColumnDef<Repayment, unknown>[];
}
