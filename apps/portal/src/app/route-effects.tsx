import { useEffect } from 'react';
import { useLocation, useMatches } from 'react-router-dom';
import { pageTitle } from '@loan/shared-util-format';
import type { RouteHandle } from './route-handle';

/** Document title from the route table and scroll to the top on each navigation (spec §1, §2). */
export function RouteEffects() {
  const matches = useMatches();
  const { pathname, hash } = useLocation();
  const handle = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined)?.title)?.handle as RouteHandle | undefined;
  const title = handle?.title;

  useEffect(() => {
    document.title = pageTitle(title);
  }, [title, pathname]);

  useEffect(() => {
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [pathname, hash]);

  return null;
}
