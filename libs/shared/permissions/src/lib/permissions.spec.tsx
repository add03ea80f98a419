import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { configureStore } from '@reduxjs/toolkit';
import { Provider } from 'react-redux';
import { act, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { P } from '@loan/shared-contract';
import { api, sessionExpired } from '@loan/shared-data-access-api';
import { LS_PERMISSIONS, sessionReducer, signedIn, signedOut } from '@loan/shared-session';
import { Can, usePermission } from './permission-hooks';
import { useOwnRoleLoader } from './role-api';
import { permissionsReducer, roleLoaded } from './permissions-slice';

const apiUrl = (path: string) => new URL(path, 'http://localhost').toString();
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function makeStore() {
  return configureStore({
    reducer: { [api.reducerPath]: api.reducer, session: sessionReducer, permissions: permissionsReducer },
    middleware: (gDM) => gDM().concat(api.middleware),
  });
}
const wrap = (store: ReturnType<typeof makeStore>) =>
  function Wrapper({ children }: { children: ReactNode }) {
    return <Provider store={store}>{children}</Provider>;
  };

function Probe() {
  const dash = usePermission(P.viewDashboard);
  return (
    <>
      <span>dashboard:{String(dash)}</span>
      <Can permission={P.viewUsersModule} fallback={<span>no users</span>}>
        <span>users area</span>
      </Can>
    </>
  );
}

it('usePermission and <Can> follow the role permission list', () => {
  const store = makeStore();
  const { rerender } = render(<Probe />, { wrapper: wrap(store) });
  expect(screen.getByText('dashboard:false')).toBeInTheDocument();
  expect(screen.getByText('no users')).toBeInTheDocument();
  act(() => {
    store.dispatch(roleLoaded({ roleId: 2, roleName: 'Officer', names: [P.viewDashboard, P.viewUsersModule] }));
  });
  rerender(<Probe />);
  expect(screen.getByText('dashboard:true')).toBeInTheDocument();
  expect(screen.getByText('users area')).toBeInTheDocument();
});

it('forgets permissions on sign-out and on session expiry', () => {
  const store = makeStore();
  store.dispatch(roleLoaded({ roleId: 2, roleName: 'Officer', names: [P.viewDashboard] }));
  store.dispatch(signedOut());
  expect(store.getState().permissions.names).toEqual([]);
  store.dispatch(roleLoaded({ roleId: 2, roleName: 'Officer', names: [P.viewDashboard] }));
  store.dispatch(sessionExpired());
  expect(store.getState().permissions).toMatchObject({ names: [], loaded: false });
});

function Loader() {
  useOwnRoleLoader();
  return <Probe />;
}

it('loads the role of the signed-in user by role_id and stores its permission names', async () => {
  const seen: string[] = [];
  server.use(
    http.get(apiUrl('/api/role/byId/:id'), ({ params }) => {
      seen.push(String(params['id']));
      return HttpResponse.json({ id: 7, name: 'Viewer', allpermissions: [{ id: 1, name: P.viewDashboard }] });
    }),
  );
  localStorage.clear();
  const store = makeStore();
  render(<Loader />, { wrapper: wrap(store) });
  expect(seen).toEqual([]);
  act(() => {
    store.dispatch(signedIn({ id: 4, fullname: 'Vera Viewer', role_id: 7, email: 'viewer@demo.zm', unique_number: 'EMP-0004', branch: null }));
  });
  expect(await screen.findByText('dashboard:true')).toBeInTheDocument();
  expect(seen).toEqual(['7']);
  expect(store.getState().permissions).toMatchObject({ roleId: 7, roleName: 'Viewer', loaded: true });
  await waitFor(() => expect(JSON.parse(localStorage.getItem(LS_PERMISSIONS) ?? '[]')).toEqual([P.viewDashboard]));
});
