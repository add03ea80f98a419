import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { ColumnDef, RowSelectionState } from '@tanstack/react-table';
import type { ListEnvelope } from '@loan/shared-contract';
import { Button, buttonClass, type ButtonVariant } from './button';
import { DataTable } from './data-table';
import { FilterBar, type FilterField, type SortOption } from './filter-bar';
import { ConfirmDialog } from './modal';
import type { UseListParams } from './use-list-params';
import { cx } from './cx';

/** What a bulk action reports back: rows it could not act on, with why. */
export interface BulkOutcome {
  /** A line for the notice above the table ('3 applications deleted.'). */
  message?: string;
  refused?: { label: string; reason: string }[];
}

export interface BulkAction<T> {
  label: string;
  tone?: ButtonVariant;
  /** Asked first (destructive actions); the dialog names how many rows. */
  confirm?: { title: string; message: (rows: T[]) => ReactNode; confirmLabel?: string };
  run: (rows: T[]) => Promise<BulkOutcome | void>;
}

/**
 * Download of the list as it is filtered (all pages, not only the one shown): a link the
 * browser follows itself, so the api's streamed file goes straight to disk.
 */
export interface ExportAction {
  /** The file's address with the list's search, filters and sort. */
  href: string;
  /** 'Export CSV' by default. */
  label?: string;
  /** The suggested file name (the api's Content-Disposition names it too). */
  filename?: string;
}

/** The state of the list's query, as an RTK Query hook returns it. */
export interface ListQueryState<T> {
  data?: ListEnvelope<T>;
  isLoading: boolean;
  isFetching: boolean;
  isError: boolean;
  refetch: () => unknown;
}

export interface ListScreenProps<T, F extends string, S extends string> {
  /** Accessible name of the table ('Application requests'). */
  caption: string;
  columns: ColumnDef<T, any>[]; // eslint-disable-line @typescript-eslint/no-explicit-any
  query: ListQueryState<T>;
  list: UseListParams<F, S>;
  getRowId: (row: T) => string;
  /** Where a row leads; its first column becomes the link. */
  rowHref?: (row: T) => string;
  /** The link's accessible text; the first column's text by default. */
  rowLabel?: (row: T) => string;
  searchLabel?: string;
  /** Without the search box (a list filtered by its fields only); true by default. */
  searchable?: boolean;
  filterFields?: readonly FilterField<F>[];
  sortOptions?: readonly SortOption[];
  /** Offered for the selected rows; no selection column without them. */
  bulkActions?: readonly BulkAction<T>[];
  emptyTitle?: string;
  emptyMessage?: ReactNode;
  /** Above the filter bar: status tabs, totals. */
  header?: ReactNode;
  /** A download of the filtered list (CSV), shown beside the filters; none when absent. */
  exportAction?: ExportAction;
}

/** A row's link and accessible name, read by the cells (see `allColumns` in ListScreen). */
interface RowLinks {
  href?: (row: unknown) => string;
  label?: (row: unknown) => string;
}
const RowLinksContext = createContext<RowLinks>({});

/** The first column's content as the link to the row's details. */
function RowLink({ row, children }: { row: unknown; children: ReactNode }) {
  const { href, label } = useContext(RowLinksContext);
  return (
    <Link
      to={href?.(row) ?? '.'}
      aria-label={label?.(row)}
      className="font-medium text-blue-700 underline-offset-2 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-400 dark:text-blue-300"
    >
      {children}
    </Link>
  );
}

/** A row's selection checkbox, named by the row's label. */
function RowCheckbox({ row, rowId, checked, onChange }: { row: unknown; rowId: string; checked: boolean; onChange: (e: unknown) => void }) {
  const { label } = useContext(RowLinksContext);
  return <input type="checkbox" aria-label={`Select ${label?.(row) ?? rowId}`} className="h-4 w-4" checked={checked} onChange={onChange} />;
}

/**
 * Every list screen: filter bar (search, filters, sort) over a DataTable with loading,
 * empty and error ("Could not load" + Retry, NOTES.md) states, row links, selection with
 * bulk actions behind a confirm dialog, and paging from the one list envelope. All list
 * state lives in the URL through `useListParams`.
 */
