import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import type { Disbursement } from '@loan/shared-contract';
import { Money } from '@loan/shared-ui';
import { formatDate } from '@loan/shared-util-format';

const col = createColumnHelper<Disbursement>();

export const MODE_LABELS: Record<Disbursement['mode'], string> = { instant_single: 'Instant single', instant_bulk: 'Bulk', auto: 'Auto' };
export const STATUS_LABELS: Record<Disbursement['status'], string> = { pending: 'Pending', success: 'Success', failed: 'Failed' };
export const METHOD_LABELS: Record<Disbursement['method'], string> = { mobile_money: 'Mobile money', bank: 'Bank', cash: 'Cash' };

/** The list's columns; money goes through `<Money>`, dates through `formatDate` (@loan/shared-util-format). */
export const disbursementColumns = [
  col.accessor('id', { header: 'No.', cell: (c) => `#${c.getValue()}` }),
  col.accessor('status', { header: 'Status', cell: (c) => STATUS_LABELS[c.getValue()] }),
  col.accessor('mode', { header: 'Mode', cell: (c) => MODE_LABELS[c.getValue()] }),
  col.accessor('recipient', { header: 'Recipient' }),
  col.accessor('amount', { header: 'Amount', cell: (c) => <Money value={c.getValue()} /> }),
  col.accessor('provider_ref', { header: 'Provider ref.', cell: (c) => c.getValue() ?? '—' }),
  col.accessor('reconciled', { header: 'Reconciled', cell: (c) => (c.getValue() ? 'Yes' : 'No') }),
  col.accessor('created_at', { header: 'Created', cell: (c) => <span className="whitespace-nowrap">{formatDate(c.getValue())}</span> }),
] as ColumnDef<Disbursement, unknown>[];
