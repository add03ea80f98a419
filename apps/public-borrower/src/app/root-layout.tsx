import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useMatches, useNavigation } from 'react-router-dom';
import { pageTitle } from '@loan/shared-util-format';

/** Title from the route's handle (spec §1: '{title} - Portal'), scroll to top on navigation. */
export function RootLayout() {
  const matches = useMatches();
  const navigation = useNavigation();
  const title = [...matches].reverse().map((m) => (m.handle as { title?: string } | undefined)?.title).find(Boolean);
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
  return (
    <>
      {navigation.state === 'loading' && (
        <div role="progressbar" aria-label="Loading page" className="fixed inset-x-0 top-0 z-50 h-[5px] animate-pulse bg-[#ca8a04]" />
      )}
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

/** Shown while a lazily loaded page arrives. */
export function PageLoading() {
  return (
    <p role="status" className="p-8 text-center text-slate-600 dark:text-slate-300">
      Loading…
    </p>
  );
}
