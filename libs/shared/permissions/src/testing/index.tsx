import { act } from '@testing-library/react';
import type { ReactElement } from 'react';
import type { PermissionName } from '@loan/shared-contract';
import { renderWithProviders, type RenderOptions } from '@loan/shared-data-access-api/testing';
import { createSessionListener, preferencesReducer, sessionReducer } from '@loan/shared-session';
import { permissionsReducer, roleLoaded } from '../lib/permissions-slice';

/** The signed-in user the screens' tests act as. */
export const testUser = { id: 1, fullname: 'Ada Admin', role_id: 1, email: 'admin@demo.zm', unique_number: 'EMP-0001', branch: 'Lusaka' };

/** The reducers a signed-in screen reads besides the api: session, permissions, preferences. */
export const appReducers = { session: sessionReducer, permissions: permissionsReducer, preferences: preferencesReducer };

export interface RenderScreenOptions extends RenderOptions {
  /** The role's permission names; null leaves the role not loaded yet. */
  permissions?: readonly PermissionName[] | null;
  /** Adds the session listener (sign-out and 401 handling), as the portal's store has it. */
  withSessionListener?: boolean;
}

/**
 * renderWithProviders for a signed-in screen: the app's reducers and a role holding
 * exactly `permissions` (none by default), so a test states what the user may do.
 */
export function renderScreen(ui: ReactElement, { permissions = [], withSessionListener, ...opts }: RenderScreenOptions = {}) {
  const prepend = withSessionListener ? [createSessionListener().middleware] : [];
  const view = renderWithProviders(ui, { reducers: appReducers, prepend, ...opts });
  if (permissions) act(() => void view.store.dispatch(roleLoaded({ roleId: 1, roleName: 'Role', names: [...permissions] })));
  return view;
}
