import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { sessionHandlers, sessionVariants } from '@loan/shared-session/testing';
import { ForgotPasswordPage } from './forgot-password-page';
import { PasswordResetPage } from './password-reset-page';

// Forgot password and the reset link's page; the calls in their named variants.
const meta = {
  title: 'Auth/Password pages',
  component: ForgotPasswordPage,
  parameters: {
    workbench: { route: '/forgot-password', path: '/forgot-password', signedIn: false },
    msw: { handlers: { api: sessionHandlers } },
  },
} satisfies Meta<typeof ForgotPasswordPage>;
export default meta;
type Story = StoryObj<typeof meta>;

const page = (el: HTMLElement) => within(el.ownerDocument.body);
const RESET = { route: '/password-reset?token=tok123&email=officer%40demo.zm', path: '/password-reset', signedIn: false };

export const ForgotPassword: Story = {
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await userEvent.type(await body.findByLabelText('E-mail'), 'officer@demo.zm');
    await userEvent.click(body.getByRole('button', { name: 'Send reset link' }));
    await expect(await body.findByRole('status')).toHaveTextContent('a reset link has been sent');
  },
};

export const ForgotPasswordInvalid: Story = {
  parameters: { msw: { handlers: { api: [sessionVariants.forgotPassword.invalid] } } },
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await userEvent.type(await body.findByLabelText('E-mail'), 'officer@demo.zm');
    await userEvent.click(body.getByRole('button', { name: 'Send reset link' }));
    await expect(await body.findByText('Enter a valid e-mail address, like name@example.com.')).toBeInTheDocument();
  },
};

export const ForgotPasswordError: Story = {
  parameters: { msw: { handlers: { api: [sessionVariants.forgotPassword.error] } } },
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await userEvent.type(await body.findByLabelText('E-mail'), 'officer@demo.zm');
    await userEvent.click(body.getByRole('button', { name: 'Send reset link' }));
    await expect(await body.findByRole('alert')).toBeInTheDocument();
  },
};

/** The reset link's page: a new password twice, then back to /login. */
export const PasswordReset: Story = {
  render: () => <PasswordResetPage />,
  parameters: { workbench: RESET },
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await userEvent.type(await body.findByLabelText('New password'), 'N3w-secret-phrase!');
    await userEvent.type(body.getByLabelText('Confirm new password'), 'N3w-secret-phrase!');
    await userEvent.click(body.getByRole('button', { name: 'Reset password' }));
    await waitFor(() => expect(body.getByTestId('location')).toHaveTextContent('/login'));
  },
};

/** The 422 of an expired link: the message is shown above the form. */
export const PasswordResetInvalid: Story = {
  render: () => <PasswordResetPage />,
  parameters: { workbench: RESET, msw: { handlers: { api: [sessionVariants.passwordReset.invalid] } } },
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await userEvent.type(await body.findByLabelText('New password'), 'N3w-secret-phrase!');
    await userEvent.type(body.getByLabelText('Confirm new password'), 'N3w-secret-phrase!');
    await userEvent.click(body.getByRole('button', { name: 'Reset password' }));
    await expect(await body.findByText('This password reset link is invalid or has expired.')).toBeInTheDocument();
  },
};

/** A link without its token. */
export const PasswordResetEmpty: Story = {
  render: () => <PasswordResetPage />,
  parameters: { workbench: { ...RESET, route: '/password-reset' } },
};
