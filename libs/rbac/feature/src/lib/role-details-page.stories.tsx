import type { Meta } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { P } from '@loan/shared-contract';
import { SCREENS } from '@loan/shared-screens';
import { rolesVariants, usersHandlers } from '@loan/rbac-data-access/testing';
import { page, screenStories } from '../../../../../tools/storybook/screen-stories';
import { RoleDetailsPage } from './role-details-page';

// The same MSW variants as roles-pages.spec.tsx (@loan/rbac-data-access/testing). The admin
// here holds only some permissions: one they do not hold can be removed but not granted.
const HEADING = { role: 'heading', name: 'Role: Loan Officer' };

const role = screenStories({
  workbench: {
    route: '/settings/roles/2',
    path: SCREENS.roleDetails.path,
    permissions: [P.viewRoles, P.assignPermissions, P.revokePermissions, P.viewDashboard, P.viewReportsModule],
  },
  handlers: usersHandlers,
  calls: rolesVariants.details,
  /** A role without permissions. */
  empty: {},
  /** Only "view roles": the matrix is read-only. */
  viewOnly: { workbench: { permissions: [P.viewRoles] }, shows: HEADING, hides: { role: 'button', name: /^Save/ } },
});

export default { title: 'RBAC/Role matrix', component: RoleDetailsPage, parameters: role.parameters } satisfies Meta<typeof RoleDetailsPage>;

const group = async (el: HTMLElement, name: RegExp) => within(await page(el).findByRole('group', { name }));

/** Tick by module, preview the diff, save it (assign and revoke). */
export const Populated = role.flow({
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await body.findByRole('heading', { name: HEADING.name });
    await userEvent.click((await group(canvasElement, /Loans/)).getByRole('checkbox', { name: /can approve application/ }));
    await userEvent.click((await group(canvasElement, /Dashboard/)).getByRole('checkbox', { name: 'view main dashboard' }));
    await expect((await group(canvasElement, /Settings/)).getByRole('checkbox', { name: /can add role/ })).toBeDisabled();
    await userEvent.click(body.getByRole('button', { name: 'Save (adds 1, removes 1)' }));
    const dialog = await body.findByRole('dialog', { name: /Save changes/ });
    await expect(dialog).toHaveTextContent('Adds: view main dashboard');
    await expect(dialog).toHaveTextContent('Removes: can approve application');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(body.queryByRole('dialog')).not.toBeInTheDocument());
  },
});

/** Search the matrix and tick all in a module. */
export const SearchAndTickAll = role.flow({
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await body.findByRole('heading', { name: HEADING.name });
    await userEvent.type(await body.findByRole('searchbox', { name: 'Search permissions' }), 'reports');
    await expect(body.queryByRole('group', { name: /Loans/ })).not.toBeInTheDocument();
    await userEvent.click(body.getByRole('checkbox', { name: 'All in Reports' }));
    await expect(body.getByRole('button', { name: 'Save (adds 1)' })).toBeEnabled();
  },
});

export const ViewOnly = role.ViewOnly, Loading = role.Loading, Empty = role.Empty, LoadError = role.LoadError, Forbidden = role.Forbidden;
