import { useState, type ReactNode } from 'react';
import {
  flexRender,
  getCoreRowModel,
  getPaginationRowModel,
  useReactTable,
  type ColumnDef,
  type PaginationState,
  type RowSelectionState,
  type OnChangeFn,
  type RowData,
} from '@tanstack/react-table';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@loan/shared-contract';
import { Button } from './button';
import { Icon } from './icon';
import { ScrollRegion } from './scroll-region';
import { Skeleton } from './skeleton';
import { EmptyState, ErrorState } from './states';
import { cx } from './cx';

declare module '@tanstack/react-table' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData extends RowData, TValue> {
    /**
     * Classes on the column's header and cells: `hidden 2xl:table-cell` leaves a low-value
     * column out where the table would not fit (its data stays on the details page).
     */
    className?: string;
  }
}

/**
 * `meta: WIDE_ONLY` on a low-value column: shown from 1536 px (2xl), left out where the
 * table would otherwise scroll sideways at 1280 px with the side menu open.
 */
export const WIDE_ONLY = { className: 'hidden 2xl:table-cell' } as const;

/** Server-side paging: the caller owns the page state and tells the table how many pages exist. */
export interface ServerPagination {
  pageIndex: number;
  pageSize: number;
  /** Total rows on the server; left out by lists that only know whether a next page exists. */
  total?: number;
  /** Whether a next page exists, for lists without a total (keyset: `nextCursor !== null`). */
  hasNext?: boolean;
  onChange: (next: { pageIndex: number; pageSize: number }) => void;
}

export interface DataTableProps<T> {
  columns: ColumnDef<T, any>[]; // eslint-disable-line @typescript-eslint/no-explicit-any
  data: readonly T[];
  /** Accessible name of the table. */
  caption: string;
  loading?: boolean;
  error?: ReactNode;
  /** Heading of the error state. */
  errorTitle?: string;
  onRetry?: () => void;
  retryLabel?: string;
  emptyTitle?: string;
  emptyMessage?: ReactNode;
  /** Omit for client-side paging over `data`. */
  pagination?: ServerPagination;
  getRowId?: (row: T, index: number) => string;
  rowSelection?: RowSelectionState;
  onRowSelectionChange?: OnChangeFn<RowSelectionState>;
}

/**
 * A table on @tanstack/react-table with loading, empty and error states and paging
 * controls (15, 25, 50 or 100 rows; NOTES.md "Display").
 */
export function DataTable<T>({
  columns,
  data,
  caption,
  loading,
  error,
  errorTitle,
  onRetry,
  retryLabel,
  emptyTitle = 'No records found',
  emptyMessage,
  pagination,
  getRowId,
  rowSelection,
  onRowSelectionChange,
}: DataTableProps<T>) {
  const [local, setLocal] = useState<PaginationState>({ pageIndex: 0, pageSize: DEFAULT_PAGE_SIZE });
  const paging: PaginationState = pagination
    ? { pageIndex: pagination.pageIndex, pageSize: pagination.pageSize }
    : local;
  const knownTotal = pagination ? pagination.total : data.length;
  const total = knownTotal ?? paging.pageIndex * paging.pageSize + data.length;
  const pageCount =
    knownTotal === undefined
      ? paging.pageIndex + (pagination?.hasNext ? 2 : 1)
      : Math.max(1, Math.ceil(knownTotal / paging.pageSize));

  const table = useReactTable({
    data: data as T[],
    columns,
    getRowId,
    state: { pagination: paging, ...(rowSelection ? { rowSelection } : {}) },
    enableRowSelection: Boolean(onRowSelectionChange),
    onRowSelectionChange,
    manualPagination: Boolean(pagination),
    pageCount: pagination ? pageCount : undefined,
    onPaginationChange: (updater) => {
      const next = typeof updater === 'function' ? updater(paging) : updater;
      if (pagination) pagination.onChange(next);
      else setLocal(next);
    },
    getCoreRowModel: getCoreRowModel(),
    getPaginationRowModel: pagination ? undefined : getPaginationRowModel(),
    autoResetPageIndex: false,
  });

  const rows = table.getRowModel().rows;
  const from = total === 0 ? 0 : paging.pageIndex * paging.pageSize + 1;
  const to = Math.min(total, (paging.pageIndex + 1) * paging.pageSize);

  let body: ReactNode;
  if (error) {
    body = <ErrorState title={errorTitle} message={error} onRetry={onRetry} retryLabel={retryLabel} className="m-4" />;
  } else if (loading && rows.length === 0) {
    body = <Skeleton lines={5} className="p-4" label="Loading rows..." />;
  } else if (rows.length === 0) {
    body = <EmptyState title={emptyTitle} message={emptyMessage} />;
  }

  return (
    <div className="w-full">
      <ScrollRegion label={caption}>
        <table className="min-w-full divide-y divide-gray-200 text-left text-sm dark:divide-slate-700" aria-busy={loading || undefined}>
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-gray-50 text-xs uppercase tracking-wide text-gray-600 dark:bg-slate-900/60 dark:text-gray-300">
            {table.getHeaderGroups().map((hg) => (
              <tr key={hg.id}>
                {hg.headers.map((h) => (
                  <th key={h.id} scope="col" className={cx('px-3 py-2 font-semibold whitespace-nowrap', h.column.columnDef.meta?.className)}>
                    {h.isPlaceholder ? null : flexRender(h.column.columnDef.header, h.getContext())}
                  </th>
                ))}
              </tr>
            ))}
          </thead>
          {!body && (
            <tbody className="divide-y divide-gray-100 text-gray-800 dark:divide-slate-700 dark:text-gray-100">
              {rows.map((row) => (
                <tr key={row.id} className={cx('hover:bg-gray-50 dark:hover:bg-slate-700/50', row.getIsSelected() && 'bg-blue-50 dark:bg-blue-950/40')}>
                  {row.getVisibleCells().map((cell) => (
                    <td key={cell.id} className={cx('px-3 py-2 align-top', cell.column.columnDef.meta?.className)}>
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          )}
        </table>
      </ScrollRegion>
      {body}
      <nav
        aria-label={`${caption} pages`}
        className="flex flex-wrap items-center justify-between gap-2 border-t border-gray-100 px-3 py-2 text-sm text-gray-600 dark:border-slate-700 dark:text-gray-300"
      >
        <label className="flex items-center gap-2">
          <span>Rows per page</span>
          <select
            value={paging.pageSize}
            onChange={(e) => table.setPagination({ pageIndex: 0, pageSize: Number(e.target.value) })}
            className="rounded-md border border-gray-300 bg-white px-2 py-1 dark:border-slate-600 dark:bg-slate-900"
          >
            {PAGE_SIZES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        <span aria-live="polite">
          {from}–{to}
          {knownTotal === undefined ? '' : ` of ${knownTotal}`}
        </span>
        <div className="flex items-center gap-1">
          <Button
            variant="secondary"
            size="sm"
            aria-label="Previous page"
            disabled={paging.pageIndex === 0}
            onClick={() => table.setPageIndex(paging.pageIndex - 1)}
          >
            <Icon name="chevronLeft" size={16} />
          </Button>
          <span className="px-1">
            Page {paging.pageIndex + 1}
            {knownTotal === undefined ? '' : ` of ${pageCount}`}
          </span>
          <Button
            variant="secondary"
            size="sm"
            aria-label="Next page"
            disabled={paging.pageIndex + 1 >= pageCount}
            onClick={() => table.setPageIndex(paging.pageIndex + 1)}
          >
            <Icon name="chevronRight" size={16} />
          </Button>
        </div>
      </nav>
    </div>
  );
}
