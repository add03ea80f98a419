import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { csrfCookieHandler } from '@loan/shared-data-access-api/testing';
import { configureStore } from '@reduxjs/toolkit';
import { api } from '@loan/shared-data-access-api';
import { activityReducer, screenLoaded, screenLoading } from './activity-slice';

const probe = api.injectEndpoints({
  endpoints: (b) => ({
    activityProbe: b.query<{ ok: boolean }, string>({ query: (p) => `/api/activity-probe/${p}` }),
  }),
});

const server = setupServer(
  csrfCookieHandler,
  http.get(new URL('/api/activity-probe/ok', 'http://localhost').toString(), () => HttpResponse.json({ ok: true })),
  http.get(new URL('/api/activity-probe/fail', 'http://localhost').toString(), () => HttpResponse.json({ message: 'x' }, { status: 500 })),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

function makeStore() {
  return configureStore({
    reducer: { [api.reducerPath]: api.reducer, activity: activityReducer },
    middleware: (gDM) => gDM().concat(api.middleware),
  });
}

it('counts api requests in flight and marks a failure until the next start', async () => {
  const store = makeStore();
  const ok = store.dispatch(probe.endpoints.activityProbe.initiate('ok'));
  expect(store.getState().activity).toEqual({ pending: 1, failed: false, navigating: 0 });
  await ok;
  expect(store.getState().activity.pending).toBe(0);
  await store.dispatch(probe.endpoints.activityProbe.initiate('fail'));
  expect(store.getState().activity).toEqual({ pending: 0, failed: true, navigating: 0 });
  // A cached query dispatches nothing and changes nothing.
  await store.dispatch(probe.endpoints.activityProbe.initiate('ok'));
  expect(store.getState().activity.pending).toBe(0);
  // The next run starts clean.
  const again = store.dispatch(probe.endpoints.activityProbe.initiate('ok', { forceRefetch: true }));
  expect(store.getState().activity).toEqual({ pending: 1, failed: false, navigating: 0 });
  await again;
});

it('counts screens loading', () => {
  const store = makeStore();
  store.dispatch(screenLoading());
  expect(store.getState().activity.navigating).toBe(1);
  store.dispatch(screenLoaded());
  store.dispatch(screenLoaded());
  expect(store.getState().activity.navigating).toBe(0);
});
