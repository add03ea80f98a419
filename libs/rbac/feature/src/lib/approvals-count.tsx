import { Link } from 'react-router-dom';
import { P } from '@loan/shared-contract';
import { useGetPendingActionCountQuery } from '@loan/shared-data-access-api';
import { usePermission } from '@loan/shared-permissions';
import { Icon } from '@loan/shared-ui';

/** How often the top bar asks how many requests wait. */
export const APPROVALS_POLL_MS = 60_000;

/** The top bar's count of requests waiting for the signed-in checker (`can check pending actions`). */
export function ApprovalsCount() {
  const can = usePermission(P.checkPendingActions);
  if (!can) return null;
  return <Count />;
}

function Count() {
  const { data } = useGetPendingActionCountQuery(undefined, { pollingInterval: APPROVALS_POLL_MS });
  const n = data?.count ?? 0;
  return (
    <Link
      to="/approvals"
      className="relative hidden h-10 w-10 items-center sm:inline-flex justify-center rounded-md text-gray-600 hover:bg-gray-100 hover:text-gray-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-400 dark:text-gray-300 dark:hover:bg-slate-800 dark:hover:text-white"
      aria-label={n ? `Approvals, ${n} waiting` : 'Approvals'}
    >
      <Icon name="check" />
      {n > 0 && (
        <span aria-hidden="true" className="absolute right-1 top-1 min-w-[1.1rem] rounded-full bg-amber-600 px-1 text-center text-[0.65rem] font-bold leading-4 text-white">
          {n > 99 ? '99+' : n}
        </span>
      )}
    </Link>
  );
}
