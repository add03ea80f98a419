import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API, P, PERMISSION_GROUPS } from '@loan/shared-contract';
import { lastRequest, setupApiServer } from '@loan/shared-data-access-api/testing';
import { renderScreen } from '@loan/shared-permissions/testing';
import { permissionRows, rolesVariants, usersHandlers } from '@loan/rbac-data-access/testing';
import { Route, Routes } from 'react-router-dom';
import { http, HttpResponse } from 'msw';
import { RolesListPage } from './roles-list-page';
import { diffSummary, RoleDetailsPage } from './role-details-page';

// Forms typed key by key take a while on a busy CI machine.
jest.setTimeout(20_000);
const server = setupApiServer(...usersHandlers);

describe('roles list', () => {
  it('shows roles with user and permission counts; delete is refused while users hold the role', async () => {
    renderScreen(<RolesListPage />, { permissions: [P.viewSettingsModule, P.viewRoles, P.deleteRole, P.addRole, P.editRole], route: '/settings/roles' });
    const table = await screen.findByRole('table', { name: 'Roles' });
    const rows = within(table).getAllByRole('row');
    expect(rows[2]).toHaveTextContent('Loan Officer');
    // The fixture's officer holds the Loans group: its size, whatever the catalog adds to it.
    expect(rows[2]).toHaveTextContent(String(PERMISSION_GROUPS.Loans.length));
    expect(within(rows[2]).getByRole('button', { name: 'Delete Loan Officer' })).toBeDisabled();
    await userEvent.click(within(rows[3]).getByRole('button', { name: 'Delete Viewer' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Delete role?' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(lastRequest(`${API.roles}/delete`, 'DELETE')?.body).toEqual({ ids: [3] }));
  });

  it('adds a role; the 422 lands on the name', async () => {
    renderScreen(<RolesListPage />, { permissions: [P.viewSettingsModule, P.viewRoles, P.addRole], route: '/settings/roles' });
    await userEvent.click(await screen.findByRole('button', { name: 'Add role' }));
    const dialog = screen.getByRole('dialog', { name: 'Add role' });
    server.use(rolesVariants.create.invalid);
    await userEvent.type(within(dialog).getByLabelText(/Name/), 'Cashier');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('The name has already been taken.')).toBeInTheDocument();
  });

  it('shows the description of each role, and edits name and description in one dialog', async () => {
    renderScreen(<RolesListPage />, { permissions: [P.viewSettingsModule, P.viewRoles, P.editRole], route: '/settings/roles' });
    const table = await screen.findByRole('table', { name: 'Roles' });
    const rows = within(table).getAllByRole('row');
    expect(rows[2]).toHaveTextContent('Handles applications and top-ups from request to close.');
    expect(rows[3]).toHaveTextContent('None');
    await userEvent.click(within(rows[2]).getByRole('button', { name: 'Edit Loan Officer' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit role' });
    const description = within(dialog).getByLabelText(/Description/);
    expect(description).toHaveValue('Handles applications and top-ups from request to close.');
    await userEvent.clear(description);
    await userEvent.type(description, 'Works the loan book.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(lastRequest(`${API.roles}/update`, 'PUT')?.body).toEqual({ id: 2, name: 'Loan Officer', description: 'Works the loan book.' }));
  });

  it('checks the description before sending (at most 500 characters) and shows a 422 of the server on the field', async () => {
    renderScreen(<RolesListPage />, { permissions: [P.viewSettingsModule, P.viewRoles, P.addRole], route: '/settings/roles' });
    await userEvent.click(await screen.findByRole('button', { name: 'Add role' }));
    const dialog = screen.getByRole('dialog', { name: 'Add role' });
    await userEvent.type(within(dialog).getByLabelText(/Name/), 'Cashier');
    const description = within(dialog).getByLabelText(/Description/);
    await userEvent.click(description);
    await userEvent.paste('x'.repeat(501));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('The description may have at most 500 characters.')).toBeInTheDocument();
    expect(lastRequest(`${API.roles}/create`, 'POST')).toBeUndefined();

    server.use(
      http.post(`*${API.roles}/create`, () =>
        HttpResponse.json({ message: 'The given data was invalid.', errors: { description: ['Remove control characters.'] } }, { status: 422 }),
      ),
    );
    await userEvent.clear(description);
    await userEvent.type(description, 'Takes repayments.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Remove control characters.')).toBeInTheDocument();
  });

  it('shows Could not load with a Retry', async () => {
    server.use(rolesVariants.list.error);
    renderScreen(<RolesListPage />, { permissions: [P.viewSettingsModule, P.viewRoles], route: '/settings/roles' });
    expect(await screen.findByText('Could not load')).toBeInTheDocument();
  });
});

describe('role details', () => {
  const page = (
    <Routes>
      <Route path="/settings/roles/:id" element={<RoleDetailsPage />} />
    </Routes>
  );
  const mine = [P.viewRoles, P.assignPermissions, P.revokePermissions, P.viewDashboard, P.viewReportsModule];

  it('summarises a diff', () => {
    expect(diffSummary(3, 1)).toBe('adds 3, removes 1');
    expect(diffSummary(0, 0)).toBe('no changes');
  });

  it('ticks by module, previews the diff and saves it with assign and revoke', async () => {
    renderScreen(page, { permissions: mine, route: '/settings/roles/2' });
    await screen.findByRole('heading', { name: 'Role: Loan Officer' });
    const loans = screen.getByRole('group', { name: /Loans/ });
    // A permission the admin does not hold cannot be granted, but can be removed.
    const approve = within(loans).getByRole('checkbox', { name: /can approve application/ });
    expect(approve).toBeChecked();
    await userEvent.click(approve);
    await userEvent.click(within(screen.getByRole('group', { name: /Dashboard/ })).getByRole('checkbox', { name: 'view main dashboard' }));
    expect(within(screen.getByRole('group', { name: /Settings/ })).getByRole('checkbox', { name: /can add role/ })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Save (adds 1, removes 1)' }));
    const dialog = screen.getByRole('dialog', { name: /Save changes/ });
    expect(dialog).toHaveTextContent('Adds: view main dashboard');
    expect(dialog).toHaveTextContent('Removes: can approve application');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const id = (name: string) => permissionRows.find((p) => p.name === name)?.id;
    await waitFor(() => expect(lastRequest(`${API.roles}/revoke-permission`, 'POST')?.body).toEqual({ role_id: 2, ids: [id('can approve application')] }));
    expect(lastRequest(`${API.roles}/assign-permission`, 'POST')?.body).toEqual({ role_id: 2, ids: [id('view main dashboard')] });
  });

  it('shows the description under the title and edits it (can edit role)', async () => {
    renderScreen(page, { permissions: [...mine, P.editRole], route: '/settings/roles/2' });
    await screen.findByRole('heading', { name: 'Role: Loan Officer' });
    expect(screen.getByText('Handles applications and top-ups from request to close.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit role' });
    await userEvent.type(within(dialog).getByLabelText(/Description/), ' Also approves.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(lastRequest(`${API.roles}/update`, 'PUT')?.body).toEqual({
        id: 2,
        name: 'Loan Officer',
        description: 'Handles applications and top-ups from request to close. Also approves.',
      }),
    );
  });

  it('offers no Edit without can edit role', async () => {
    renderScreen(page, { permissions: mine, route: '/settings/roles/2' });
    await screen.findByRole('heading', { name: 'Role: Loan Officer' });
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it('searches the matrix and ticks all in a module', async () => {
    renderScreen(page, { permissions: mine, route: '/settings/roles/2' });
    await screen.findByRole('heading', { name: 'Role: Loan Officer' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search permissions' }), 'reports');
    expect(screen.queryByRole('group', { name: /Loans/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'All in Reports' }));
    expect(screen.getByRole('button', { name: 'Save (adds 1)' })).toBeEnabled();
  });
});
