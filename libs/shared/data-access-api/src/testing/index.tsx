import { http, HttpResponse } from 'msw';
import { combineReducers, configureStore, type Reducer } from '@reduxjs/toolkit';
import { render, type RenderOptions } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import type { ReactElement, ReactNode } from 'react';
import { api } from '../lib/api';

/**
 * A store with the api slice and any extra reducers a test needs. Tests never share a
 * store: each call returns a fresh one, so the api cache does not leak between tests.
 */
export function makeStore(reducers: Record<string, Reducer> = {}, preloadedState?: Record<string, unknown>) {
  const reducer = combineReducers({ ...reducers, [api.reducerPath]: api.reducer });
  return configureStore({
    reducer,
    middleware: (gDM) => gDM({ serializableCheck: false }).concat(api.middleware),
    preloadedState: preloadedState as never,
  });
}
export type TestStore = ReturnType<typeof makeStore>;

interface Options extends Omit<RenderOptions, 'wrapper'> {
  store?: TestStore;
  route?: string;
  reducers?: Record<string, Reducer>;
  preloadedState?: Record<string, unknown>;
}

/** render() inside a fresh store and a MemoryRouter at `route`. */
export function renderWithProviders(ui: ReactElement, opts: Options = {}) {
  const store = opts.store ?? makeStore(opts.reducers, opts.preloadedState);
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <Provider store={store}>
      <MemoryRouter initialEntries={[opts.route ?? '/']}>{children}</MemoryRouter>
    </Provider>
  );
  return { store, ...render(ui, { wrapper: Wrapper, ...opts }) };
}

/** Absolute URL for MSW handlers: jsdom's origin plus an api path. */
export function apiUrl(path: string): string {
  return new URL(path, 'http://localhost').toString();
}

/**
 * GET /sanctum/csrf-cookie as the api answers it: 204 and the readable XSRF-TOKEN cookie.
 * The base query fetches it before a browser's first mutation, so suites whose screens post
 * register it as a base handler: `setupServer(csrfCookieHandler, ...)`.
 */
export const csrfCookieHandler = http.get(apiUrl('/sanctum/csrf-cookie'), () =>
  new HttpResponse(null, { status: 204, headers: { 'Set-Cookie': 'XSRF-TOKEN=test-token; Path=/' } }),
);
