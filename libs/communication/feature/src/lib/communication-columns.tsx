import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import type { Message } from '@loan/shared-contract';
import { formatDate } from '@loan/shared-util-format';

const col = createColumnHelper<Message>();

const STATUS_STYLE: Record<Message['status'], string> = {
  queued: 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100',
  sent: 'bg-blue-100 text-blue-900 dark:bg-blue-900 dark:text-blue-100',
  delivered: 'bg-green-100 text-green-900 dark:bg-green-900 dark:text-green-100',
  failed: 'bg-red-100 text-red-900 dark:bg-red-900 dark:text-red-100',
};

export function MessageStatus({ status }: { status: Message['status'] }) {
  return <span className={`rounded px-2 py-0.5 text-xs font-medium ${STATUS_STYLE[status]}`}>{status}</span>;
}

/** The list's columns: the body as stored (secrets masked by the server). */
export const messageColumns = [
  col.accessor((r) => r.client_name ?? r.recipient, { id: 'recipient', header: 'Recipient' }),
  col.accessor('channel', { header: 'Channel', cell: (c) => (c.getValue() === 'sms' ? 'SMS' : 'E-mail') }),
  col.accessor('purpose', { header: 'Purpose' }),
  col.accessor('status', { header: 'Status', cell: (c) => <MessageStatus status={c.getValue()} /> }),
  col.accessor('created_at', { header: 'Time', cell: (c) => <span className="whitespace-nowrap">{formatDate(c.getValue())}</span> }),
  col.accessor('sender_name', { header: 'Sender', cell: (c) => c.getValue() ?? 'System' }),
] as ColumnDef<Message, unknown>[];
