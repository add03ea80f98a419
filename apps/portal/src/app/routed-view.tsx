import { Component, useMemo, type ReactNode } from 'react';
import { matchRoutes, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { ErrorPage } from './pages';
import { RouteTitleContext, titleOf } from './route-handle';

interface BoundaryProps {
  /** A new location clears a shown error (the user went elsewhere). */
  resetKey: string;
  children: ReactNode;
}

/** A page that throws while rendering (or whose chunk cannot be downloaded) shows the error page. */
class RouteErrorBoundary extends Component<BoundaryProps, { error: unknown; key: string } | { error: null; key: string }> {
  override state = { error: null, key: this.props.resetKey } as { error: unknown; key: string };

  static getDerivedStateFromError(error: unknown) {
    // `null` is "no error": a thrown null still shows the page.
    return { error: error ?? new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { error: unknown; key: string }) {
    return props.resetKey === state.key ? null : { error: null, key: props.resetKey };
  }

  override render() {
    return this.state.error ? <ErrorPage error={this.state.error} /> : this.props.children;
  }
}

/**
 * The route table on the declarative router (`useRoutes` in a `<BrowserRouter>`), with what
 * the data router gave and the portal uses: the matched routes' title (`handle.title`, for
 * the document title and the not-yet page) and an error element. The data router's
 * (createBrowserRouter, loaders, useMatches, errorElement) cost the sign-in page ~17 KB gzip
 * more (bundle budget, tools/bundle-report); nothing here loads data through the router.
 */
export function RoutedView({ routes }: { routes: RouteObject[] }) {
  const location = useLocation();
  const element = useRoutes(routes, location);
  const title = useMemo(() => titleOf(matchRoutes(routes, location)), [routes, location]);
  return (
    <RouteTitleContext.Provider value={title}>
      <RouteErrorBoundary resetKey={location.pathname}>{element}</RouteErrorBoundary>
    </RouteTitleContext.Provider>
  );
}
