import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { BrowserRouter, useLocation, useNavigate, useRoutes } from 'react-router-dom';
import { pageTitle } from '@loan/shared-util-format';

// The pages load on demand: the first download is only React and the router (budget 80 KB
// gzip, see the bundle report). /apply shows before the store and RTK Query (apply-route.tsx).
const ApplyRoute = lazy(() => import('./apply-route').then((m) => ({ default: m.ApplyRoute })));
const ContractRoute = lazy(() => import('./contract-route').then((m) => ({ default: m.ContractRoute })));
const NotFoundPage = lazy(() => import('./not-found-page').then((m) => ({ default: m.NotFoundPage })));

/** The page title of a route (spec §1: '{title} - Portal'); titles live here, not in screens. */
function Titled({ title, children }: { title: string; children: ReactNode }) {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
  return children;
}

/** `/` leads to the form (react-router's Navigate does the same with more code: budget 80 KB). */
function ToApply() {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate('/apply', { replace: true });
  }, [navigate]);
  return null;
}

/** Scroll returns to the top on each navigation (spec §2). */
function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

export function PageLoading() {
  return (
    <p role="status" className="p-8 text-center text-slate-600 dark:text-slate-300">
      Loading…
    </p>
  );
}

const titled = (title: string, page: ReactNode) => <Titled title={title}>{page}</Titled>;

/**
 * The borrower app's whole route table: the two public pages and a not-found page. As objects
 * (`useRoutes`), not `<Routes>` children, which would add react-router's child walk to the
 * first download (budget 80 KB).
 */
const ROUTES = [
  { path: '/', element: <ToApply /> },
  { path: '/apply', element: titled('Apply for a Loan', <ApplyRoute />) },
  { path: '/loan-offer-letter/:token', element: titled('Loan Offer Letter', <ContractRoute />) },
  { path: '*', element: titled('Page not found', <NotFoundPage />) },
];

export function BorrowerRoutes() {
  return (
    <>
      <ScrollToTop />
      <Suspense fallback={<PageLoading />}>{useRoutes(ROUTES)}</Suspense>
    </>
  );
}

/**
 * The public-borrower app: its own router and (lazily) its own store; no staff code. The
 * tests render BorrowerRoutes in a MemoryRouter, which the app itself does not ship.
 */
export function App() {
  return (
    <BrowserRouter>
      <BorrowerRoutes />
    </BrowserRouter>
  );
}

export default App;
