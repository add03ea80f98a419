import type { ReactNode } from 'react';
import { cx } from '@loan/shared-ui';
import { Pulse } from './pulse';

export type FigureTone = 'green' | 'red' | 'amber';
const TONE: Record<FigureTone, string> = {
  green: 'border-l-emerald-500 dark:border-l-emerald-400',
  red: 'border-l-red-500 dark:border-l-red-400',
  amber: 'border-l-amber-500 dark:border-l-amber-400',
};

/** One labelled figure inside a statistics card (a <dt>/<dd> pair). */
export interface FigureProps {
  label: string;
  value: ReactNode;
  sub?: string;
  tone?: FigureTone;
  /** Placeholders of the same height as the figure while it loads. */
  loading?: boolean;
  /** Whether a second line is shown (kept while loading, so the height stays). */
  hasSub?: boolean;
}

export function Figure({ label, value, sub, tone, loading, hasSub = sub !== undefined }: FigureProps) {
  return (
    <div
      className={cx(
        'rounded-lg border border-gray-100 border-l-4 bg-gray-50 px-3 py-2 dark:border-slate-700 dark:bg-slate-900/40',
        tone ? TONE[tone] : 'border-l-blue-500 dark:border-l-blue-400',
      )}
    >
      <dt className="text-xs font-medium text-gray-500 uppercase dark:text-gray-400">{label}</dt>
      <dd className="text-lg font-semibold break-words text-gray-900 tabular-nums dark:text-gray-100">
        {loading ? <Pulse line="lg" width="w-20" /> : value}
      </dd>
      {hasSub && <dd className="text-xs text-gray-500 dark:text-gray-400">{loading ? <Pulse line="xs" width="w-16" /> : sub}</dd>}
    </div>
  );
}
