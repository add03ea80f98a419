import { useEffect, useRef, useState } from 'react';
import { useGetNotificationsQuery, useMarkNotificationsReadMutation } from '@loan/rbac-data-access';
import { Icon } from '@loan/shared-ui';
import { formatDateTime } from '@loan/shared-util-format';

/** How often the bell asks for new notifications. */
export const NOTIFICATIONS_POLL_MS = 60_000;

/**
 * The signed-in user's notifications (spec §7 `/api/user` notification; issue 16): "your
 * role changed", "new device sign-in". Opening the list marks them read.
 */
export function NotificationBell() {
  const { data, isError } = useGetNotificationsQuery(undefined, { pollingInterval: NOTIFICATIONS_POLL_MS });
  const [markRead] = useMarkNotificationsReadMutation();
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const unread = data?.unread ?? 0;

  useEffect(() => {
    if (!open) return undefined;
    const onDown = (e: MouseEvent) => {
      if (box.current && !box.current.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const toggle = () => {
    setOpen((o) => !o);
    if (!open && unread > 0) void markRead();
  };

  return (
    <div className="relative" ref={box}>
      <button
        type="button"
        className="relative inline-flex h-10 w-10 items-center justify-center rounded-md text-gray-600 hover:bg-gray-100 hover:text-gray-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-400 dark:text-gray-300 dark:hover:bg-slate-800 dark:hover:text-white"
        aria-label={unread ? `Notifications, ${unread} unread` : 'Notifications'}
        aria-expanded={open}
        aria-controls={open ? 'notifications' : undefined}
        onClick={toggle}
      >
        <Icon name="bell" />
        {unread > 0 && (
          <span aria-hidden="true" className="absolute right-1 top-1 min-w-[1.1rem] rounded-full bg-red-600 px-1 text-center text-[0.65rem] font-bold leading-4 text-white">
            {unread > 9 ? '9+' : unread}
          </span>
        )}
      </button>
      {open && (
        <div
          id="notifications"
          role="region"
          aria-label="Notifications"
          className="fixed inset-x-2 top-14 z-30 overflow-hidden rounded-md sm:absolute sm:inset-x-auto sm:right-0 sm:top-auto sm:mt-1 sm:w-80 border border-gray-200 bg-white shadow-lg dark:border-slate-700 dark:bg-slate-800"
        >
          {isError ? (
            <p className="p-3 text-sm text-red-700 dark:text-red-300">Could not load notifications.</p>
          ) : !data?.items.length ? (
            <p className="p-3 text-sm text-gray-600 dark:text-gray-300">No notifications.</p>
          ) : (
            <ul className="max-h-80 divide-y divide-gray-100 overflow-y-auto text-sm dark:divide-slate-700">
              {data.items.map((n) => (
                <li key={n.id} className={`p-3 ${n.read ? '' : 'bg-blue-50 dark:bg-slate-700'}`}>
                  <p>{n.message}</p>
                  <p className="text-xs text-gray-600 dark:text-gray-300">{formatDateTime(n.created_at)}</p>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
