import { MONTHS, type DashboardFilter, type DashboardMonth } from '@loan/shared-contract';
import { formatTime } from '@loan/shared-util-format';

/** The screen's filter state: 'yesterday', or a month ('' = All Months) of `year`. */
export interface FilterState {
  filter: DashboardFilter;
  month: DashboardMonth | '';
  year: string;
}

export const MONTH_OPTIONS = [
  { value: '', label: 'All Months' },
  ...MONTHS.map((m) => ({ value: m.code, label: m.name })),
] as const;

/** 'From yesterday to 14:05 today', 'For March 2026', 'For All Months 2026' (spec §2, NOTES.md). */
export function periodCaption(state: FilterState, now: Date | string): string {
  if (state.filter === 'yesterday') return `From yesterday to ${formatTime(now)} today`;
  const name = MONTHS.find((m) => m.code === state.month)?.name ?? 'All Months';
  return `For ${name} ${state.year}`;
}
