import { lazy, useMemo } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { buttonClass } from '@loan/shared-ui';
import { useHome } from './use-home';

// Loaded when shown: the not-yet, no-access and not-found pages (status-pages.tsx). The error
// page stays in the first load: it is what shows when a part of the portal cannot be downloaded.
export const NotAvailablePage = lazy(() => import('./status-pages').then((m) => ({ default: m.NotAvailablePage })));
export const ForbiddenPage = lazy(() => import('./status-pages').then((m) => ({ default: m.ForbiddenPage })));
export const UnknownRoutePage = lazy(() => import('./status-pages').then((m) => ({ default: m.UnknownRoutePage })));

/** What went wrong, in words a member of staff can act on. */
export function describeError(error: unknown): string {
  const message = error instanceof Error ? error.message : '';
  if (/dynamically imported module|Importing a module script failed|Loading chunk|error loading dynamically/i.test(message)) {
    return 'A part of the portal could not be downloaded: the connection dropped, or the portal was updated while it was open. Reloading the page usually fixes this.';
  }
  if (error) return 'The page stopped because of a fault in the portal. Your last saved changes are kept; anything not yet saved on this page may be lost.';
  return 'Something went wrong while showing a page. Try again, or start over from the beginning.';
}

/** A short reference for support: the time (UTC) and a random part, e.g. ERR-20261125-0142-7KQ3. */
export function errorReference(now = new Date(), random = Math.random): string {
  const iso = now.toISOString();
  const stamp = `${iso.slice(0, 10).replace(/-/g, '')}-${iso.slice(11, 16).replace(':', '')}`;
  const tail = Array.from({ length: 4 }, () => '23456789ABCDEFGHJKLMNPQRSTUVWXYZ'[Math.floor(random() * 32)]).join('');
  return `ERR-${stamp}-${tail}`;
}

/**
 * /error (spec §2), and what the route tree shows when a page fails (RoutedView's boundary
 * passes the `error`): what went wrong, a reference, a way back.
 */
export function ErrorPage({ error }: { error?: unknown }) {
  const { pathname } = useLocation();
  const home = useHome();
  const reference = useMemo(() => errorReference(), []);
  // The reference ties what the user quotes to what the browser console shows.
  if (error) console.error(`[portal] ${reference} route error on ${pathname}`, error);
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-3 bg-gray-100 px-4 text-center dark:bg-slate-950">
      <p className="text-5xl font-bold text-gray-500 dark:text-slate-400" aria-hidden="true">
        Error
      </p>
      <h1 className="text-2xl font-semibold text-gray-900 dark:text-gray-100">Something went wrong!</h1>
      <p className="max-w-md text-gray-700 dark:text-gray-300">{describeError(error)}</p>
      <p className="max-w-md text-sm text-gray-700 dark:text-gray-300">
        If it happens again, tell support what you were doing and quote this reference:{' '}
        <code className="rounded bg-white px-1.5 py-0.5 font-mono whitespace-nowrap text-gray-900 select-all dark:bg-slate-800 dark:text-gray-100" data-testid="error-reference">
          {reference}
        </code>
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        <button type="button" className={buttonClass('secondary')} onClick={() => window.location.reload()}>
          Reload
        </button>
        <Link to={home.to} className={buttonClass('primary')}>
          {home.label}
        </Link>
      </div>
    </main>
  );
}
