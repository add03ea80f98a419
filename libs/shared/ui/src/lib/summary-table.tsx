import type { ReactNode } from 'react';
import { ScrollRegion } from './scroll-region';
import { cx } from './cx';

/** One column of a summary table; the first column is the row's header. */
export interface SummaryColumn<R> {
  header: string;
  cell: (row: R) => ReactNode;
  /** Figures align right (tabular numbers). */
  align?: 'left' | 'right';
}

/** A summary table described as data: its caption, columns, rows and which rows are totals. */
export interface SummaryTableSpec<R> {
  caption: string;
  columns: readonly SummaryColumn<R>[];
  rowKey: (row: R) => string;
  /** Totals rows (bold, no rule under them). */
  isTotal?: (row: R) => boolean;
  /** Classes on the scroll region (`max-h-96 overflow-y-auto` for a long table). */
  className?: string;
}

export interface SummaryTableProps<R> extends SummaryTableSpec<R> {
  rows: readonly R[];
}

/**
 * A small figures table (a report's rows and its totals) in a focusable scroll region. The
 * first column is each row's header; the caption names the table for screen readers.
 */
export function SummaryTable<R>({ caption, columns, rows, rowKey, isTotal, className }: SummaryTableProps<R>) {
  const align = (c: SummaryColumn<R>) => (c.align === 'right' ? 'text-right tabular-nums whitespace-nowrap' : 'text-left whitespace-nowrap');
  return (
    <ScrollRegion label={caption} className={className}>
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-gray-200 text-left dark:border-slate-700">
            {columns.map((c) => (
              <th key={c.header} scope="col" className={cx('py-2 pr-3 last:pr-0', c.align === 'right' && 'text-right')}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => {
            const total = isTotal?.(r) ?? false;
            return (
              <tr key={rowKey(r)} className={total ? 'border-b border-gray-200 font-semibold last:border-b-0 dark:border-slate-700' : 'border-b border-gray-100 dark:border-slate-700/60'}>
                {columns.map((c, i) =>
                  i === 0 ? (
                    <th key={c.header} scope="row" className={cx('py-1.5 pr-3 font-[inherit]', align(c))}>
                      {c.cell(r)}
                    </th>
                  ) : (
                    <td key={c.header} className={cx('py-1.5 pr-3 last:pr-0', align(c))}>
                      {c.cell(r)}
                    </td>
                  ),
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
