import type { ReactNode } from 'react';
import { cx } from './cx';

export interface FactProps {
  label: ReactNode;
  children: ReactNode;
  /** A hash, a token: monospace and broken anywhere. */
  mono?: boolean;
  /**
   * Classes for the item's own wrapper (e.g. `sm:col-span-2` for a wide item in a grid).
   * The wrapper is the one `<div>` a `<dl>` may hold around its `<dt>`/`<dd>`: never wrap a
   * Fact in another element inside the list (axe: definition-list, dlitem).
   */
  className?: string;
}

/** One term and its value, for a `<dl>` of details (a grid of facts on a details screen). */
export function Fact({ label, children, mono, className }: FactProps) {
  return (
    <div className={cx('min-w-0', className)}>
      <dt className="text-xs font-medium uppercase tracking-wide text-gray-500 dark:text-gray-400">
        {label}
      </dt>
      <dd
        className={cx(
          'mt-0.5 break-words text-sm text-gray-900 dark:text-gray-100',
          mono && 'break-all font-mono text-xs',
        )}
      >
        {children}
      </dd>
    </div>
  );
}
