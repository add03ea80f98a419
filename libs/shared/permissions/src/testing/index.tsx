import { configureStore } from '@reduxjs/toolkit';
import { act } from '@testing-library/react';
import type { ReactElement } from 'react';
import type { PermissionName } from '@loan/shared-contract';
import { api, toastMiddleware } from '@loan/shared-data-access-api';
import { renderWithProviders, type RenderOptions } from '@loan/shared-data-access-api/testing';
import { createSessionListener, preferencesReducer, sessionReducer } from '@loan/shared-session';
import { permissionsReducer, roleLoaded } from '../lib/permissions-slice';

/** The signed-in user the screens' tests act as. */
export const testUser = { id: 1, fullname: 'Ada Admin', role_id: 1, email: 'admin@demo.zm', unique_number: 'EMP-0001', branch: 'Lusaka' };

/** The reducers a signed-in screen reads besides the api: session, permissions, preferences. */
export const appReducers = { session: sessionReducer, permissions: permissionsReducer, preferences: preferencesReducer };

/** A store as the portal builds it (without persistence): api, app reducers, session listener. */
export function makeAppStore() {
  return configureStore({
    reducer: { ...appReducers, [api.reducerPath]: api.reducer },
    middleware: (gDM) =>
      gDM({ serializableCheck: false })
        .prepend(createSessionListener().middleware)
        .concat(api.middleware)
        .concat(toastMiddleware),
  });
}
export type AppTestStore = ReturnType<typeof makeAppStore>;

export interface RenderScreenOptions extends RenderOptions<AppTestStore> {
  /** The role's permission names; null leaves the role not loaded yet. */
  permissions?: readonly PermissionName[] | null;
}

/**
 * renderWithProviders for a signed-in screen: the portal's reducers and session listener,
 * and a role holding exactly `permissions` (none by default), so a test states what the
 * user may do.
 */
export function renderScreen(ui: ReactElement, { permissions = [], ...opts }: RenderScreenOptions = {}) {
  const view = renderWithProviders(ui, { ...opts, store: opts.store ?? makeAppStore() });
  if (permissions) act(() => void view.store.dispatch(roleLoaded({ roleId: 1, roleName: 'Role', names: [...permissions] })));
  return view;
}
