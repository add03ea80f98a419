import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import type { AdminUser } from '@loan/shared-contract';
import { formatDateTime } from '@loan/shared-util-format';

const col = createColumnHelper<AdminUser>();

export function ActiveBadge({ active, passwordSet = true }: { active: boolean; passwordSet?: boolean }) {
  const [label, tone] = !active
    ? ['Inactive', 'bg-gray-200 text-gray-800 dark:bg-slate-700 dark:text-gray-100']
    : !passwordSet
      ? ['Invited', 'bg-amber-100 text-amber-900 dark:bg-amber-900/50 dark:text-amber-100']
      : ['Active', 'bg-green-100 text-green-900 dark:bg-green-900/50 dark:text-green-100'];
  return <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${tone}`}>{label}</span>;
}

/** The users list's columns (issue 16): name, e-mail, unique number, role, branch, active, last sign-in. */
export const adminUserColumns = [
  col.accessor('fullname', { header: 'Name' }),
  col.accessor('email', { header: 'E-mail', cell: (c) => <span className="break-all">{c.getValue()}</span> }),
  col.accessor('unique_number', { header: 'Unique number' }),
  col.accessor('role', { header: 'Role' }),
  col.accessor('branch', { header: 'Branch', cell: (c) => c.getValue() ?? 'All / none' }),
  col.accessor('active', { header: 'Status', cell: (c) => <ActiveBadge active={c.getValue()} passwordSet={c.row.original.password_set} /> }),
  col.accessor('last_sign_in_at', {
    header: 'Last sign-in',
    cell: (c) => <span className="whitespace-nowrap">{c.getValue() ? formatDateTime(c.getValue() as string) : 'Never'}</span>,
  }),
] as ColumnDef<AdminUser, unknown>[];
