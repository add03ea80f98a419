import { useId, useState } from 'react';
import { HISTORY_KINDS, type AuditEntryDto, type HistoryKind, type ListEnvelope } from '@loan/shared-contract';
import { formatDateTime } from '@loan/shared-util-format';
import { AuditChanges } from './audit-changes';
import { Button } from './button';
import { ErrorState } from './states';
import { Skeleton } from './skeleton';

/** Rows per page of a record's history (one of the contract's page sizes). */
export const HISTORY_PAGE_SIZE = 15;

export interface HistoryArgs {
  kind: HistoryKind;
  id: number;
  page: number;
  pageSize: number;
}

/** What the section needs of the query hook (RTK Query's result fits). */
export interface HistoryQueryState {
  data?: ListEnvelope<AuditEntryDto>;
  isLoading: boolean;
  isFetching: boolean;
  isError: boolean;
  refetch: () => unknown;
}

/** The query hook: `useGetRecordHistoryQuery` of `@loan/shared-data-access-api`. */
export type UseHistory = (args: HistoryArgs, options: { skip: boolean; refetchOnMountOrArgChange?: boolean }) => HistoryQueryState;

export interface HistorySectionProps {
  kind: HistoryKind;
  id: number;
  useHistory: UseHistory;
  /** Open from the start (closed by default: nothing is fetched until asked). */
  defaultOpen?: boolean;
}

const who = (e: AuditEntryDto) => e.user ?? (e.user_id ? `User #${e.user_id}` : 'System / visitor');

/**
 * The "History" section of any details page (issue 16): who did what to this record,
 * before → after, when and from where, newest first, paged. The same piece on every
 * domain's page: `<HistorySection kind="application" id={row.id} useHistory={useGetRecordHistoryQuery} />`.
 * The api decides who may read it (the permission of the details page and its branch).
 */
export function HistorySection({ kind, id, useHistory, defaultOpen = false }: HistorySectionProps) {
  const [open, setOpen] = useState(defaultOpen);
  const [page, setPage] = useState(1);
  const uid = useId();
  const titleId = `${uid}-title`;
  const panelId = `${uid}-panel`;
  const query = useHistory({ kind, id, page, pageSize: HISTORY_PAGE_SIZE }, { skip: !open, refetchOnMountOrArgChange: true });
  const data = query.data;
  const total = data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / HISTORY_PAGE_SIZE));
  const noun = HISTORY_KINDS[kind].noun;

  return (
    <section
      aria-labelledby={titleId}
      className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm dark:border-slate-700 dark:bg-slate-800"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={titleId} className="text-lg font-semibold">
          History
        </h2>
        <div className="flex gap-2">
          {open && (
            <Button size="sm" variant="ghost" loading={query.isFetching && !query.isLoading} onClick={() => void query.refetch()}>
              Refresh
            </Button>
          )}
          <Button size="sm" variant="secondary" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((o) => !o)}>
            {open ? 'Hide history' : 'Show history'}
          </Button>
        </div>
      </div>
      {!open ? (
        <p className="mt-1 text-sm text-gray-600 dark:text-gray-300">Who changed this {noun}, what changed, when and from where.</p>
      ) : (
        <div id={panelId} className="mt-3">
          {query.isLoading || (!data && !query.isError) ? (
            <Skeleton lines={4} label="Loading the history..." />
          ) : query.isError && !data ? (
            <ErrorState title="Could not load" message={`The history of this ${noun} could not be loaded.`} onRetry={() => void query.refetch()} retryLabel="Retry" />
          ) : !data || data.items.length === 0 ? (
            <p className="py-4 text-center text-sm text-gray-600 dark:text-gray-300">No recorded changes yet.</p>
          ) : (
            <>
              <ol aria-label={`History of this ${noun}`} className="divide-y divide-gray-200 text-sm dark:divide-slate-700">
                {data.items.map((e) => (
                  <li key={e.id} className="py-2">
                    <p className="flex flex-wrap gap-x-2">
                      <span className="font-medium">{e.action}</span>
                      <span>by {who(e)}</span>
                      <time dateTime={e.created_at} className="text-gray-600 dark:text-gray-300">
                        {formatDateTime(e.created_at)}
                      </time>
                      {e.ip_address && (
                        <span className="break-all text-gray-600 dark:text-gray-300" title={e.user_agent ?? undefined}>
                          from {e.ip_address}
                        </span>
                      )}
                    </p>
                    <AuditChanges entry={e} />
                  </li>
                ))}
              </ol>
              {pages > 1 && (
                <nav aria-label="History pages" className="mt-3 flex flex-wrap items-center justify-between gap-2 text-sm">
                  <Button size="sm" variant="secondary" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                    Newer
                  </Button>
                  <span aria-live="polite">
                    Page {page} of {pages} ({total} entries)
                  </span>
                  <Button size="sm" variant="secondary" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
                    Older
                  </Button>
                </nav>
              )}
            </>
          )}
        </div>
      )}
    </section>
  );
}
