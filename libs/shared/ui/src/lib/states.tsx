import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button, buttonClass } from './button';
import { Icon } from './icon';
import { cx } from './cx';

export interface EmptyStateProps {
  title?: string;
  message?: ReactNode;
  action?: ReactNode;
  className?: string;
}

export function EmptyState({ title = 'Nothing here yet', message, action, className }: EmptyStateProps) {
  return (
    <div className={cx('flex flex-col items-center gap-2 px-4 py-10 text-center text-gray-500 dark:text-gray-400', className)}>
      <Icon name="inbox" size={36} />
      <p className="font-medium text-gray-700 dark:text-gray-200">{title}</p>
      {message && <p className="text-sm">{message}</p>}
      {action}
    </div>
  );
}

export interface ErrorStateProps {
  title?: string;
  message?: ReactNode;
  /** Shows a "Try again" button. */
  onRetry?: () => void;
  retryLabel?: string;
  className?: string;
}

export function ErrorState({ title = 'Something went wrong!', message, onRetry, retryLabel = 'Try again', className }: ErrorStateProps) {
  return (
    <div
      role="alert"
      className={cx(
        'flex flex-col items-center gap-2 rounded-lg border border-red-200 bg-red-50 px-4 py-8 text-center text-red-800 dark:border-red-900 dark:bg-red-950/40 dark:text-red-200',
        className,
      )}
    >
      <Icon name="alert" size={32} />
      <p className="font-medium">{title}</p>
      {message && <p className="text-sm">{message}</p>}
      {onRetry && (
        <Button variant="secondary" size="sm" onClick={onRetry} icon={<Icon name="refresh" size={16} />}>
          {retryLabel}
        </Button>
      )}
    </div>
  );
}

export interface NotFoundProps {
  title?: string;
  message?: ReactNode;
  backTo?: string;
  backLabel?: string;
  /** Extra code shown large above the title; '404' by default. */
  code?: string;
  /**
   * A page of its own, outside the portal's shell (an unknown route): it is then the page's
   * `<main>` landmark. Inside the shell (no access, not available, a record not found) the
   * shell's `<main>` holds it: a second one would be a landmark inside a landmark.
   */
  standalone?: boolean;
}

/** A full page for unknown routes and for screens not available in this build. */
export function NotFound({
  title = 'Page not found',
  message = 'The page you asked for does not exist or has moved.',
  backTo = '/',
  backLabel = 'Go back home',
  code = '404',
  standalone = false,
}: NotFoundProps) {
  const Root = standalone ? 'main' : 'div';
  return (
    <Root className="flex min-h-[60vh] flex-col items-center justify-center gap-3 px-4 py-12 text-center">
      <p className="text-5xl font-bold text-gray-500 dark:text-slate-400">{code}</p>
      <h1 className="text-2xl font-semibold text-gray-900 dark:text-gray-100">{title}</h1>
      <p className="max-w-md text-gray-600 dark:text-gray-300">{message}</p>
      <Link to={backTo} className={buttonClass('primary', 'md', 'mt-2')}>
        {backLabel}
      </Link>
    </Root>
  );
}
