import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import type { GlAccount } from '@loan/shared-contract';
import { Money } from '@loan/shared-ui';

const col = createColumnHelper<GlAccount>();

const TYPE_LABEL: Record<GlAccount['type'], string> = {
  asset: 'Asset',
  liability: 'Liability',
  equity: 'Equity',
  income: 'Income',
  expense: 'Expense',
};

/** The chart's columns: code, name, type (contra marked), balance (debits less credits) through `<Money>`. */
export const glAccountColumns = [
  col.accessor('code', { header: 'Code', cell: (c) => <span className="font-mono">{c.getValue()}</span> }),
  col.accessor('name', { header: 'Name' }),
  col.accessor('type', {
    header: 'Type',
    cell: (c) => `${TYPE_LABEL[c.getValue()]}${c.row.original.contra ? ' (contra)' : ''}`,
  }),
  col.accessor('balance', {
    header: 'Balance',
    cell: (c) => <Money value={c.getValue()} className="whitespace-nowrap tabular-nums" />,
  }),
] as ColumnDef<GlAccount, unknown>[];
