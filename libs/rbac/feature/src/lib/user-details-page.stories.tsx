import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { P, type PermissionName } from '@loan/shared-contract';
import { SCREENS } from '@loan/shared-screens';
import { userNotFound, usersHandlers, usersVariants } from '@loan/rbac-data-access/testing';
import { UserDetailsPage } from './user-details-page';

// The same MSW variants as user-details-page.spec.tsx (@loan/rbac-data-access/testing).
const EDITOR: PermissionName[] = [P.viewUsersModule, P.editUser, P.assignRole];
const PATH = SCREENS.userDetails.path;

const meta = {
  title: 'RBAC/User details',
  component: UserDetailsPage,
  parameters: {
    workbench: { route: '/users/7', path: PATH, permissions: EDITOR },
    msw: { handlers: { api: usersHandlers } },
  },
} satisfies Meta<typeof UserDetailsPage>;
export default meta;
type Story = StoryObj<typeof meta>;

const page = (el: HTMLElement) => within(el.ownerDocument.body);

/** The user, their sessions and recent actions; deactivate after a confirmation, sign one session out. */
export const Populated: Story = {
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await body.findByRole('heading', { name: 'User 7' });
    await expect(body.getByText('EMP-0007')).toBeInTheDocument();
    await userEvent.click(body.getByRole('button', { name: 'Deactivate' }));
    const dialog = await body.findByRole('dialog', { name: 'Deactivate this user?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(body.queryByRole('dialog')).not.toBeInTheDocument());
    await userEvent.click(within(body.getByRole('region', { name: 'Active sessions' })).getByRole('button', { name: 'Sign out' }));
  },
};

/** With "can assign role" alone: only the role can change. */
export const ChangeRole: Story = {
  parameters: { workbench: { permissions: [P.viewUsersModule, P.assignRole] } },
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await userEvent.click(await body.findByRole('button', { name: 'Change role' }));
    const dialog = await body.findByRole('dialog', { name: 'Change role' });
    await expect(within(dialog).getByLabelText(/Full name/)).toBeDisabled();
    await waitFor(() => expect(within(dialog).getByRole('option', { name: 'Administrator' })).toBeInTheDocument());
    await userEvent.selectOptions(within(dialog).getByLabelText(/Role/), 'Administrator');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(body.queryByRole('dialog')).not.toBeInTheDocument());
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: { api: [usersVariants.details.slow, ...usersHandlers] } } },
};

/** Nothing optional: no branch, no sessions, no recent actions, never signed in. */
export const Empty: Story = {
  parameters: { msw: { handlers: { api: [usersVariants.details.empty, ...usersHandlers] } } },
};

export const NotFound: Story = {
  parameters: { workbench: { route: '/users/9' }, msw: { handlers: { api: [userNotFound] } } },
  play: async ({ canvasElement }) => {
    await expect(await page(canvasElement).findByText('User not found')).toBeInTheDocument();
  },
};

export const LoadError: Story = {
  parameters: { msw: { handlers: { api: [usersVariants.details.error, ...usersHandlers] } } },
  play: async ({ canvasElement }) => {
    await expect(await page(canvasElement).findByRole('alert')).toHaveTextContent('Could not load');
  },
};

export const Forbidden: Story = {
  parameters: { workbench: { permissions: [] }, msw: { handlers: { api: [usersVariants.details.forbidden, ...usersHandlers] } } },
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await body.findByRole('alert');
    await expect(body.queryByRole('button', { name: 'Deactivate' })).not.toBeInTheDocument();
  },
};
