import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { P } from '@loan/shared-contract';
import { AUTHENTICATED_FLAG, LS_AUTH, LS_DARK_MODE } from '@loan/shared-session';
import { LoginPage } from './login-page';
import { apiUrl } from '@loan/shared-data-access-api/testing';
import { testUser as demoUser, renderScreen } from '@loan/shared-permissions/testing';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  localStorage.clear();
  sessionStorage.clear();
});

type Step = { path: string; body?: unknown };

function happyApi(calls: Step[], overrides: Partial<Record<'login' | 'init', () => Response>> = {}) {
  server.use(
    http.get(apiUrl('/sanctum/csrf-cookie'), () => {
      calls.push({ path: 'csrf' });
      // Like the api: the readable cookie the client echoes as X-XSRF-TOKEN.
      return new HttpResponse(null, { status: 204, headers: { 'Set-Cookie': 'XSRF-TOKEN=test-token; Path=/' } });
    }),
    http.post(apiUrl('/login'), async ({ request }) => {
      calls.push({ path: 'login', body: await request.json() });
      return overrides.login?.() ?? HttpResponse.json({ status: '300', message: 'ok' });
    }),
    http.post(apiUrl('/api/initUserData'), async ({ request }) => {
      calls.push({ path: 'init', body: await request.json() });
      return overrides.init?.() ?? HttpResponse.json({ status: '300', data: { user: demoUser } });
    }),
    http.get(apiUrl('/api/role/byId/1'), () => {
      calls.push({ path: 'role' });
      return HttpResponse.json({ id: 1, name: 'Administrator', allpermissions: [{ id: 1, name: P.viewDashboard }] });
    }),
  );
}

async function submit(identifier: string, password = 'Demo#2026') {
  await userEvent.type(screen.getByLabelText('E-mail or staff number'), identifier);
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

it('runs csrf-cookie, login, initUserData with progress messages, then welcomes and lands on /dashboard', async () => {
  const calls: Step[] = [];
  happyApi(calls);
  const { store } = renderScreen(<LoginPage />, { route: '/login', path: '/login', permissions: null });
  await submit('admin@demo.zm');

  expect(await screen.findByText('Welcome Ada Admin')).toBeInTheDocument();
  for (const m of ['Please wait...', 'Authenticating...', 'Almost done...']) expect(screen.getByText(m)).toBeInTheDocument();
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard'));
  expect(calls.map((c) => c.path)).toEqual(['csrf', 'login', 'init', 'role']);
  expect(calls[1].body).toEqual({ email: 'admin@demo.zm', password: 'Demo#2026' });
  expect(calls[2].body).toEqual({ email: 'admin@demo.zm', password: 'Demo#2026' });
  expect(store.getState().session).toEqual({ user: demoUser, authenticated: true });
  expect(store.getState().permissions.names).toEqual([P.viewDashboard]);
  expect(sessionStorage.getItem(AUTHENTICATED_FLAG)).toBe('true');
  expect(JSON.parse(localStorage.getItem(LS_AUTH) ?? 'null')).toEqual(demoUser);
});

it('sends an identifier without @ as unique_number', async () => {
  const calls: Step[] = [];
  happyApi(calls);
  renderScreen(<LoginPage />, { route: '/login', path: '/login', permissions: null });
  await submit('EMP-0001');
  await screen.findByText('Welcome Ada Admin');
  expect(calls[1].body).toEqual({ unique_number: 'EMP-0001', password: 'Demo#2026' });
});

const failures: Array<[string, Partial<Record<'login' | 'init', () => Response>> | 'network', string]> = [
  ['a 401', { login: () => HttpResponse.json({ status: '401', message: 'These credentials do not match our records.' }, { status: 401 }) }, 'Failed to Proceed, check your credentials.'],
  ['a 422', { login: () => HttpResponse.json({ message: 'invalid', errors: { email: ['bad'] } }, { status: 422 }) }, 'Failed to Proceed, check your credentials.'],
  ["a 200 whose status is not '300'", { login: () => HttpResponse.json({ status: '401', message: 'no' }) }, 'Failed to Proceed, check your credentials.'],
  ["an initUserData status other than '300'", { init: () => HttpResponse.json({ status: '500', data: null }) }, 'Failed to Proceed, check your credentials.'],
  ['a 500', { login: () => HttpResponse.json({ message: 'boom' }, { status: 500 }) }, 'Something went wrong.'],
  ['a 503 from initUserData', { init: () => HttpResponse.json({ message: 'down' }, { status: 503 }) }, 'Something went wrong.'],
  ['a 429', { login: () => HttpResponse.json({ message: 'Too Many Attempts.' }, { status: 429 }) }, 'Too many attempts. Wait a minute, then try again.'],
  ['a network failure', 'network', 'An error occurred.'],
];

it.each(failures)('on %s shows the spec message, stays on /login and clears local and session storage', async (_name, override, message) => {
  const calls: Step[] = [];
  if (override === 'network') {
    happyApi(calls, { login: () => HttpResponse.error() });
  } else {
    happyApi(calls, override);
  }
  localStorage.setItem(LS_DARK_MODE, '1');
  sessionStorage.setItem('leftover', 'x');
  const { store } = renderScreen(<LoginPage />, { route: '/login', path: '/login', permissions: null });
  await submit('admin@demo.zm', 'wrong-password');
  expect(await screen.findByText(message)).toBeInTheDocument();
  expect(screen.queryByText(/^Welcome/)).not.toBeInTheDocument();
  expect(screen.getByTestId('location')).toHaveTextContent('/login');
  expect(localStorage.length).toBe(0);
  expect(sessionStorage.length).toBe(0);
  expect(store.getState().session.authenticated).toBe(false);
});

it('asks for both fields before calling the api', async () => {
  const calls: Step[] = [];
  happyApi(calls);
  renderScreen(<LoginPage />, { route: '/login', path: '/login', permissions: null });
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  expect(await screen.findByText('Enter your e-mail or staff number.')).toBeInTheDocument();
  expect(screen.getByText('Enter your password.')).toBeInTheDocument();
  expect(calls).toEqual([]);
});
