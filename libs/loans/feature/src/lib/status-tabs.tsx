import { NavLink } from 'react-router-dom';
import type { LoanKind, LoanStatus } from '@loan/shared-contract';
import { useGetApplicationStatusStatsQuery } from '@loan/loans-data-access';
import { usePermissions } from '@loan/shared-permissions';
import { canOpenScreen } from '@loan/shared-screens';
import { cx } from '@loan/shared-ui';
import { KIND_LABEL, LOAN_LIST_SCREENS, TAB_LABEL } from './application-screens-meta';

/** The side menu's order (spec §2): Requests, Rejected, Approved, Closed. */
const TAB_ORDER: readonly LoanStatus[] = ['request', 'rejected', 'approved', 'closed'];

function TabCount({ kind, status, branch }: { kind: LoanKind; status: LoanStatus; branch?: string }) {
  const { data, isError } = useGetApplicationStatusStatsQuery({ kind, status, branch });
  if (isError) return <span className="sr-only">(count not loaded)</span>;
  return (
    <span className="ml-1.5 rounded-full bg-gray-200 px-2 py-0.5 text-xs tabular-nums text-gray-800 dark:bg-slate-700 dark:text-gray-100">
      {data ? data.count.toLocaleString('en-US') : '…'}
    </span>
  );
}

/** Links to the kind's status lists the user may open, each with its count (/stats/byStatus). */
export function StatusTabs({ kind = 'application', branch }: { kind?: LoanKind; branch?: string }) {
  const has = usePermissions();
  const screens = LOAN_LIST_SCREENS[kind];
  const visible = TAB_ORDER.filter((s) => canOpenScreen(screens[s], has));
  return (
    <nav aria-label={`${KIND_LABEL[kind].Many} statuses`} className="-mx-1 overflow-x-auto">
      <ul className="flex min-w-max gap-1 border-b border-gray-200 px-1 dark:border-slate-700">
        {visible.map((s) => (
          <li key={s}>
            <NavLink
              to={screens[s].path}
              className={({ isActive }) =>
                cx(
                  'inline-flex items-center border-b-2 px-3 py-2 text-sm font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-400',
                  isActive
                    ? 'border-blue-600 text-blue-700 dark:border-blue-400 dark:text-blue-300'
                    : 'border-transparent text-gray-600 hover:text-gray-900 dark:text-gray-300 dark:hover:text-white',
                )
              }
            >
              {TAB_LABEL[s]}
              <TabCount kind={kind} status={s} branch={branch} />
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
