import { Link, useMatches, useRouteError } from 'react-router-dom';
import { NotFound, buttonClass } from '@loan/shared-ui';
import type { RouteHandle } from './route-handle';

function currentTitle(matches: ReturnType<typeof useMatches>): string | undefined {
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const h = matches[i].handle as RouteHandle | undefined;
    if (h?.title) return h.title;
  }
  return undefined;
}

/** A declared route whose screen is not part of this build yet: says so, with a way back. */
export function NotAvailablePage() {
  const title = currentTitle(useMatches());
  return (
    <NotFound
      code="Soon"
      title="Not available yet"
      message={`${title ? `The ${title} screen` : 'This screen'} is not part of this version of the portal.`}
      backTo="/dashboard"
      backLabel="Back to dashboard"
    />
  );
}

/** A public template route of the spec (/forms, /tables, /ui, /responsive) with no content. */
export function PublicNotAvailablePage() {
  return (
    <NotFound
      code="Soon"
      title="Not available"
      message="This page has no content in this version of the portal."
      backTo="/login"
      backLabel="Go to sign in"
    />
  );
}

/** The signed-in user lacks the permission the screen needs. */
export function ForbiddenPage() {
  return (
    <NotFound
      code="403"
      title="No access"
      message="Your role does not include this part of the portal. Ask an administrator if you need it."
      backTo="/profile"
      backLabel="Go to my profile"
    />
  );
}

export function UnknownRoutePage() {
  return <NotFound backTo="/" backLabel="Go back home" />;
}

/** /error, and the error element of the route tree. */
export function ErrorPage() {
  const error = useRouteError();
  if (error) console.error('[portal] route error', error);
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-3 bg-gray-100 px-4 text-center dark:bg-slate-950">
      <p className="text-5xl font-bold text-gray-300 dark:text-slate-600">Error</p>
      <h1 className="text-2xl font-semibold text-gray-900 dark:text-gray-100">Something went wrong!</h1>
      <p className="max-w-md text-gray-600 dark:text-gray-300">The page could not be shown. Try again, or start over from the beginning.</p>
      <div className="flex flex-wrap justify-center gap-2">
        <button type="button" className={buttonClass('secondary')} onClick={() => window.location.reload()}>
          Reload
        </button>
        <Link to="/" className={buttonClass('primary')}>
          Start over
        </Link>
      </div>
    </main>
  );
}