export function ListScreen<T, F extends string = never, S extends string = never>({
  caption,
  columns,
  query,
  list,
  getRowId,
  rowHref,
  rowLabel,
  searchLabel,
  searchable = true,
  filterFields = [],
  sortOptions = [],
  bulkActions = [],
  emptyTitle = 'No records found',
  emptyMessage,
  header,
  exportAction,
}: ListScreenProps<T, F, S>) {
  const { params } = list;
  const [selection, setSelection] = useState<RowSelectionState>({});
  const [pending, setPending] = useState<BulkAction<T> | null>(null);
  const [running, setRunning] = useState(false);
  const [notice, setNotice] = useState<BulkOutcome | null>(null);
  const items = useMemo(() => query.data?.items ?? [], [query.data]);
  const selectable = bulkActions.length > 0;
  const selected = items.filter((r) => selection[getRowId(r)]);

  // A new page, search or filter is a new set of rows: the old selection no longer applies.
  const paramsKey = JSON.stringify(params);
  const [selectionFor, setSelectionFor] = useState(paramsKey);
  if (selectionFor !== paramsKey) {
    setSelectionFor(paramsKey);
    setSelection({});
  }

  // The cells read rowHref/rowLabel through a context, so the columns stay the same objects
  // when a screen passes new functions on each render: React keeps each row's <a> and
  // checkbox (focus stays; a click never lands on a replaced, detached link, which the
  // browser would follow itself, leaving the app).
  const hasLinks = !!rowHref;
  const allColumns = useMemo(() => {
    const linked = columns.map((c, i) => {
      if (i !== 0 || !hasLinks) return c;
      const inner = c.cell;
      return {
        ...c,
        cell: (ctx: Parameters<Exclude<typeof inner, string | undefined>>[0]) => (
          <RowLink row={ctx.row.original}>{typeof inner === 'function' ? inner(ctx) : String(ctx.getValue() ?? '')}</RowLink>
        ),
      } as ColumnDef<T, unknown>;
    });
    if (!selectable) return linked;
    const select: ColumnDef<T, unknown> = {
      id: '_select',
      header: ({ table }) => (
        <input
          type="checkbox"
          aria-label="Select all rows on this page"
          className="h-4 w-4"
          checked={table.getIsAllRowsSelected()}
          ref={(el) => {
            if (el) el.indeterminate = table.getIsSomeRowsSelected();
          }}
          onChange={table.getToggleAllRowsSelectedHandler()}
        />
      ),
      cell: ({ row }) => <RowCheckbox row={row.original} rowId={row.id} checked={row.getIsSelected()} onChange={row.getToggleSelectedHandler()} />,
    };
    return [select, ...linked];
  }, [columns, hasLinks, selectable]);
  const rowLinks = useMemo<RowLinks>(() => ({ href: rowHref as RowLinks['href'], label: rowLabel as RowLinks['label'] }), [rowHref, rowLabel]);

  const run = async (action: BulkAction<T>) => {
    setRunning(true);
    try {
      const outcome = await action.run(selected);
      setNotice(outcome ?? null);
      setSelection({});
    } finally {
      setRunning(false);
      setPending(null);
    }
  };

  const data = query.data;
  const pageIndex = (data?.page ?? params.page) - 1;
  return (
    <div className="space-y-3">
      {header}
      {(searchable || filterFields.length > 0 || sortOptions.length > 0) && (
        <FilterBar list={list} searchLabel={searchLabel} searchable={searchable} fields={filterFields} sortOptions={sortOptions} />
      )}
      {exportAction && (
        <div className="flex justify-end">
          <a
            href={exportAction.href}
            download={exportAction.filename ?? ''}
            className={buttonClass('secondary', 'sm')}
          >
            {exportAction.label ?? 'Export CSV'}
          </a>
        </div>
      )}
      {notice && (notice.message || notice.refused?.length) ? (
        <div
          role="status"
          className={cx(
            'flex items-start justify-between gap-2 rounded-md border px-3 py-2 text-sm',
            notice.refused?.length
              ? 'border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100'
              : 'border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950/40 dark:text-emerald-100',
          )}
        >
          <div>
            {notice.message && <p>{notice.message}</p>}
            {notice.refused?.length ? (
              <>
                <p className="font-medium">Not done for {notice.refused.length}:</p>
                <ul className="list-disc pl-5">
                  {notice.refused.map((r) => (
                    <li key={r.label}>
                      {r.label}: {r.reason}
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </div>
          <Button variant="ghost" size="sm" onClick={() => setNotice(null)}>
            Dismiss
          </Button>
        </div>
      ) : null}
      {selectable && selected.length > 0 && (
        <div
          role="toolbar"
          aria-label="Bulk actions"
          className="flex flex-wrap items-center gap-2 rounded-md border border-blue-200 bg-blue-50 px-3 py-2 text-sm dark:border-blue-900 dark:bg-blue-950/40"
        >
          <span className="font-medium">{selected.length} selected</span>
          {bulkActions.map((a) => (
            <Button
              key={a.label}
              size="sm"
              variant={a.tone ?? 'secondary'}
              loading={running && pending === a}
              onClick={() => (a.confirm ? setPending(a) : void run(a))}
            >
              {a.label}
            </Button>
          ))}
          <Button size="sm" variant="ghost" onClick={() => setSelection({})}>
            Clear selection
          </Button>
        </div>
      )}
      <div
        className={cx('rounded-lg border border-gray-200 bg-white dark:border-slate-700 dark:bg-slate-800', query.isFetching && data && 'opacity-70')}
        aria-busy={(query.isFetching && !!data) || undefined}
      >
        <RowLinksContext.Provider value={rowLinks}>
          <DataTable
            caption={caption}
            columns={allColumns}
            data={items}
            loading={query.isLoading || (query.isFetching && !data)}
            error={query.isError ? 'The list did not load. Check your connection and try again.' : undefined}
            errorTitle="Could not load"
            retryLabel="Retry"
            onRetry={() => void query.refetch()}
            emptyTitle={emptyTitle}
            emptyMessage={emptyMessage}
            getRowId={getRowId}
            rowSelection={selectable ? selection : undefined}
            onRowSelectionChange={selectable ? setSelection : undefined}
            pagination={{
              pageIndex,
              pageSize: data?.pageSize ?? params.pageSize,
              total: data?.total,
              hasNext: data ? data.nextCursor != null || items.length === (data.pageSize ?? params.pageSize) : false,
              onChange: (next) => {
                if (next.pageSize !== params.pageSize) list.setPageSize(next.pageSize);
                else list.setPage(next.pageIndex + 1);
              },
            }}
          />
        </RowLinksContext.Provider>
      </div>
      {pending?.confirm && (
        <ConfirmDialog
          open
          title={pending.confirm.title}
          message={pending.confirm.message(selected)}
          confirmLabel={pending.confirm.confirmLabel ?? pending.label}
          busy={running}
          onCancel={() => setPending(null)}
          onConfirm={() => void run(pending)}
        />
      )}
    </div>
  );
}
