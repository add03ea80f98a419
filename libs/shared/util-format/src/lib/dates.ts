import { format, parseISO } from 'date-fns';

type DateInput = Date | string | number | null | undefined;

function toDate(value: DateInput): Date | null {
  if (value == null || value === '') return null;
  const d = typeof value === 'string' ? parseISO(value) : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** `21 Nov 2026`; empty input reads as an em dash. */
export function formatDate(value: DateInput): string {
  const d = toDate(value);
  return d ? format(d, 'd MMM yyyy') : '—';
}

/** `21 Nov 2026, 14:05` (24-hour, local time). */
export function formatDateTime(value: DateInput): string {
  const d = toDate(value);
  return d ? format(d, 'd MMM yyyy, HH:mm') : '—';
}

/** `14:05`, 24-hour local time (the dashboard caption, NOTES.md "Display"). */
export function formatTime(value: DateInput): string {
  const d = toDate(value);
  return d ? format(d, 'HH:mm') : '';
}

/** `2026-11-21`, for date inputs and query parameters. */
export function toIsoDate(value: DateInput): string {
  const d = toDate(value);
  return d ? format(d, 'yyyy-MM-dd') : '';
}
