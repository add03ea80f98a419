import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { P, USER_PATHS } from '@loan/shared-contract';
import { lastRequest, setupApiServer } from '@loan/shared-data-access-api/testing';
import { renderScreen } from '@loan/shared-permissions/testing';
import { usersHandlers, usersVariants } from '@loan/rbac-data-access/testing';
import { SCREENS } from '@loan/shared-screens';
import { UsersListPage } from './users-list-page';

// Forms typed key by key take a while on a busy CI machine.
jest.setTimeout(20_000);
const server = setupApiServer(...usersHandlers);
const TITLE = SCREENS.users.title;

it('shows the users with role, branch, status and last sign-in, newest first, and asks for what the URL holds', async () => {
  renderScreen(<UsersListPage />, { permissions: [P.viewUsersModule], route: '/users?pageSize=25&search=user1' });
  const table = await screen.findByRole('table', { name: TITLE });
  const rows = await within(table).findAllByRole('row');
  expect(rows[1]).toHaveTextContent('User 19');
  expect(rows[1]).toHaveTextContent('user19@demo.zm');
  expect(rows[1]).toHaveTextContent('EMP-0019');
  expect(lastRequest(USER_PATHS.list)?.query).toEqual({ page: '1', pageSize: '25', search: 'user1' });
  expect(within(rows[1]).getByRole('link', { name: 'User 19' })).toHaveAttribute('href', '/users/19');
});

it('filters by role, branch and status through the URL', async () => {
  renderScreen(<UsersListPage />, { permissions: [P.viewUsersModule], route: '/users?role_id=2&active=false' });
  await screen.findByRole('table', { name: TITLE });
  expect(lastRequest(USER_PATHS.list)?.query).toEqual({ page: '1', pageSize: '15', role_id: '2', active: 'false' });
  await waitFor(() => expect(screen.getAllByText('Inactive').length).toBeGreaterThan(0));
});

it('creates a user from the dialog only with "can create user"; the 422 lands on the field', async () => {
  const view = renderScreen(<UsersListPage />, { permissions: [P.viewUsersModule], route: '/users' });
  await screen.findByRole('table', { name: TITLE });
  expect(screen.queryByRole('button', { name: 'New user' })).not.toBeInTheDocument();
  view.unmount();
  renderScreen(<UsersListPage />, { permissions: [P.viewUsersModule, P.createUser], route: '/users' });
  await userEvent.click(await screen.findByRole('button', { name: 'New user' }));
  const dialog = await screen.findByRole('dialog', { name: 'New user' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Create and invite' }));
  expect(await within(dialog).findByText('The full name field is required.')).toBeInTheDocument();
  await userEvent.type(within(dialog).getByLabelText(/Full name/), 'Grace Tembo');
  await userEvent.type(within(dialog).getByLabelText(/E-mail/), 'grace@demo.zm');
  await userEvent.type(within(dialog).getByLabelText(/Unique number/), 'EMP-0200');
  await waitFor(() => expect(within(dialog).getByRole('option', { name: 'Viewer' })).toBeInTheDocument());
  await userEvent.selectOptions(within(dialog).getByLabelText(/Role/), 'Viewer');
  server.use(usersVariants.create.invalid);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Create and invite' }));
  expect(await within(dialog).findByText('The email has already been taken.')).toBeInTheDocument();
  server.use(usersVariants.create.ok);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Create and invite' }));
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/users/41'));
  expect(lastRequest(USER_PATHS.create, 'POST')?.body).toMatchObject({ fullname: 'Grace Tembo', email: 'grace@demo.zm', unique_number: 'EMP-0200', role_id: 3 });
});

it('offers only the roles the signed-in user may give (the api says which)', async () => {
  server.use(
    http.get(USER_PATHS.roleOptions, () =>
      HttpResponse.json([
        { id: 1, name: 'Administrator', grantable: false },
        { id: 3, name: 'Viewer', grantable: true },
      ]),
    ),
  );
  renderScreen(<UsersListPage />, { permissions: [P.viewUsersModule, P.createUser], route: '/users' });
  await userEvent.click(await screen.findByRole('button', { name: 'New user' }));
  const dialog = await screen.findByRole('dialog', { name: 'New user' });
  expect(await within(dialog).findByRole('option', { name: 'Administrator (holds permissions you do not)' })).toBeDisabled();
  expect(within(dialog).getByRole('option', { name: 'Viewer' })).toBeEnabled();
});

it('says when there is nothing to show', async () => {
  server.use(usersVariants.list.empty);
  renderScreen(<UsersListPage />, { permissions: [P.viewUsersModule], route: '/users' });
  expect(await screen.findByText('No users')).toBeInTheDocument();
});

it('shows "Could not load" with a Retry that asks again (NOTES.md), not an empty list', async () => {
  server.use(usersVariants.list.error);
  renderScreen(<UsersListPage />, { permissions: [P.viewUsersModule], route: '/users' });
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Could not load');
  server.use(usersVariants.list.ok);
  await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
  expect(await within(await screen.findByRole('table', { name: TITLE })).findByText('User 40')).toBeInTheDocument();
});
