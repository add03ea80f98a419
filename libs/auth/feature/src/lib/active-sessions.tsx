import type { ActiveSessionDto } from '@loan/shared-contract';
import { errorMessage, useToasts } from '@loan/shared-data-access-api';
import { useMySessionsQuery, useRevokeOtherSessionsMutation, useRevokeSessionMutation } from '@loan/shared-session';
import { Button, ErrorState, Skeleton } from '@loan/shared-ui';
import { formatDateTime } from '@loan/shared-util-format';

/** A short device label from a user agent: browser on system ('Chrome on Android'). */
export function deviceLabel(agent: string | null): string {
  if (!agent) return 'Unknown device';
  const browser = /Edg\//.test(agent)
    ? 'Edge'
    : /OPR\/|Opera/.test(agent)
      ? 'Opera'
      : /Firefox\//.test(agent)
        ? 'Firefox'
        : /Chrome\/|Chromium\//.test(agent)
          ? 'Chrome'
          : /Safari\//.test(agent)
            ? 'Safari'
            : 'Browser';
  const system = /Android/.test(agent)
    ? 'Android'
    : /iPhone|iPad|iOS/.test(agent)
      ? 'iOS'
      : /Windows/.test(agent)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(agent)
          ? 'macOS'
          : /Linux|X11/.test(agent)
            ? 'Linux'
            : 'an unknown system';
  return `${browser} on ${system}`;
}

function SessionRow({ session }: { session: ActiveSessionDto }) {
  const [revoke, { isLoading }] = useRevokeSessionMutation();
  const { enqueueSnackbar } = useToasts();
  const label = deviceLabel(session.user_agent);
  const onRevoke = async () => {
    const res = await revoke(session.id);
    if ('error' in res && res.error) enqueueSnackbar(errorMessage(res.error, 'Something went wrong!'), { variant: 'error' });
    else enqueueSnackbar(res.data?.message ?? 'The session has been signed out.', { variant: 'success' });
  };
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="min-w-0">
        <p className="font-medium text-gray-900 dark:text-gray-100">
          {label}
          {session.current && (
            <span className="ml-2 rounded bg-emerald-100 px-1.5 py-0.5 text-xs font-medium text-emerald-800 dark:bg-emerald-900/50 dark:text-emerald-200">
              This device
            </span>
          )}
        </p>
        <p className="break-words text-sm text-gray-600 dark:text-gray-300">
          {session.ip_address ?? 'Unknown address'} · last active {formatDateTime(session.last_seen_at)} · signed in{' '}
          {formatDateTime(session.created_at)}
        </p>
      </div>
      {!session.current && (
        <Button variant="secondary" size="sm" loading={isLoading} onClick={() => void onRevoke()} aria-label={`Sign out ${label} (${session.ip_address ?? 'unknown address'})`}>
          Sign out
        </Button>
      )}
    </li>
  );
}

/**
 * The profile page's "Active sessions": where the user is signed in (device, address,
 * last use), with "Sign out" per session and "Sign out everywhere else".
 */
export function ActiveSessions() {
  const { data, isLoading, isError, refetch } = useMySessionsQuery();
  const [revokeOthers, { isLoading: revoking }] = useRevokeOtherSessionsMutation();
  const { enqueueSnackbar } = useToasts();
  if (isLoading) return <Skeleton className="h-24" />;
  if (isError || !data) return <ErrorState title="Could not load" message="Your sessions could not be loaded." onRetry={() => void refetch()} />;
  const others = data.filter((s) => !s.current).length;
  const onRevokeOthers = async () => {
    const res = await revokeOthers();
    if ('error' in res && res.error) enqueueSnackbar(errorMessage(res.error, 'Something went wrong!'), { variant: 'error' });
    else enqueueSnackbar(res.data?.message ?? 'Other sessions signed out.', { variant: 'success' });
  };
  return (
    <div>
      <ul className="divide-y divide-gray-200 dark:divide-slate-700">
        {data.map((s) => (
          <SessionRow key={s.id} session={s} />
        ))}
      </ul>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <Button variant="danger" loading={revoking} disabled={others === 0} onClick={() => void onRevokeOthers()}>
          Sign out everywhere else
        </Button>
        <span className="text-sm text-gray-600 dark:text-gray-300">
          {others === 0 ? 'You are signed in on this device only.' : `${others} other ${others === 1 ? 'session' : 'sessions'}.`}
        </span>
      </div>
    </div>
  );
}
