import type { Meta } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { P } from '@loan/shared-contract';
import { rolesVariants, usersHandlers } from '@loan/rbac-data-access/testing';
import { COULD_NOT_LOAD, page, screenStories } from '../../../../../tools/storybook/screen-stories';
import { RolesListPage } from './roles-list-page';

// The same MSW variants as roles-pages.spec.tsx (@loan/rbac-data-access/testing).
const ADD_ROLE = { role: 'button', name: 'Add role' };

const roles = screenStories({
  workbench: { route: '/settings/roles', permissions: [P.viewSettingsModule, P.viewRoles, P.deleteRole, P.addRole, P.editRole] },
  handlers: usersHandlers,
  calls: rolesVariants.list,
  empty: { shows: 'No roles' },
  forbidden: { shows: COULD_NOT_LOAD, hides: ADD_ROLE },
  /** Only "view roles": no add, edit or delete. */
  viewOnly: {
    workbench: { permissions: [P.viewSettingsModule, P.viewRoles] },
    shows: { role: 'table', name: 'Roles' },
    hides: [ADD_ROLE, { role: 'button', name: /^Delete / }],
  },
});

export default { title: 'RBAC/Roles list', component: RolesListPage, parameters: roles.parameters } satisfies Meta<typeof RolesListPage>;

/** A role that users hold cannot be deleted; an unused one is, after a confirmation. */
export const Populated = roles.flow({
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    const table = await body.findByRole('table', { name: 'Roles' });
    await expect(await within(table).findByRole('button', { name: 'Delete Loan Officer' })).toBeDisabled();
    await userEvent.click(within(table).getByRole('button', { name: 'Delete Viewer' }));
    await userEvent.click(within(await body.findByRole('dialog', { name: 'Delete role?' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(body.queryByRole('dialog')).not.toBeInTheDocument());
  },
});

/** Add a role: the server's 422 lands on the name. */
export const AddRoleRefused = roles.flow({
  handlers: [rolesVariants.create.invalid],
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await userEvent.click(await body.findByRole('button', { name: 'Add role' }));
    const dialog = await body.findByRole('dialog', { name: 'Add role' });
    await userEvent.type(within(dialog).getByLabelText(/Name/), 'Cashier');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await expect(await within(dialog).findByText('The name has already been taken.')).toBeInTheDocument();
  },
});

export const ViewOnly = roles.ViewOnly, Loading = roles.Loading, Empty = roles.Empty, LoadError = roles.LoadError, Forbidden = roles.Forbidden;
