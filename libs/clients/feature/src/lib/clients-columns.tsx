import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import type { Client } from '@loan/shared-contract';
import { Money, WIDE_ONLY } from '@loan/shared-ui';
import { formatDate } from '@loan/shared-util-format';

const col = createColumnHelper<Client>();

/** The list's columns (issue 32): NRC and mobile as the api sends them (masked there once the PII rule exists). */
export const clientColumns = [
  col.accessor('name', { header: 'Name' }),
  col.accessor('nrc', {
    header: 'NRC',
    cell: (c) => (
      <span className="whitespace-nowrap tabular-nums">{c.getValue()}</span>
    ),
  }),
  col.accessor('mobile', {
    header: 'Mobile',
    cell: (c) => (
      <span className="whitespace-nowrap tabular-nums">{c.getValue()}</span>
    ),
  }),
  col.accessor('branch', {
    header: 'Branch',
    cell: (c) => c.getValue() ?? '—',
  }),
  col.accessor('open_loans', {
    header: 'Open loans',
    cell: (c) => <span className="tabular-nums">{c.getValue()}</span>,
  }),
  col.accessor('balance', {
    header: 'Balance',
    cell: (c) => <Money value={c.getValue()} />,
  }),
  col.accessor('arrears', {
    header: 'Arrears',
    cell: (c) => (
      <Money
        value={c.getValue()}
        className={
          c.getValue() !== '0.00'
            ? 'tabular-nums font-medium text-red-700 dark:text-red-400'
            : undefined
        }
      />
    ),
  }),
  col.accessor('last_activity', {
    header: 'Last activity',
    cell: (c) => (
      <span className="whitespace-nowrap">{formatDate(c.getValue())}</span>
    ),
    meta: WIDE_ONLY,
  }),
] as ColumnDef<Client, unknown>[];
