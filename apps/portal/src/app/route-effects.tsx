import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { pageTitle } from '@loan/shared-util-format';
import { useRouteTitle } from './route-handle';

/** Document title from the route table and scroll to the top on each navigation (spec §1, §2). */
export function RouteEffects() {
  const { pathname, hash } = useLocation();
  const title = useRouteTitle();

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
