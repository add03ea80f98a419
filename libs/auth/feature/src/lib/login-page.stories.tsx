import type { Meta } from '@storybook/react-vite';
import { expect, userEvent, waitFor } from 'storybook/test';
import { sessionHandlers, sessionVariants } from '@loan/shared-session/testing';
import { page, screenStories } from '../../../../../tools/storybook/screen-stories';
import { LoginPage } from './login-page';

// The sign-in calls in their named variants (@loan/shared-session/testing).
async function signIn(el: HTMLElement, password = 'Demo#2026') {
  const body = page(el);
  await userEvent.type(await body.findByLabelText('E-mail or staff number'), 'admin@demo.zm');
  await userEvent.type(body.getByLabelText('Password'), password);
  await userEvent.click(body.getByRole('button', { name: 'Sign in' }));
}

const login = screenStories({
  workbench: { route: '/login', path: '/login', signedIn: false },
  handlers: sessionHandlers,
  calls: sessionVariants.login,
  /** The form as it first shows: nothing typed. */
  empty: {},
  /** A 422 on login: the spec's message, and the user stays on /login. */
  invalid: { act: (el) => signIn(el, 'wrong-password'), shows: 'Failed to Proceed, check your credentials.' },
  error: { act: signIn, shows: 'Something went wrong.' },
  forbidden: {},
});

export default { title: 'Auth/Login', component: LoginPage, parameters: login.parameters } satisfies Meta<typeof LoginPage>;

/** Sign in: csrf-cookie, login, initUserData, the role; then the dashboard. */
export const Populated = login.flow({
  act: signIn,
  play: async ({ canvasElement }) => {
    await expect(await page(canvasElement).findByText('Welcome Ada Admin')).toBeInTheDocument();
    await waitFor(() => expect(page(canvasElement).getByTestId('location')).toHaveTextContent('/dashboard'));
  },
});

export const Empty = login.Empty, Loading = login.Loading, Invalid = login.Invalid, LoadError = login.LoadError, Forbidden = login.Forbidden;
