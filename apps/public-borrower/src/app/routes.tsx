import { Navigate, type RouteObject } from 'react-router-dom';
import { NotFoundPage } from './not-found-page';
import { PageLoading, RootLayout } from './root-layout';

/**
 * The borrower app's whole route table: the two public pages and a not-found page.
 * The pages load lazily so the first download stays small.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    hydrateFallbackElement: <PageLoading />,
    children: [
      { path: '/', element: <Navigate to="/apply" replace /> },
      {
        path: '/apply',
        handle: { title: 'Apply for a loan' },
        lazy: () => import('@loan/public-borrower-feature').then((m) => ({ Component: m.ApplyPage })),
      },
      {
        path: '/loan-offer-letter/:token',
        handle: { title: 'Loan offer' },
        lazy: () => import('@loan/public-borrower-feature').then((m) => ({ Component: m.ContractPage })),
      },
      { path: '*', handle: { title: 'Page not found' }, element: <NotFoundPage /> },
    ],
  },
];
