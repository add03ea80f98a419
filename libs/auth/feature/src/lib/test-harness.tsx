import { configureStore } from '@reduxjs/toolkit';
import { render } from '@testing-library/react';
import { SnackbarProvider } from 'notistack';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { ReactElement } from 'react';
import { api } from '@loan/shared-data-access-api';
import { permissionsReducer } from '@loan/shared-permissions';
import { createSessionListener, preferencesReducer, sessionReducer } from '@loan/shared-session';

/** jsdom's origin plus an api path (MSW needs absolute URLs). */
export const apiUrl = (path: string) => new URL(path, 'http://localhost').toString();

export { csrfCookieHandler } from '@loan/shared-data-access-api/testing';

export const demoUser = {
  id: 1,
  fullname: 'Ada Admin',
  role_id: 1,
  email: 'admin@demo.zm',
  unique_number: 'EMP-0001',
  branch: 'Lusaka',
};

export function makeTestStore() {
  const listener = createSessionListener();
  return configureStore({
    reducer: {
      [api.reducerPath]: api.reducer,
      session: sessionReducer,
      preferences: preferencesReducer,
      permissions: permissionsReducer,
    },
    middleware: (gDM) => gDM().prepend(listener.middleware).concat(api.middleware),
  });
}
export type TestStore = ReturnType<typeof makeTestStore>;

function Where() {
  return <div data-testid="location">{useLocation().pathname}</div>;
}

/** Renders `page` at `route` with the store, toasts and a probe of the current path. */
export function renderPage(page: ReactElement, { route, path, store = makeTestStore() }: { route: string; path: string; store?: TestStore }) {
  const utils = render(
    <Provider store={store}>
      <SnackbarProvider maxSnack={20}>
        <MemoryRouter initialEntries={[route]}>
          <Routes>
            <Route path={path} element={page} />
            <Route path="*" element={null} />
          </Routes>
          <Where />
        </MemoryRouter>
      </SnackbarProvider>
    </Provider>,
  );
  return { store, ...utils };
}
