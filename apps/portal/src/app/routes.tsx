import { lazy, type ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { ForgotPasswordPage, PasswordResetPage } from '@loan/auth-feature';
import type { ScreenDescriptor } from '@loan/shared-permissions';
import { ApiReady } from './api-ready';
import { LoginRoute } from './login-route';
import { FormsGalleryPage, ResponsiveGalleryPage, TablesGalleryPage, UiGalleryPage } from '@loan/shared-ui';
import { ErrorPage, UnknownRoutePage } from './pages';
import { RequireAuth } from './require-auth';
import { RequirePermission } from './require-permission';
import { RootView } from './root-view';
import type { RouteHandle } from './route-handle';
import { SCREEN_REGISTRY } from './screens';

// The signed-in layout (menu, top bar, startup queries) loads on the first signed-in screen, so
// /login downloads none of it (bundle budget, tools/bundle-report).
const ShellLayout = lazy(() => import('./shell-layout').then((m) => ({ default: m.ShellLayout })));

// The borrower's pages, which the portal serves too; that feature is only ever loaded lazily here.
const ApplyPage = lazy(() => import('@loan/public-borrower-feature').then((m) => ({ default: m.ApplyPage })));
// ContractPage there is itself lazy (its own chunk): a lazy of it would resolve to a lazy, which React refuses.
const ContractPage = lazy(() => import('@loan/public-borrower-feature').then((m) => m.loadContractPage()));

/** A public page; `usesApi`: it waits for the api slice, which the store adds after the first screen (store.ts). */
function page(path: string, handle: RouteHandle, Screen: ComponentType, usesApi = false): RouteObject {
  return { path, handle, element: usesApi ? <ApiReady><Screen /></ApiReady> : <Screen /> };
}

/** A signed-in screen from the registry, guarded by its permissions (all of them). */
function screenRoute({ path, title, permissions, element: Screen }: ScreenDescriptor): RouteObject {
  return {
    path,
    handle: { title, auth: true, permissions } satisfies RouteHandle,
    element: (
      <RequirePermission permissions={permissions}>
        <Screen />
      </RequirePermission>
    ),
  };
}

/**
 * The route table of spec §2. The public pages are declared here; the signed-in screens
 * come from the screen registry (screens.ts), which the side menu is built from too.
 */
export const routes: RouteObject[] = [
  {
    // A page that fails shows ErrorPage (RoutedView's error boundary).
    element: <RootView />,
    children: [
      { path: '/', handle: { auth: false } satisfies RouteHandle, element: <Navigate to="/login" replace /> },
      page('/login', { title: 'Login', auth: false }, LoginRoute),
      page('/error', { title: 'Error', auth: false }, ErrorPage),
      page('/apply', { title: 'Apply for a Loan', auth: false }, ApplyPage, true),
      page('/loan-offer-letter/:token', { title: 'Loan Offer Letter', auth: false }, ContractPage, true),
      page('/forgot-password', { title: 'Forgot Password', auth: false }, ForgotPasswordPage, true),
      page('/password-reset', { title: 'Password Reset', auth: false }, PasswordResetPage, true),
      // Template demo pages of the spec: the living gallery of shared/ui (loaded lazily).
      page('/forms', { title: 'Forms', auth: false }, FormsGalleryPage),
      page('/tables', { title: 'Tables', auth: false }, TablesGalleryPage),
      page('/ui', { title: 'UI', auth: false }, UiGalleryPage),
      page('/responsive', { title: 'Responsive', auth: false }, ResponsiveGalleryPage),
      {
        element: (
          <RequireAuth>
            <ApiReady>
              <ShellLayout />
            </ApiReady>
          </RequireAuth>
        ),
        children: SCREEN_REGISTRY.map(screenRoute),
      },
      { path: '*', handle: { title: 'Page Not Found', auth: false } satisfies RouteHandle, element: <UnknownRoutePage /> },
    ],
  },
];
