import { Link } from 'react-router-dom';
import type { PendingAction } from '@loan/shared-contract';
import { formatDateTime } from '@loan/shared-util-format';

const TONE: Record<PendingAction['status'], string> = {
  pending: 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100',
  approved: 'bg-green-100 text-green-900 dark:bg-green-900/40 dark:text-green-100',
  rejected: 'bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-100',
  failed: 'bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-100',
  expired: 'bg-gray-200 text-gray-800 dark:bg-slate-700 dark:text-gray-100',
};
const WORD: Record<PendingAction['status'], string> = {
  pending: 'Waiting for a second person',
  approved: 'Approved',
  rejected: 'Rejected',
  failed: 'Failed at approval',
  expired: 'Expired',
};

/** A request's state as a small badge. */
export function PendingStatus({ status }: { status: PendingAction['status'] }) {
  return <span className={`inline-block rounded px-2 py-0.5 text-xs font-semibold ${TONE[status]}`}>{WORD[status]}</span>;
}

/** What a request would do: its title, the before/after lines, who and when. */
export function PendingActionView({ action }: { action: PendingAction }) {
  return (
    <div className="space-y-3">
      <p className="text-base font-semibold text-gray-900 dark:text-white">{action.summary.title}</p>
      {action.summary.lines.length > 0 && (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Before and after</caption>
            <thead>
              <tr className="text-gray-600 dark:text-gray-300">
                <th scope="col" className="py-1 pr-3 font-medium">What</th>
                <th scope="col" className="py-1 pr-3 font-medium">Before</th>
                <th scope="col" className="py-1 font-medium">After</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100 dark:divide-slate-700">
              {action.summary.lines.map((l) => (
                <tr key={l.label}>
                  <th scope="row" className="py-1 pr-3 font-medium text-gray-800 dark:text-gray-100">{l.label}</th>
                  <td className="py-1 pr-3 text-gray-700 dark:text-gray-200">{l.before ?? '—'}</td>
                  <td className="py-1 text-gray-900 dark:text-white">{l.after ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-2">
        <dt className="text-gray-600 dark:text-gray-300">Action</dt>
        <dd>{action.label}</dd>
        <dt className="text-gray-600 dark:text-gray-300">Asked by</dt>
        <dd>
          {action.maker.name}
          {action.mine ? ' (you)' : ''}, {formatDateTime(action.created_at)}
        </dd>
        <dt className="text-gray-600 dark:text-gray-300">State</dt>
        <dd>
          <PendingStatus status={action.status} />
        </dd>
        {action.status === 'pending' ? (
          <>
            <dt className="text-gray-600 dark:text-gray-300">Expires</dt>
            <dd>{formatDateTime(action.expires_at)}</dd>
          </>
        ) : (
          action.decided_at && (
            <>
              <dt className="text-gray-600 dark:text-gray-300">Decided</dt>
              <dd>
                {action.checker ? `${action.checker.name}, ` : ''}
                {formatDateTime(action.decided_at)}
              </dd>
            </>
          )
        )}
        {action.reason && (
          <>
            <dt className="text-gray-600 dark:text-gray-300">{action.status === 'rejected' ? 'Reason' : 'Why'}</dt>
            <dd className="whitespace-pre-wrap">{action.reason}</dd>
          </>
        )}
        {action.summary.link && (
          <>
            <dt className="text-gray-600 dark:text-gray-300">Record</dt>
            <dd>
              <Link className="text-blue-700 underline dark:text-blue-300" to={action.summary.link}>
                Open the record
              </Link>
            </dd>
          </>
        )}
      </dl>
    </div>
  );
}
