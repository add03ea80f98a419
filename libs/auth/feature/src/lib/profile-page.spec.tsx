import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { roleLoaded } from '@loan/shared-permissions';
import { LS_DARK_MODE, LS_STYLE, signedIn } from '@loan/shared-session';
import { ProfilePage } from './profile-page';
import { apiUrl, csrfCookieHandler } from '@loan/shared-data-access-api/testing';
import { testUser as demoUser, renderScreen, makeAppStore } from '@loan/shared-permissions/testing';

const SESSIONS = [
  { id: 'aaaaaaaaaaaaaaaa', ip_address: '10.0.0.1', user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130', created_at: '2026-11-24T08:00:00Z', last_seen_at: '2026-11-24T09:00:00Z', current: true },
  { id: 'bbbbbbbbbbbbbbbb', ip_address: '10.0.0.2', user_agent: 'Mozilla/5.0 (Linux; Android 14) Mobile Chrome/130', created_at: '2026-11-23T08:00:00Z', last_seen_at: '2026-11-23T10:00:00Z', current: false },
  { id: 'cccccccccccccccc', ip_address: '10.0.0.3', user_agent: 'Mozilla/5.0 (iPad; CPU OS 17_0) Safari/605', created_at: '2026-11-22T08:00:00Z', last_seen_at: '2026-11-22T10:00:00Z', current: false },
];
let sessions = SESSIONS;
const sessionsHandler = http.get(apiUrl('/api/user/sessions'), () => HttpResponse.json(sessions));
const server = setupServer(csrfCookieHandler, sessionsHandler);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
beforeEach(() => {
  localStorage.clear();
  sessions = SESSIONS;
});

function setup() {
  const store = makeAppStore();
  act(() => {
    store.dispatch(signedIn(demoUser));
    store.dispatch(roleLoaded({ roleId: 1, roleName: 'Administrator', names: [] }));
  });
  return renderScreen(<ProfilePage />, { route: '/profile', path: '/profile', store, permissions: null });
}

it("shows the signed-in user's details and role", () => {
  setup();
  for (const text of ['Ada Admin', 'admin@demo.zm', 'EMP-0001', 'Lusaka', 'Administrator']) {
    expect(screen.getAllByText(text).length).toBeGreaterThan(0);
  }
});

it('stores the style and dark-mode choice', async () => {
  const { store } = setup();
  await userEvent.click(screen.getByLabelText(/White/));
  expect(store.getState().preferences.style).toBe('white');
  expect(localStorage.getItem(LS_STYLE)).toBe('white');
  const dark = screen.getByLabelText('Dark mode');
  expect(dark).not.toBeChecked();
  await userEvent.click(dark);
  expect(dark).toBeChecked();
  expect(localStorage.getItem(LS_DARK_MODE)).toBe('1');
  await userEvent.click(dark);
  expect(localStorage.getItem(LS_DARK_MODE)).toBe('0');
});

it('changes the password and shows field errors from the api', async () => {
  let calls = 0;
  server.use(
    http.post(apiUrl('/api/user/change-password'), () => {
      calls += 1;
      return calls === 1
        ? HttpResponse.json({ message: 'invalid', errors: { current_password: ['The current password is incorrect.'] } }, { status: 422 })
        : HttpResponse.json({ message: 'Your password has been changed.' });
    }),
  );
  setup();
  const fill = async () => {
    await userEvent.type(screen.getByLabelText('Current password'), 'Demo#2026');
    await userEvent.type(screen.getByLabelText('New password'), 'N3w-secret-phrase!');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'N3w-secret-phrase!');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
  };
  await fill();
  expect(await screen.findByText('The current password is incorrect.')).toBeInTheDocument();
  await userEvent.clear(screen.getByLabelText('Current password'));
  await userEvent.clear(screen.getByLabelText('New password'));
  await userEvent.clear(screen.getByLabelText('Confirm new password'));
  await fill();
  expect(await screen.findByText('Your password has been changed.')).toBeInTheDocument();
  expect(screen.getByLabelText('Current password')).toHaveValue('');
});

describe('active sessions (issue 11 item 15)', () => {
  it('lists where the user is signed in, this device first, and signs out one session', async () => {
    let revoked = '';
    server.use(
      http.delete(apiUrl('/api/user/sessions/:id'), ({ params }) => {
        revoked = String(params['id']);
        sessions = sessions.filter((s) => s.id !== revoked);
        return HttpResponse.json({ message: 'The session has been signed out.' });
      }),
    );
    setup();
    expect(await screen.findByText('Chrome on Linux')).toBeInTheDocument();
    expect(screen.getByText('This device')).toBeInTheDocument();
    expect(screen.getByText('Chrome on Android')).toBeInTheDocument();
    expect(screen.getByText('Safari on iOS')).toBeInTheDocument();
    expect(screen.getByText('2 other sessions.')).toBeInTheDocument();
    // No "Sign out" for the current session: two buttons for the two others.
    expect(screen.getAllByRole('button', { name: /^Sign out .*\(10\.0\.0\.\d\)$/ })).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Sign out Chrome on Android (10.0.0.2)' }));
    expect(revoked).toBe('bbbbbbbbbbbbbbbb');
    expect(await screen.findByText('1 other session.')).toBeInTheDocument();
    expect(screen.queryByText('Chrome on Android')).not.toBeInTheDocument();
  });

  it('signs out everywhere else', async () => {
    let called = 0;
    server.use(
      http.post(apiUrl('/api/user/sessions/revoke-others'), () => {
        called += 1;
        sessions = sessions.filter((s) => s.current);
        return HttpResponse.json({ message: '2 other sessions signed out.', count: 2 });
      }),
    );
    setup();
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out everywhere else' }));
    expect(called).toBe(1);
    expect(await screen.findByText('You are signed in on this device only.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out everywhere else' })).toBeDisabled();
  });

  it('says so when the sessions cannot be loaded', async () => {
    server.use(http.get(apiUrl('/api/user/sessions'), () => HttpResponse.json({ message: 'boom' }, { status: 500 })));
    setup();
    expect(await screen.findByText('Could not load')).toBeInTheDocument();
  });
});
