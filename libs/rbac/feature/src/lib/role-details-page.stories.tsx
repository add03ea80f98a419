import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { P, type PermissionName } from '@loan/shared-contract';
import { SCREENS } from '@loan/shared-screens';
import { rolesVariants, usersHandlers } from '@loan/rbac-data-access/testing';
import { RoleDetailsPage } from './role-details-page';

// The same MSW variants as roles-pages.spec.tsx (@loan/rbac-data-access/testing). The admin
// here holds only some permissions: one they do not hold can be removed but not granted.
const MINE: PermissionName[] = [P.viewRoles, P.assignPermissions, P.revokePermissions, P.viewDashboard, P.viewReportsModule];

const meta = {
  title: 'RBAC/Role matrix',
  component: RoleDetailsPage,
  parameters: {
    workbench: { route: '/settings/roles/2', path: SCREENS.roleDetails.path, permissions: MINE },
    msw: { handlers: { api: usersHandlers } },
  },
} satisfies Meta<typeof RoleDetailsPage>;
export default meta;
type Story = StoryObj<typeof meta>;

const page = (el: HTMLElement) => within(el.ownerDocument.body);

/** Tick by module, preview the diff, save it (assign and revoke). */
export const Populated: Story = {
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await body.findByRole('heading', { name: 'Role: Loan Officer' });
    await userEvent.click(within(await body.findByRole('group', { name: /Loans/ })).getByRole('checkbox', { name: /can approve application/ }));
    await userEvent.click(within(body.getByRole('group', { name: /Dashboard/ })).getByRole('checkbox', { name: 'view main dashboard' }));
    await expect(within(body.getByRole('group', { name: /Settings/ })).getByRole('checkbox', { name: /can add role/ })).toBeDisabled();
    await userEvent.click(body.getByRole('button', { name: 'Save (adds 1, removes 1)' }));
    const dialog = await body.findByRole('dialog', { name: /Save changes/ });
    await expect(dialog).toHaveTextContent('Adds: view main dashboard');
    await expect(dialog).toHaveTextContent('Removes: can approve application');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(body.queryByRole('dialog')).not.toBeInTheDocument());
  },
};

/** Search the matrix and tick all in a module. */
export const SearchAndTickAll: Story = {
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await body.findByRole('heading', { name: 'Role: Loan Officer' });
    await userEvent.type(await body.findByRole('searchbox', { name: 'Search permissions' }), 'reports');
    await expect(body.queryByRole('group', { name: /Loans/ })).not.toBeInTheDocument();
    await userEvent.click(body.getByRole('checkbox', { name: 'All in Reports' }));
    await expect(body.getByRole('button', { name: 'Save (adds 1)' })).toBeEnabled();
  },
};

/** Only "view roles": the matrix is read-only. */
export const ViewOnly: Story = {
  parameters: { workbench: { permissions: [P.viewRoles] } },
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await body.findByRole('heading', { name: 'Role: Loan Officer' });
    await expect(body.queryByRole('button', { name: /^Save/ })).not.toBeInTheDocument();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: { api: [rolesVariants.details.slow, ...usersHandlers] } } },
};

/** A role without permissions. */
export const Empty: Story = {
  parameters: { msw: { handlers: { api: [rolesVariants.details.empty, ...usersHandlers] } } },
};

export const LoadError: Story = {
  parameters: { msw: { handlers: { api: [rolesVariants.details.error, ...usersHandlers] } } },
  play: async ({ canvasElement }) => {
    await expect(await page(canvasElement).findByText('Could not load')).toBeInTheDocument();
  },
};

export const Forbidden: Story = {
  parameters: { workbench: { permissions: [] }, msw: { handlers: { api: [rolesVariants.details.forbidden, ...usersHandlers] } } },
  play: async ({ canvasElement }) => {
    await expect(await page(canvasElement).findByText('Could not load')).toBeInTheDocument();
  },
};
