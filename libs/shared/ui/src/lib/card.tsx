import type { ReactNode } from 'react';
import { cx } from './cx';

export interface CardProps {
  title?: ReactNode;
  /** Right side of the header (buttons, links). */
  actions?: ReactNode;
  footer?: ReactNode;
  className?: string;
  /** Removes the body padding (tables that run edge to edge). */
  flush?: boolean;
  children?: ReactNode;
}

export function Card({ title, actions, footer, className, flush, children }: CardProps) {
  return (
    <section
      className={cx(
        'rounded-xl border border-gray-200 bg-white text-gray-900 shadow-sm dark:border-slate-700 dark:bg-slate-800 dark:text-gray-100',
        className,
      )}
    >
      {(title || actions) && (
        <header className="flex flex-wrap items-center justify-between gap-2 border-b border-gray-100 px-4 py-3 dark:border-slate-700">
          {title && <h2 className="text-base font-semibold">{title}</h2>}
          {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
        </header>
      )}
      <div className={flush ? undefined : 'p-4'}>{children}</div>
      {footer && <footer className="border-t border-gray-100 px-4 py-3 dark:border-slate-700">{footer}</footer>}
    </section>
  );
}
