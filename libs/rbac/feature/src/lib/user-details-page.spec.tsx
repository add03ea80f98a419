import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { P, USER_PATHS } from '@loan/shared-contract';
import { lastRequest, setupApiServer } from '@loan/shared-data-access-api/testing';
import { renderScreen } from '@loan/shared-permissions/testing';
import { usersHandlers, usersVariants } from '@loan/rbac-data-access/testing';
import { SCREENS } from '@loan/shared-screens';
import { Route, Routes } from 'react-router-dom';
import { UserDetailsPage } from './user-details-page';

// Forms typed key by key take a while on a busy CI machine.
jest.setTimeout(20_000);
const server = setupApiServer(...usersHandlers);
const page = (
  <Routes>
    <Route path={SCREENS.userDetails.path} element={<UserDetailsPage />} />
    <Route path="*" element={<p>elsewhere</p>} />
  </Routes>
);

it('shows the user, their sessions and recent actions (before → after)', async () => {
  renderScreen(page, { permissions: [P.viewUsersModule], route: '/users/7' });
  expect(await screen.findByRole('heading', { name: 'User 7' })).toBeInTheDocument();
  expect(screen.getByText('EMP-0007')).toBeInTheDocument();
  const sessions = screen.getByRole('region', { name: 'Active sessions' });
  expect(sessions).toHaveTextContent('10.0.0.5');
  const actions = screen.getByRole('region', { name: 'Recent actions' });
  expect(actions).toHaveTextContent('role_id: 3 → 2');
  // Without edit permissions: no actions.
  expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Deactivate' })).not.toBeInTheDocument();
});

it('deactivates after a confirmation; revokes one session', async () => {
  renderScreen(page, { permissions: [P.viewUsersModule, P.editUser], route: '/users/7' });
  await userEvent.click(await screen.findByRole('button', { name: 'Deactivate' }));
  const dialog = screen.getByRole('dialog', { name: 'Deactivate this user?' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
  await waitFor(() => expect(lastRequest(USER_PATHS.update, 'PUT')?.body).toEqual({ id: 7, active: false }));
  await userEvent.click(within(screen.getByRole('region', { name: 'Active sessions' })).getByRole('button', { name: 'Sign out' }));
  await waitFor(() => expect(lastRequest(USER_PATHS.revokeSessions.replace(':id', '7'), 'POST')?.body).toEqual({ session: 'a1b2c3d4e5f60718' }));
});

it('offers Delete only for a user who never acted, after a confirmation', async () => {
  const acted = renderScreen(page, { permissions: [P.viewUsersModule, P.deleteUser], route: '/users/7' });
  expect(await screen.findByText(/This user has acted in the system: deactivate them instead/)).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  acted.unmount();
  server.use(usersVariants.details.empty);
  renderScreen(page, { permissions: [P.viewUsersModule, P.deleteUser], route: '/users/1' });
  await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
  const dialog = screen.getByRole('dialog', { name: 'Delete this user?' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
  expect(await screen.findByText('elsewhere')).toBeInTheDocument();
  expect(lastRequest(USER_PATHS.delete, 'DELETE')?.body).toEqual({ id: 1 });
});

it('changes only the role with "can assign role" alone', async () => {
  renderScreen(page, { permissions: [P.viewUsersModule, P.assignRole], route: '/users/7' });
  await userEvent.click(await screen.findByRole('button', { name: 'Change role' }));
  const dialog = screen.getByRole('dialog', { name: 'Change role' });
  expect(within(dialog).getByLabelText(/Full name/)).toBeDisabled();
  await waitFor(() => expect(within(dialog).getByRole('option', { name: 'Administrator' })).toBeInTheDocument());
  await userEvent.selectOptions(within(dialog).getByLabelText(/Role/), 'Administrator');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(lastRequest(USER_PATHS.update, 'PUT')?.body).toEqual({ id: 7, role_id: 1 }));
});

it("opens Edit with the user's current role and branch chosen once the options arrive", async () => {
  renderScreen(page, { permissions: [P.viewUsersModule, P.editUser, P.assignRole], route: '/users/7' });
  await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
  const dialog = screen.getByRole('dialog');
  const role = within(dialog).getByLabelText(/Role/) as HTMLSelectElement;
  await waitFor(() => expect(role.selectedOptions[0]?.value).not.toBe(''));
  expect(role.selectedOptions[0]?.textContent).not.toMatch(/Choose a role/);
  const branch = within(dialog).getByLabelText(/Branch/) as HTMLSelectElement;
  await waitFor(() => expect(branch.selectedOptions[0]?.textContent).not.toBe('No branch'));
});

it('shows not found for a 404, and Could not load with Retry otherwise', async () => {
  server.use(http.get(USER_PATHS.byId, () => HttpResponse.json({ message: 'User not found.' }, { status: 404 })));
  const view = renderScreen(page, { permissions: [P.viewUsersModule], route: '/users/9' });
  expect(await screen.findByText('User not found')).toBeInTheDocument();
  view.unmount();
  server.use(usersVariants.details.error);
  renderScreen(page, { permissions: [P.viewUsersModule], route: '/users/7' });
  const alert = await screen.findByRole('alert');
  server.use(usersVariants.details.ok);
  await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
  expect(await screen.findByRole('heading', { name: 'User 7' })).toBeInTheDocument();
});
