import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ForgotPasswordPage } from './forgot-password-page';
import { PasswordResetPage } from './password-reset-page';
import { apiUrl, csrfCookieHandler } from '@loan/shared-data-access-api/testing';
import { renderScreen } from '@loan/shared-permissions/testing';

const server = setupServer(csrfCookieHandler);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('forgot password', () => {
  it('sends the e-mail and shows the answer', async () => {
    let body: unknown;
    server.use(
      http.post(apiUrl('/api/user/forgot-password'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ message: 'If that e-mail belongs to an account, a reset link has been sent to it.' });
      }),
    );
    renderScreen(<ForgotPasswordPage />, { route: '/forgot-password', path: '/forgot-password', permissions: null });
    await userEvent.type(screen.getByLabelText('E-mail'), 'officer@demo.zm');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('status')).toHaveTextContent('a reset link has been sent');
    expect(body).toEqual({ email: 'officer@demo.zm' });
  });

  it('validates the e-mail before sending', async () => {
    renderScreen(<ForgotPasswordPage />, { route: '/forgot-password', path: '/forgot-password', permissions: null });
    await userEvent.type(screen.getByLabelText('E-mail'), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByLabelText('E-mail')).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows a server failure', async () => {
    server.use(http.post(apiUrl('/api/user/forgot-password'), () => HttpResponse.json({ message: 'Too Many Attempts.' }, { status: 429 })));
    renderScreen(<ForgotPasswordPage />, { route: '/forgot-password', path: '/forgot-password', permissions: null });
    await userEvent.type(screen.getByLabelText('E-mail'), 'officer@demo.zm');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too Many Attempts.');
  });
});

describe('password reset', () => {
  const route = '/password-reset?token=tok123&email=officer%40demo.zm';

  it('sends token, e-mail and the new password, then goes to /login', async () => {
    let body: unknown;
    server.use(
      http.post(apiUrl('/api/user/password-reset'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ message: 'Your password has been reset.' });
      }),
    );
    renderScreen(<PasswordResetPage />, { route, path: '/password-reset', permissions: null });
    expect(screen.getByLabelText('E-mail')).toHaveValue('officer@demo.zm');
    await userEvent.type(screen.getByLabelText('New password'), 'N3w-secret-phrase!');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'N3w-secret-phrase!');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
    expect(await screen.findByText('Your password has been reset.')).toBeInTheDocument();
    expect(body).toEqual({ token: 'tok123', email: 'officer@demo.zm', password: 'N3w-secret-phrase!', password_confirmation: 'N3w-secret-phrase!' });
  });

  it('reads as "Set your password" for a new user\'s invitation link (same single-use token)', async () => {
    let body: unknown;
    server.use(
      http.post(apiUrl('/api/user/password-reset'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ message: 'Your password has been reset.' });
      }),
    );
    renderScreen(<PasswordResetPage />, { route: `${route}&invite=1`, path: '/password-reset', permissions: null });
    expect(screen.getByRole('heading', { name: 'Set your password' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('New password'), 'N3w-secret-phrase!');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'N3w-secret-phrase!');
    await userEvent.click(screen.getByRole('button', { name: 'Set password' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
    expect(body).toMatchObject({ token: 'tok123', email: 'officer@demo.zm' });
  });

  it('checks the confirmation locally', async () => {
    renderScreen(<PasswordResetPage />, { route, path: '/password-reset', permissions: null });
    await userEvent.type(screen.getByLabelText('New password'), 'N3w-secret-phrase!');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'other-one');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('The password confirmation does not match.')).toBeInTheDocument();
  });

  it('explains a used or expired token', async () => {
    server.use(
      http.post(apiUrl('/api/user/password-reset'), () =>
        HttpResponse.json({ message: 'The given data was invalid.', errors: { token: ['This password reset link is invalid or has expired.'] } }, { status: 422 }),
      ),
    );
    renderScreen(<PasswordResetPage />, { route, path: '/password-reset', permissions: null });
    await userEvent.type(screen.getByLabelText('New password'), 'N3w-secret-phrase!');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'N3w-secret-phrase!');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This password reset link is invalid or has expired.');
    expect(screen.getByRole('link', { name: 'Send a new reset link' })).toHaveAttribute('href', '/forgot-password');
  });

  it('says so when the link has no token', () => {
    renderScreen(<PasswordResetPage />, { route: '/password-reset', path: '/password-reset', permissions: null });
    expect(screen.getByRole('alert')).toHaveTextContent('This reset link is incomplete.');
  });
});
