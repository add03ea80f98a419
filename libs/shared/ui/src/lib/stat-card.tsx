import type { ReactNode } from 'react';
import { cx } from './cx';

export type StatTone = 'blue' | 'green' | 'red' | 'amber' | 'gray';
const TONES: Record<StatTone, string> = {
  blue: 'text-blue-600 bg-blue-50 dark:text-blue-300 dark:bg-blue-900/40',
  green: 'text-emerald-600 bg-emerald-50 dark:text-emerald-300 dark:bg-emerald-900/40',
  red: 'text-red-600 bg-red-50 dark:text-red-300 dark:bg-red-900/40',
  amber: 'text-amber-600 bg-amber-50 dark:text-amber-300 dark:bg-amber-900/40',
  gray: 'text-gray-600 bg-gray-100 dark:text-gray-300 dark:bg-slate-700',
};

export interface StatCardProps {
  title: ReactNode;
  /** The main figure (often a <CountUp/> or <Money/>). */
  value: ReactNode;
  /** A second line under the value (a count, a trend). */
  caption?: ReactNode;
  icon?: ReactNode;
  tone?: StatTone;
  loading?: boolean;
  className?: string;
}

export function StatCard({ title, value, caption, icon, tone = 'blue', loading, className }: StatCardProps) {
  return (
    <section
      className={cx(
        'flex items-center justify-between gap-4 rounded-xl border border-gray-200 bg-white p-4 shadow-sm dark:border-slate-700 dark:bg-slate-800',
        className,
      )}
      aria-busy={loading || undefined}
    >
      <div className="min-w-0">
        <h3 className="text-sm font-medium text-gray-500 dark:text-gray-400">{title}</h3>
        <div className="mt-1 text-2xl font-semibold break-words text-gray-900 dark:text-gray-100">
          {loading ? <span className="inline-block h-7 w-24 animate-pulse rounded bg-gray-200 dark:bg-slate-700" /> : value}
        </div>
        {caption && <div className="mt-1 text-sm text-gray-500 dark:text-gray-400">{caption}</div>}
      </div>
      {icon && <div className={cx('flex h-12 w-12 shrink-0 items-center justify-center rounded-full', TONES[tone])}>{icon}</div>}
    </section>
  );
}
