import { combineReducers, configureStore, type Middleware, type Reducer, type Store } from '@reduxjs/toolkit';
import { render, type RenderOptions as RtlRenderOptions } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { ReactElement, ReactNode } from 'react';
import { api } from '../lib/api';
import { toastMiddleware } from '../lib/toasts';
import { ToastArea } from '../lib/toast-area';

export interface MakeStoreOptions {
  /** Reducers besides the api slice (session, permissions, preferences...). */
  reducers?: Record<string, Reducer>;
  preloadedState?: Record<string, unknown>;
  /** Middleware to run before the api's (a session listener). */
  prepend?: Middleware[];
}

/**
 * A store as the apps build it: the api slice, its middleware and the toast middleware,
 * plus what the test adds. Each call returns a fresh store, so the api cache never leaks
 * between tests. `makeStore(reducers, preloadedState)` is the short form.
 */
export function makeStore(options: MakeStoreOptions | Record<string, Reducer> = {}, preloadedState?: Record<string, unknown>) {
  const opts: MakeStoreOptions =
    'reducers' in options || 'prepend' in options || 'preloadedState' in options
      ? (options as MakeStoreOptions)
      : { reducers: options as Record<string, Reducer>, preloadedState };
  const reducer = combineReducers({ ...(opts.reducers ?? {}), [api.reducerPath]: api.reducer });
  return configureStore({
    reducer,
    middleware: (gDM) => {
      const chain = gDM({ serializableCheck: false }).concat(api.middleware).concat(toastMiddleware);
      // Typed as the chain without them: a listener's middleware adds no dispatch signature.
      return opts.prepend?.length ? (chain.prepend(...opts.prepend) as unknown as typeof chain) : chain;
    },
    preloadedState: opts.preloadedState as never,
  });
}
export type TestStore = ReturnType<typeof makeStore>;

/** Shows the current path and query, so a test can assert where the screen navigated. */
export function LocationProbe() {
  const { pathname, search } = useLocation();
  return (
    <div data-testid="location" hidden>
      {pathname}
      {search}
    </div>
  );
}

export interface RenderOptions<S extends Store = TestStore> extends Omit<RtlRenderOptions, 'wrapper'>, MakeStoreOptions {
  /** A store built by the test (typed with its reducers); a fresh makeStore() otherwise. */
  store?: S;
  /** The URL the router starts at. */
  route?: string;
  /** A route pattern (`/loans/applications/:id`) so the screen reads its params; none: the screen renders at any path. */
  path?: string;
}

/**
 * render() as the app renders a screen: a fresh store, the toast area beside it (notistack,
 * fed by the toast middleware and showToast) and a MemoryRouter at `route`, with a probe of the location.
 */
export function renderWithProviders<S extends Store = TestStore>(ui: ReactElement, opts: RenderOptions<S> = {}) {
  const { store: given, route = '/', path, reducers, preloadedState, prepend, ...rtl } = opts;
  const store = (given ?? makeStore({ reducers, preloadedState, prepend })) as S;
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <Provider store={store}>
      <MemoryRouter initialEntries={[route]}>
        {path ? (
          <Routes>
            <Route path={path} element={children} />
            <Route path="*" element={null} />
          </Routes>
        ) : (
          children
        )}
        <LocationProbe />
      </MemoryRouter>
      <ToastArea maxSnack={20} />
    </Provider>
  );
  return { store, ...render(ui, { wrapper: Wrapper, ...rtl }) };
}
