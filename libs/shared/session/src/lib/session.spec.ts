import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { csrfCookieHandler } from '@loan/shared-data-access-api/testing';
import { configureStore } from '@reduxjs/toolkit';
import { api } from '@loan/shared-data-access-api';
import { credentialsFor, sessionApi } from './session-api';
import { createSessionListener } from './session-api-listener';
import { preferencesReducer, darkModeChosen, styleChosen } from './preferences-slice';
import { sessionReducer, signedIn } from './session-slice';
import { signOut } from './sign-out';
import { AUTHENTICATED_FLAG, LS_AUTH, LS_DARK_MODE, LS_PERMISSIONS, LS_STYLE, PERSIST_STORAGE_KEY } from './storage-keys';

// jsdom's origin plus an api path (MSW needs absolute URLs).
const apiUrl = (path: string) => new URL(path, 'http://localhost').toString();
const server = setupServer(csrfCookieHandler);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

const user = { id: 1, fullname: 'Ada Admin', role_id: 1, email: 'admin@demo.zm', unique_number: 'EMP-0001', branch: 'Lusaka' };

function makeStore(onExpired = jest.fn()) {
  const listener = createSessionListener({ onExpired });
  const store = configureStore({
    reducer: { [api.reducerPath]: api.reducer, session: sessionReducer, preferences: preferencesReducer },
    middleware: (gDM) => gDM().prepend(listener.middleware).concat(api.middleware),
  });
  return { store, onExpired };
}

it('sends an identifier with @ as email, else as unique_number', () => {
  expect(credentialsFor(' admin@demo.zm ', 'pw')).toEqual({ email: 'admin@demo.zm', password: 'pw' });
  expect(credentialsFor('EMP-0001', 'pw')).toEqual({ unique_number: 'EMP-0001', password: 'pw' });
});

it('mirrors sign-in into the session flag and the local auth entry', () => {
  const { store } = makeStore();
  sessionStorage.setItem(PERSIST_STORAGE_KEY, JSON.stringify({ writtenAt: 0, value: '{}' }));
  store.dispatch(signedIn(user));
  expect(store.getState().session).toEqual({ user, authenticated: true });
  // A new sign-in starts a new persisted session (and its 3-hour clock).
  expect(sessionStorage.getItem(PERSIST_STORAGE_KEY)).toBeNull();
  expect(sessionStorage.getItem(AUTHENTICATED_FLAG)).toBe('true');
  expect(JSON.parse(localStorage.getItem(LS_AUTH) ?? 'null')).toEqual(user);
});

it('writes preferences to localStorage', () => {
  const { store } = makeStore();
  store.dispatch(styleChosen('white'));
  store.dispatch(darkModeChosen(true));
  expect(localStorage.getItem(LS_STYLE)).toBe('white');
  expect(localStorage.getItem(LS_DARK_MODE)).toBe('1');
});

it('on a 401 removes the auth entry, clears local storage, signs out and still passes the error on', async () => {
  server.use(http.get(apiUrl('/api/client/all'), () => HttpResponse.json({ message: 'Unauthenticated.' }, { status: 401 })));
  const { store, onExpired } = makeStore();
  store.dispatch(signedIn(user));
  localStorage.setItem(LS_PERMISSIONS, '["view main dashboard"]');
  localStorage.setItem(LS_STYLE, 'white');
  const res = await store.dispatch(sessionApi.endpoints.startupClients.initiate());
  expect(res.error).toMatchObject({ status: 401 });
  expect(localStorage.length).toBe(0);
  expect(sessionStorage.getItem(AUTHENTICATED_FLAG)).toBeNull();
  expect(store.getState().session.authenticated).toBe(false);
  expect(store.getState().preferences.style).toBe('basic');
  expect(onExpired).toHaveBeenCalledTimes(1);
});

it('does not sign out on other failures, and a failed list load yields an error the screen can treat as empty', async () => {
  server.use(http.get(apiUrl('/api/history/all'), () => HttpResponse.json({ message: 'boom' }, { status: 500 })));
  const { store, onExpired } = makeStore();
  store.dispatch(signedIn(user));
  const res = await store.dispatch(sessionApi.endpoints.startupHistory.initiate());
  expect(res.error).toMatchObject({ status: 500 });
  expect(store.getState().session.authenticated).toBe(true);
  expect(onExpired).not.toHaveBeenCalled();
});

it('reads the client list from the list envelope', async () => {
  server.use(
    http.get(apiUrl('/api/client/all'), () =>
      HttpResponse.json({ items: [{ id: 1, name: 'Bwalya', nrc: '****56/78/9', mobile: '+*********456', branch: null }], total: 1, page: 1, pageSize: 15 }),
    ),
  );
  const { store } = makeStore();
  const clients = await store.dispatch(sessionApi.endpoints.startupClients.initiate());
  expect(clients.data?.map((c) => c.name)).toEqual(['Bwalya']);
});

it('reads start-up lists given bare or wrapped in data', async () => {
  server.use(
    http.get(apiUrl('/api/client/all'), () => HttpResponse.json({ data: [{ id: 1, name: 'Bwalya', nrc: '1', mobile: '0977', branch: null }] })),
    http.get(apiUrl('/api/history/all'), () => HttpResponse.json([{ id: 3, action: 'login', created_at: '2026-11-21' }])),
  );
  const { store } = makeStore();
  const clients = await store.dispatch(sessionApi.endpoints.startupClients.initiate());
  const history = await store.dispatch(sessionApi.endpoints.startupHistory.initiate());
  expect(clients.data).toHaveLength(1);
  expect(history.data?.[0].action).toBe('login');
});

it('logout calls the api, forgets the session and resets the api cache, even when the api fails', async () => {
  let calls = 0;
  server.use(
    http.post(apiUrl('/logout'), () => {
      calls += 1;
      return calls === 1 ? new HttpResponse(null, { status: 204 }) : HttpResponse.json({ message: 'down' }, { status: 503 });
    }),
    http.get(apiUrl('/api/client/all'), () => HttpResponse.json([])),
  );
  const { store } = makeStore();
  store.dispatch(signedIn(user));
  await store.dispatch(sessionApi.endpoints.startupClients.initiate());
  expect(Object.keys(store.getState().api.queries)).toHaveLength(1);
  await store.dispatch(signOut());
  expect(calls).toBe(1);
  expect(store.getState().session.authenticated).toBe(false);
  expect(sessionStorage.getItem(AUTHENTICATED_FLAG)).toBeNull();
  expect(localStorage.getItem(LS_AUTH)).toBeNull();
  expect(Object.keys(store.getState().api.queries)).toHaveLength(0);

  store.dispatch(signedIn(user));
  await store.dispatch(signOut());
  expect(calls).toBe(2);
  expect(store.getState().session.authenticated).toBe(false);
});
