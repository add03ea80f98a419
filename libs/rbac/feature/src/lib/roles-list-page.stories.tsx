import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { P, type PermissionName } from '@loan/shared-contract';
import { rolesVariants, usersHandlers } from '@loan/rbac-data-access/testing';
import { RolesListPage } from './roles-list-page';

// The same MSW variants as roles-pages.spec.tsx (@loan/rbac-data-access/testing).
const ADMIN: PermissionName[] = [P.viewSettingsModule, P.viewRoles, P.deleteRole, P.addRole, P.editRole];

const meta = {
  title: 'RBAC/Roles list',
  component: RolesListPage,
  parameters: {
    workbench: { route: '/settings/roles', permissions: ADMIN },
    msw: { handlers: { api: usersHandlers } },
  },
} satisfies Meta<typeof RolesListPage>;
export default meta;
type Story = StoryObj<typeof meta>;

const page = (el: HTMLElement) => within(el.ownerDocument.body);

/** A role that users hold cannot be deleted; an unused one is, after a confirmation. */
export const Populated: Story = {
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    const table = await body.findByRole('table', { name: 'Roles' });
    await expect(await within(table).findByRole('button', { name: 'Delete Loan Officer' })).toBeDisabled();
    await userEvent.click(within(table).getByRole('button', { name: 'Delete Viewer' }));
    await userEvent.click(within(await body.findByRole('dialog', { name: 'Delete role?' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(body.queryByRole('dialog')).not.toBeInTheDocument());
  },
};

/** Add a role: the server's 422 lands on the name. */
export const AddRoleRefused: Story = {
  parameters: { msw: { handlers: { api: [rolesVariants.create.invalid, ...usersHandlers] } } },
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await userEvent.click(await body.findByRole('button', { name: 'Add role' }));
    const dialog = await body.findByRole('dialog', { name: 'Add role' });
    await userEvent.type(within(dialog).getByLabelText(/Name/), 'Cashier');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await expect(await within(dialog).findByText('The name has already been taken.')).toBeInTheDocument();
  },
};

/** Only "view roles": no add, edit or delete. */
export const ViewOnly: Story = {
  parameters: { workbench: { permissions: [P.viewSettingsModule, P.viewRoles] } },
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await body.findByRole('table', { name: 'Roles' });
    await expect(body.queryByRole('button', { name: 'Add role' })).not.toBeInTheDocument();
    await expect(body.queryByRole('button', { name: /^Delete / })).not.toBeInTheDocument();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: { api: [rolesVariants.list.slow, ...usersHandlers] } } },
};

export const Empty: Story = {
  parameters: { msw: { handlers: { api: [rolesVariants.list.empty, ...usersHandlers] } } },
  play: async ({ canvasElement }) => {
    await expect(await page(canvasElement).findByText('No roles')).toBeInTheDocument();
  },
};

export const LoadError: Story = {
  parameters: { msw: { handlers: { api: [rolesVariants.list.error, ...usersHandlers] } } },
  play: async ({ canvasElement }) => {
    await expect(await page(canvasElement).findByText('Could not load')).toBeInTheDocument();
  },
};

export const Forbidden: Story = {
  parameters: { workbench: { permissions: [] }, msw: { handlers: { api: [rolesVariants.list.forbidden, ...usersHandlers] } } },
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await body.findByText('Could not load');
    await expect(body.queryByRole('button', { name: 'Add role' })).not.toBeInTheDocument();
  },
};
