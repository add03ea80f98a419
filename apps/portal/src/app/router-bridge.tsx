import { useLayoutEffect } from 'react';
import { createPath, useLocation, useNavigate, type Location, type NavigateFunction, type NavigateOptions, type To } from 'react-router-dom';

type Where = Pick<Location, 'pathname' | 'search' | 'hash'>;

/**
 * The router as code outside React sees it (the store's 401 handler, login-route.tsx, and the
 * tests): where the user is and a way to move them. The declarative router has no router
 * object; RouterBridgeLink, rendered inside it, keeps this one up to date (`attach`).
 */
export interface RouterBridge {
  state: { location: Where };
  navigate: (to: To, options?: NavigateOptions) => void;
  attach: (location: Where, navigate: NavigateFunction) => void;
}

export function createRouterBridge(): RouterBridge {
  const { pathname, search, hash } = window.location;
  const bridge: RouterBridge = {
    state: { location: { pathname, search, hash } },
    // Until the router has rendered (nothing calls the api before that): a page load.
    navigate: (to, options) => {
      const url = typeof to === 'string' ? to : createPath(to);
      if (options?.replace) window.location.replace(url);
      else window.location.assign(url);
    },
    attach: (location, navigate) => {
      bridge.state.location = location;
      bridge.navigate = (to, options) => void navigate(to, options);
    },
  };
  return bridge;
}

/** Inside the router: hands its location and navigate to the bridge. */
export function RouterBridgeLink({ bridge }: { bridge: RouterBridge }) {
  const location = useLocation();
  const navigate = useNavigate();
  useLayoutEffect(() => bridge.attach(location, navigate), [bridge, location, navigate]);
  return null;
}
