import type { ReactNode } from 'react';
import { cx } from './cx';

export interface PageSectionProps {
  children?: ReactNode;
  className?: string;
}

/** The padded main area of a screen. */
export function PageSection({ children, className }: PageSectionProps) {
  return <section className={cx('mx-auto w-full max-w-7xl space-y-6 p-3 sm:p-6', className)}>{children}</section>;
}

export interface SectionTitleBarProps {
  title: ReactNode;
  /** A line under the title (a period caption, a count). */
  subtitle?: ReactNode;
  actions?: ReactNode;
  /** h1 for the screen's heading, h2 for sections inside it. */
  as?: 'h1' | 'h2';
}

/** A heading row with optional actions on the right. */
export function SectionTitleBar({ title, subtitle, actions, as: H = 'h1' }: SectionTitleBarProps) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <div className="min-w-0">
        <H className={cx('font-semibold text-gray-900 dark:text-gray-100', H === 'h1' ? 'text-2xl' : 'text-lg')}>{title}</H>
        {subtitle && <p className="mt-0.5 text-sm text-gray-600 dark:text-gray-400">{subtitle}</p>}
      </div>
      {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
    </div>
  );
}
