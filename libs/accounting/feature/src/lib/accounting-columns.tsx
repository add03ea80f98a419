import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import type { GlAccount } from '@loan/shared-contract';
import { formatDate } from '@loan/shared-util-format';

const col = createColumnHelper<GlAccount>();

/** The list's columns; money goes through `<Money>`, dates through `formatDate` (@loan/shared-util-format). */
export const glAccountColumns = [
  col.accessor('name', { header: 'Name' }),
  col.accessor('created_at', { header: 'Created', cell: (c) => <span className="whitespace-nowrap">{formatDate(c.getValue())}</span> }),
] as ColumnDef<GlAccount, unknown>[];
