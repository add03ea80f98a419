import { lazy } from 'react';
import type { ScreenDescriptor } from '@loan/shared-permissions';
import { SCREENS } from '@loan/shared-screens';

/** The signed-in screens of the auth domain. */
export const authScreens: readonly ScreenDescriptor[] = [
  { ...SCREENS.profile, element: lazy(() => import('./profile-page').then((m) => ({ default: m.ProfilePage }))) },
];

// The public pages sit outside the shell and need no permission, so they are not catalog
// screens; they load lazily all the same.
export const LoginPage = lazy(() => import('./login-page').then((m) => ({ default: m.LoginPage })));
export const ForgotPasswordPage = lazy(() => import('./forgot-password-page').then((m) => ({ default: m.ForgotPasswordPage })));
export const PasswordResetPage = lazy(() => import('./password-reset-page').then((m) => ({ default: m.PasswordResetPage })));
