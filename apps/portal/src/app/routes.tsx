import { lazy, type ComponentType, type ReactElement } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { P, type PermissionName } from '@loan/shared-contract';
import { ErrorPage, NotAvailablePage, PublicNotAvailablePage, UnknownRoutePage } from './pages';
import { RequireAuth } from './require-auth';
import { RequirePermission } from './require-permission';
import { RootView } from './root-view';
import type { RouteHandle } from './route-handle';
import { ShellLayout } from './shell-layout';

// Screens live in feature libs and load lazily (ARCHITECTURE.md); never import them statically.
const LoginPage = lazy(() => import('@loan/auth-feature').then((m) => ({ default: m.LoginPage })));
const ForgotPasswordPage = lazy(() => import('@loan/auth-feature').then((m) => ({ default: m.ForgotPasswordPage })));
const PasswordResetPage = lazy(() => import('@loan/auth-feature').then((m) => ({ default: m.PasswordResetPage })));
const ProfilePage = lazy(() => import('@loan/auth-feature').then((m) => ({ default: m.ProfilePage })));
const DashboardPage = lazy(() => import('@loan/dashboard-feature').then((m) => ({ default: m.DashboardPage })));
const ApplyPage = lazy(() => import('@loan/public-borrower-feature').then((m) => ({ default: m.ApplyPage })));
const ContractPage = lazy(() => import('@loan/public-borrower-feature').then((m) => ({ default: m.ContractPage })));

function page(path: string, handle: RouteHandle, Screen: ComponentType): RouteObject {
  return { path, handle, element: <Screen /> };
}

/** A signed-in screen: its permission (when it has one) is checked before it renders. */
function screen(path: string, title: string, Screen: ComponentType, permission?: PermissionName): RouteObject {
  const element: ReactElement = permission ? (
    <RequirePermission permission={permission}>
      <Screen />
    </RequirePermission>
  ) : (
    <Screen />
  );
  return { path, handle: { title, auth: true, permission } satisfies RouteHandle, element };
}

/**
 * The route table of spec §2, each route declared once with its title and auth need.
 * Routes whose screens belong to later work show the not-available page until their
 * feature lib exists; then the entry switches to a lazy import of it.
 */
export const routes: RouteObject[] = [
  {
    element: <RootView />,
    errorElement: <ErrorPage />,
    children: [
      { path: '/', handle: { auth: false } satisfies RouteHandle, element: <Navigate to="/login" replace /> },
      page('/login', { title: 'Login', auth: false }, LoginPage),
      page('/error', { title: 'Error', auth: false }, ErrorPage),
      page('/apply', { title: 'Apply for a Loan', auth: false }, ApplyPage),
      page('/loan-offer-letter/:token', { title: 'Loan Offer Letter', auth: false }, ContractPage),
      page('/forgot-password', { title: 'Forgot Password', auth: false }, ForgotPasswordPage),
      page('/password-reset', { title: 'Password Reset', auth: false }, PasswordResetPage),
      // Template demo pages of the spec: declared, with no content of their own.
      page('/forms', { title: 'Forms', auth: false }, PublicNotAvailablePage),
      page('/tables', { title: 'Tables', auth: false }, PublicNotAvailablePage),
      page('/ui', { title: 'UI', auth: false }, PublicNotAvailablePage),
      page('/responsive', { title: 'Responsive', auth: false }, PublicNotAvailablePage),
      {
        element: (
          <RequireAuth>
            <ShellLayout />
          </RequireAuth>
        ),
        children: [
          screen('/dashboard', 'Dashboard', DashboardPage),
          screen('/loans/applications/requests', 'Application Requests', NotAvailablePage, P.viewRequestApplications),
          screen('/loans/applications/rejected', 'Rejected Applications', NotAvailablePage, P.viewRejectedApplications),
          screen('/loans/applications/approved', 'Approved Applications', NotAvailablePage, P.viewClosedApplications),
          screen('/loans/applications/closed', 'Closed Applications', NotAvailablePage, P.viewClosedApplications),
          screen('/loans/applications/offer-letter', 'Contracts', NotAvailablePage, P.viewOfferLetter),
          screen('/loans/applications/offer-letter/:id', 'Contract Details', NotAvailablePage, P.viewOfferLetter),
          screen('/loans/applications/:id', 'Application Details', NotAvailablePage, P.viewApplication),
          screen('/loans/topup/requests', 'Top-up Requests', NotAvailablePage, P.viewRequestTopups),
          screen('/loans/topup/rejected', 'Rejected Top-ups', NotAvailablePage, P.viewRejectedTopups),
          screen('/loans/topup/closed', 'Closed Top-ups', NotAvailablePage, P.viewClosedTopups),
          screen('/loans/topup/:id', 'Top-up Details', NotAvailablePage, P.viewTopup),
          screen('/transactions/disbursements', 'Disbursements', NotAvailablePage, P.viewAllDisbursements),
          screen('/transactions/disbursements/instant', 'Instant Disbursement', NotAvailablePage, P.viewInstantDisbursements),
          screen('/transactions/disbursements/auto', 'Automatic Disbursement', NotAvailablePage, P.viewAutoDisburse),
          screen('/transactions/disbursements/:id', 'Disbursement Details', NotAvailablePage, P.viewAllDisbursements),
          screen('/transactions/repayments', 'Repayments', NotAvailablePage, P.viewRepayments),
          screen('/communication', 'Communication', NotAvailablePage, P.viewCommunicationModule),
          screen('/communication/:id', 'Message Details', NotAvailablePage, P.viewCommunicationModule),
          screen('/reports', 'Reports', NotAvailablePage, P.viewReportsModule),
          screen('/users', 'Users', NotAvailablePage, P.viewUsersModule),
          screen('/users/:id', 'User Details', NotAvailablePage, P.viewUsersModule),
          screen('/settings/roles', 'Roles', NotAvailablePage, P.viewRoles),
          screen('/settings/roles/:id', 'Role Details', NotAvailablePage, P.viewRoles),
          screen('/profile', 'Profile', ProfilePage),
        ],
      },
      { path: '*', handle: { title: 'Page Not Found', auth: false } satisfies RouteHandle, element: <UnknownRoutePage /> },
    ],
  },
];
