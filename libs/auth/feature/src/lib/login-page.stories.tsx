import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { sessionHandlers, sessionVariants } from '@loan/shared-session/testing';
import { LoginPage } from './login-page';

// The sign-in calls in their named variants (@loan/shared-session/testing).
const meta = {
  title: 'Auth/Login',
  component: LoginPage,
  parameters: {
    workbench: { route: '/login', path: '/login', signedIn: false },
    msw: { handlers: { api: sessionHandlers } },
  },
} satisfies Meta<typeof LoginPage>;
export default meta;
type Story = StoryObj<typeof meta>;

const page = (el: HTMLElement) => within(el.ownerDocument.body);

async function signIn(el: HTMLElement, identifier = 'admin@demo.zm', password = 'Demo#2026') {
  const body = page(el);
  await userEvent.type(await body.findByLabelText('E-mail or staff number'), identifier);
  await userEvent.type(body.getByLabelText('Password'), password);
  await userEvent.click(body.getByRole('button', { name: 'Sign in' }));
}

/** Sign in: csrf-cookie, login, initUserData, the role; then the dashboard. */
export const Populated: Story = {
  play: async ({ canvasElement }) => {
    await signIn(canvasElement);
    await expect(await page(canvasElement).findByText('Welcome Ada Admin')).toBeInTheDocument();
    await waitFor(() => expect(page(canvasElement).getByTestId('location')).toHaveTextContent('/dashboard'));
  },
};

/** The form as it first shows: nothing typed. */
export const Empty: Story = {};

export const Loading: Story = {
  parameters: { msw: { handlers: { api: [sessionVariants.login.slow, ...sessionHandlers] } } },
};

/** A 422 on login: the spec's message, and the user stays on /login. */
export const Invalid: Story = {
  parameters: { msw: { handlers: { api: [sessionVariants.login.invalid, ...sessionHandlers] } } },
  play: async ({ canvasElement }) => {
    await signIn(canvasElement, 'admin@demo.zm', 'wrong-password');
    await expect(await page(canvasElement).findByText('Failed to Proceed, check your credentials.')).toBeInTheDocument();
  },
};

export const LoadError: Story = {
  parameters: { msw: { handlers: { api: [sessionVariants.login.error, ...sessionHandlers] } } },
  play: async ({ canvasElement }) => {
    await signIn(canvasElement);
    await expect(await page(canvasElement).findByText('Something went wrong.')).toBeInTheDocument();
  },
};

export const Forbidden: Story = {
  parameters: { msw: { handlers: { api: [sessionVariants.login.forbidden, ...sessionHandlers] } } },
};
