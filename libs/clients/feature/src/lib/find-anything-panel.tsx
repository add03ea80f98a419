import { useEffect, useMemo } from 'react';
import type {
  SearchGroup,
  SearchHit,
  SearchResult,
} from '@loan/shared-contract';
import { useFindAnythingQuery } from '@loan/clients-data-access';
import { SCREENS } from '@loan/shared-screens';

const GROUP_TITLES: Record<SearchGroup, string> = {
  clients: 'Clients',
  applications: 'Applications',
  topups: 'Top-ups',
  letters: 'Offer letters',
  disbursements: 'Disbursements',
  repayments: 'Repayments',
};

const to = (path: string, id: number) => path.replace(':id', String(id));

/** Each hit's own page (repayments have none: their list, searched for the reference). */
export function hitHref(group: SearchGroup, hit: SearchHit): string {
  switch (group) {
    case 'clients':
      return to(SCREENS.clientDetails.path, hit.id);
    case 'applications':
      return to(SCREENS.applicationDetails.path, hit.id);
    case 'topups':
      return to(SCREENS.topupDetails.path, hit.id);
    case 'letters':
      return to(SCREENS.contractDetails.path, hit.id);
    case 'disbursements':
      return to(SCREENS.disbursementDetails.path, hit.id);
    case 'repayments':
      return `${SCREENS.repayments.path}?search=${encodeURIComponent(hit.title)}`;
  }
}

export interface FindAnythingPanelProps {
  q: string;
  listId: string;
  /** The chosen result (arrow keys), -1 for none. */
  active: number;
  /** The results' pages in the order shown (the box moves through them). */
  onItems: (hrefs: readonly string[]) => void;
  onPick: (href: string) => void;
}

const PANEL =
  'fixed inset-x-2 top-14 z-40 max-h-[70vh] overflow-y-auto rounded-md border border-gray-200 bg-white text-sm shadow-lg ' +
  'sm:absolute sm:inset-x-auto sm:right-0 sm:top-full sm:mt-1 sm:w-96 dark:border-slate-700 dark:bg-slate-900';

/** Find anything's results, grouped (lazy: loaded with the first search). */
export function FindAnythingPanel({
  q,
  listId,
  active,
  onItems,
  onPick,
}: FindAnythingPanelProps) {
  const query = useFindAnythingQuery(q);
  const data: SearchResult | undefined = query.currentData;
  const groups = useMemo(
    () => (data?.groups ?? []).filter((g) => g.items.length > 0),
    [data],
  );
  const hrefs = useMemo(
    () => groups.flatMap((g) => g.items.map((h) => hitHref(g.group, h))),
    [groups],
  );
  // Each group's first index in the flat list the arrow keys move through.
  const starts = useMemo(
    () =>
      groups.map((_, gi) =>
        groups.slice(0, gi).reduce((n, g) => n + g.items.length, 0),
      ),
    [groups],
  );
  useEffect(() => onItems(hrefs), [hrefs, onItems]);

  return (
    <div className={PANEL}>
      {query.isError ? (
        <p role="alert" className="p-3 text-red-700 dark:text-red-400">
          Could not search.{' '}
          <button
            type="button"
            className="underline"
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => void query.refetch()}
          >
            Retry
          </button>
        </p>
      ) : !data ? (
        <p className="p-3 text-gray-600 dark:text-gray-400" aria-live="polite">
          Searching…
        </p>
      ) : groups.length === 0 ? (
        <p className="p-3 text-gray-600 dark:text-gray-400" aria-live="polite">
          Nothing found for “{q}”.
        </p>
      ) : (
        <ul id={listId} role="listbox" aria-label="Results">
          {groups.map((g, gi) => (
            <li key={g.group} role="presentation">
              <div className="bg-gray-50 px-3 py-1 text-xs font-semibold uppercase tracking-wide text-gray-600 dark:bg-slate-800 dark:text-gray-300">
                {GROUP_TITLES[g.group]}
              </div>
              <ul role="group" aria-label={GROUP_TITLES[g.group]}>
                {g.items.map((h, hi) => {
                  const i = starts[gi] + hi;
                  const href = hitHref(g.group, h);
                  return (
                    <li
                      key={`${g.group}-${h.id}`}
                      id={`${listId}-${i}`}
                      role="option"
                      aria-selected={i === active}
                      className={`cursor-pointer px-3 py-2 ${i === active ? 'bg-blue-50 dark:bg-slate-700' : 'hover:bg-gray-50 dark:hover:bg-slate-800'}`}
                      // Before the box's blur closes the panel.
                      onMouseDown={(e) => e.preventDefault()}
                      onClick={() => onPick(href)}
                    >
                      <div className="truncate font-medium text-gray-900 dark:text-gray-100">
                        {h.title}
                      </div>
                      <div className="truncate text-xs text-gray-600 dark:text-gray-400">
                        {h.detail}
                      </div>
                    </li>
                  );
                })}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export default FindAnythingPanel;
