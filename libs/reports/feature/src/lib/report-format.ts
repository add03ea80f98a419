/** A share (0..1) as a percentage with one decimal; '—' when there is none. */
export function formatRate(rate: number | null): string {
  return rate === null ? '—' : `${(rate * 100).toFixed(1)}%`;
}

/** Hours as '15.0 h', or days past two days ('2.5 d'); '—' when nothing was measured. */
export function formatHours(hours: number | null): string {
  if (hours === null) return '—';
  return hours >= 48 ? `${(hours / 24).toFixed(1)} d` : `${hours.toFixed(1)} h`;
}

/** '2026-03' as 'Mar 2026'. */
export function formatMonth(month: string): string {
  const [y, m] = month.split('-').map(Number);
  if (!y || !m) return month;
  return `${new Date(Date.UTC(y, m - 1, 1)).toLocaleString('en-GB', { month: 'short', timeZone: 'UTC' })} ${y}`;
}
