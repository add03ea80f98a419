import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { roleLoaded } from '@loan/shared-permissions';
import { LS_DARK_MODE, LS_STYLE, signedIn } from '@loan/shared-session';
import { ProfilePage } from './profile-page';
import { apiUrl, csrfCookieHandler } from '@loan/shared-data-access-api/testing';
import { testUser as demoUser, renderScreen, makeAppStore } from '@loan/shared-permissions/testing';

const server = setupServer(csrfCookieHandler);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
beforeEach(() => localStorage.clear());

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
    await userEvent.type(screen.getByLabelText('New password'), 'N3w-secret!');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'N3w-secret!');
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
