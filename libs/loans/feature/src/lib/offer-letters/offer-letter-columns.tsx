import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import type { OfferLetterListItem } from '@loan/shared-contract';
import { Money } from '@loan/shared-ui';
import { formatDate } from '@loan/shared-util-format';
import { OfferStateBadge } from './offer-state';

const col = createColumnHelper<OfferLetterListItem>();
const nowrap = (v: string) => <span className="whitespace-nowrap">{v}</span>;

/** The contracts list's columns (issue 12). */
export const offerLetterColumns = [
  col.accessor('reference_code', { header: 'Reference', cell: (c) => nowrap(c.getValue()) }),
  col.accessor('applicant_name', { header: 'Borrower' }),
  col.accessor('mobile', { header: 'Mobile', cell: (c) => nowrap(c.getValue()) }),
  col.accessor('amount', { header: 'Amount', cell: (c) => <Money value={c.getValue()} className="whitespace-nowrap tabular-nums" /> }),
  col.accessor('status', { header: 'State', cell: ({ row }) => <OfferStateBadge letter={row.original} /> }),
  col.accessor('created_at', { header: 'Generated', cell: (c) => nowrap(formatDate(c.getValue())) }),
  col.display({
    id: 'until',
    header: 'Signed / expires',
    cell: ({ row }) => nowrap(row.original.signed_at ? `Signed ${formatDate(row.original.signed_at)}` : formatDate(row.original.expires_at)),
  }),
] as ColumnDef<OfferLetterListItem, any>[]; // eslint-disable-line @typescript-eslint/no-explicit-any
