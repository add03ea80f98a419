import type { ReactNode } from 'react';
import { cx } from './cx';

export interface ScrollRegionProps {
  /** Accessible name of the region (usually the table's caption). */
  label: string;
  className?: string;
  children?: ReactNode;
}

/**
 * The scroll container of a wide table: a named region that takes keyboard focus (tab to it,
 * then the arrow keys scroll it), so keyboard users reach what overflows (axe
 * scrollable-region-focusable). Every table of the kit scrolls through this one piece. It is
 * the containing block of what is positioned inside (`relative`): a visually hidden header
 * (sr-only, absolute) of a far column otherwise widens the whole page at 360 px.
 */
export function ScrollRegion({ label, className, children }: ScrollRegionProps) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className={cx('relative w-full overflow-x-auto focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600', className)}
    >
      {children}
    </div>
  );
}
