import type { Meta } from '@storybook/react-vite';
import { expect, userEvent, waitFor } from 'storybook/test';
import { sessionHandlers, sessionVariants } from '@loan/shared-session/testing';
import { page, screenStories } from '../../../../../tools/storybook/screen-stories';
import { ForgotPasswordPage } from './forgot-password-page';
import { PasswordResetPage } from './password-reset-page';

// Forgot password and the reset link's page; the calls in their named variants.
async function requestLink(el: HTMLElement) {
  await userEvent.type(await page(el).findByLabelText('E-mail'), 'officer@demo.zm');
  await userEvent.click(page(el).getByRole('button', { name: 'Send reset link' }));
}

/** A new password, twice, then Reset password. */
async function resetPassword(el: HTMLElement) {
  await userEvent.type(await page(el).findByLabelText('New password'), 'N3w-secret-phrase!');
  await userEvent.type(page(el).getByLabelText('Confirm new password'), 'N3w-secret-phrase!');
  await userEvent.click(page(el).getByRole('button', { name: 'Reset password' }));
}

const forgot = screenStories({
  workbench: { route: '/forgot-password', path: '/forgot-password', signedIn: false },
  handlers: sessionHandlers,
  calls: sessionVariants.forgotPassword,
  invalid: { act: requestLink, shows: 'Enter a valid e-mail address, like name@example.com.' },
  error: { act: requestLink, shows: { role: 'alert' } },
});

const reset = screenStories({
  workbench: { route: '/password-reset?token=tok123&email=officer%40demo.zm', path: '/password-reset', signedIn: false },
  render: () => <PasswordResetPage />,
  handlers: sessionHandlers,
  calls: sessionVariants.passwordReset,
  /** The 422 of an expired link: the message is shown above the form. */
  invalid: { act: resetPassword, shows: 'This password reset link is invalid or has expired.' },
  /** A link without its token. */
  empty: { workbench: { route: '/password-reset' } },
});

export default { title: 'Auth/Password pages', component: ForgotPasswordPage, parameters: forgot.parameters } satisfies Meta<typeof ForgotPasswordPage>;

export const ForgotPassword = forgot.flow({ act: requestLink, shows: { role: 'status', text: 'a reset link has been sent' } });

/** The reset link's page: a new password twice, then back to /login. */
export const PasswordReset = reset.flow({
  act: resetPassword,
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(page(canvasElement).getByTestId('location')).toHaveTextContent('/login'));
  },
});

export const ForgotPasswordInvalid = forgot.Invalid, ForgotPasswordError = forgot.LoadError, PasswordResetInvalid = reset.Invalid, PasswordResetEmpty = reset.Empty;
