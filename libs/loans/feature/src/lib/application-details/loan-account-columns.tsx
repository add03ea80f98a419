import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import type { LoanAccountDetails, LoanReschedulePreview } from '@loan/shared-contract';
import { Money, cx } from '@loan/shared-ui';
import { formatDate } from '@loan/shared-util-format';
import { INSTALMENT_STATUS_LABEL, TRANSACTION_KIND_LABEL } from './loan-account-labels';

export type AccountInstalment = LoanAccountDetails['schedule'][number];
export type AccountTransaction = LoanAccountDetails['transactions'][number];
type Columns<T> = ColumnDef<T, any>[]; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Amounts are bare (the card says ZMW once), right-aligned, never wrapped. */
const NUM = { className: 'text-right' } as const;
const amount = (value: string, muted = false) => (
  <Money value={value} bare className={cx('whitespace-nowrap tabular-nums', muted && 'line-through')} />
);

const inst = createColumnHelper<AccountInstalment>();

/** The schedule: per instalment what was scheduled, charged (penalties), paid and is outstanding. */
export const scheduleColumns = [
  inst.accessor('no', { header: 'No.' }),
  inst.accessor('due_date', { header: 'Due date', cell: (c) => <span className="whitespace-nowrap">{formatDate(c.getValue())}</span> }),
  inst.accessor('principal', { header: 'Principal', meta: NUM, cell: (c) => amount(c.getValue()) }),
  inst.accessor('interest', { header: 'Interest', meta: NUM, cell: (c) => amount(c.getValue()) }),
  inst.accessor('fees', { header: 'Fees', meta: NUM, cell: (c) => amount(c.getValue()) }),
  inst.accessor('penalties', { header: 'Penalty', meta: NUM, cell: (c) => amount(c.getValue()) }),
  inst.accessor('paid', { header: 'Paid', meta: NUM, cell: (c) => amount(c.getValue()) }),
  inst.accessor('outstanding', { header: 'Outstanding', meta: NUM, cell: (c) => <strong>{amount(c.getValue())}</strong> }),
  inst.accessor('status', {
    header: 'Status',
    cell: ({ row: { original: i } }) => (
      <span className={cx('whitespace-nowrap', i.status === 'overdue' && 'font-medium text-red-700 dark:text-red-300')}>
        {INSTALMENT_STATUS_LABEL[i.status]}
      </span>
    ),
  }),
] as Columns<AccountInstalment>;

const tx = createColumnHelper<AccountTransaction>();
/** A superseded row (a replaced allocation, kept): muted, its figures struck through. */
const muted = (t: AccountTransaction) => (t.superseded ? 'text-gray-500 dark:text-gray-400' : undefined);
const part = (key: keyof AccountTransaction['parts'], header: string) =>
  tx.accessor((t) => t.parts[key], {
    id: key,
    header,
    meta: NUM,
    cell: (c) => <span className={muted(c.row.original)}>{amount(c.getValue(), c.row.original.superseded)}</span>,
  });

/** The ledger, newest first as the api answers it: the parts are the change to what is owed (a payment's are negative). */
export const transactionColumns = [
  tx.accessor('value_date', {
    header: 'Value date',
    cell: (c) => <span className={cx('whitespace-nowrap', muted(c.row.original))}>{formatDate(c.getValue())}</span>,
  }),
  tx.accessor('kind', {
    header: 'Transaction',
    cell: ({ row: { original: t } }) => (
      <span className={cx('block min-w-40', muted(t))}>
        <span className="flex flex-wrap items-center gap-1.5">
          {TRANSACTION_KIND_LABEL[t.kind]}
          {t.superseded && (
            <span className="rounded-full bg-gray-200 px-2 py-0.5 text-xs font-medium text-gray-700 dark:bg-slate-700 dark:text-gray-200">Superseded</span>
          )}
        </span>
        {t.reason && <span className="block text-xs text-gray-600 dark:text-gray-300">{t.reason}</span>}
        {t.booking_date !== t.value_date && <span className="block text-xs text-gray-600 dark:text-gray-300">Booked {formatDate(t.booking_date)}</span>}
      </span>
    ),
  }),
  tx.accessor('amount', {
    header: 'Amount',
    meta: NUM,
    cell: (c) => <span className={muted(c.row.original)}>{amount(c.getValue(), c.row.original.superseded)}</span>,
  }),
  part('principal', 'Principal'),
  part('interest', 'Interest'),
  part('fees', 'Fees'),
  part('penalty', 'Penalty'),
] as Columns<AccountTransaction>;

type PreviewRow = LoanReschedulePreview['instalments'][number];
const pre = createColumnHelper<PreviewRow>();
const PART_HEADER = { principal: 'Principal', interest: 'Interest', fees: 'Fees', penalty: 'Penalty' } as const;

/** The reschedule's new schedule as the server previews it (nothing paid yet). */
export const reschedulePreviewColumns = [
  pre.accessor('no', { header: 'No.' }),
  pre.accessor('due_date', { header: 'Due date', cell: (c) => <span className="whitespace-nowrap">{formatDate(c.getValue())}</span> }),
  ...(['principal', 'interest', 'fees', 'penalty'] as const).map((k) =>
    pre.accessor(k, { header: PART_HEADER[k], meta: NUM, cell: (c) => amount(c.getValue()) }),
  ),
  pre.accessor('total', { header: 'Total', meta: NUM, cell: (c) => <strong>{amount(c.getValue())}</strong> }),
] as Columns<PreviewRow>;
