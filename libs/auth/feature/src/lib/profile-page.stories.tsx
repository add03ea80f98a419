import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { sessionHandlers, sessionVariants } from '@loan/shared-session/testing';
import { ProfilePage } from './profile-page';

// The profile: details, password change and the active sessions (@loan/shared-session/testing).
const meta = {
  title: 'Auth/Profile',
  component: ProfilePage,
  parameters: {
    workbench: { route: '/profile' },
    msw: { handlers: { api: sessionHandlers } },
  },
} satisfies Meta<typeof ProfilePage>;
export default meta;
type Story = StoryObj<typeof meta>;

const page = (el: HTMLElement) => within(el.ownerDocument.body);

/** Sign out another device from the list. */
export const Populated: Story = {
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await expect(await body.findByText('Chrome on Linux')).toBeInTheDocument();
    await userEvent.click(body.getByRole('button', { name: 'Sign out Chrome on Android (10.0.0.2)' }));
  },
};

export const Loading: Story = { parameters: { msw: { handlers: { api: [sessionVariants.mySessions.slow, ...sessionHandlers] } } } };

/** This device only. */
export const Empty: Story = {
  parameters: { msw: { handlers: { api: [sessionVariants.mySessions.empty, ...sessionHandlers] } } },
  play: async ({ canvasElement }) => {
    await expect(await page(canvasElement).findByText('You are signed in on this device only.')).toBeInTheDocument();
  },
};

export const LoadError: Story = {
  parameters: { msw: { handlers: { api: [sessionVariants.mySessions.error, ...sessionHandlers] } } },
  play: async ({ canvasElement }) => {
    await expect(await page(canvasElement).findByText('Could not load')).toBeInTheDocument();
  },
};

export const Forbidden: Story = {
  parameters: { workbench: { permissions: [] }, msw: { handlers: { api: [sessionVariants.mySessions.forbidden, ...sessionHandlers] } } },
};

/** The password form's 422: the api's field error on Current password. */
export const ChangePasswordInvalid: Story = {
  parameters: { msw: { handlers: { api: [sessionVariants.changePassword.invalid, ...sessionHandlers] } } },
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await userEvent.type(await body.findByLabelText('Current password'), 'Demo#2026');
    await userEvent.type(body.getByLabelText('New password'), 'N3w-secret-phrase!');
    await userEvent.type(body.getByLabelText('Confirm new password'), 'N3w-secret-phrase!');
    await userEvent.click(body.getByRole('button', { name: 'Change password' }));
    await expect(await body.findByText('The current password is not right.')).toBeInTheDocument();
  },
};
