import type { Meta } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { P } from '@loan/shared-contract';
import { SCREENS } from '@loan/shared-screens';
import { usersHandlers, usersVariants } from '@loan/rbac-data-access/testing';
import { page, screenStories, settled } from '../../../../../tools/storybook/screen-stories';
import { UsersListPage } from './users-list-page';

// The same MSW variants as users-list-page.spec.tsx (@loan/rbac-data-access/testing).
const TITLE = SCREENS.users.title;
const NEW_USER = { role: 'button', name: 'New user' };

const users = screenStories({
  workbench: { route: SCREENS.users.path, permissions: [P.viewUsersModule, P.createUser] },
  handlers: usersHandlers,
  calls: usersVariants.list,
  empty: { shows: 'No users' },
  forbidden: { shows: { role: 'alert' }, hides: NEW_USER },
  /** Without "can create user": no New user button. */
  viewOnly: { workbench: { permissions: [P.viewUsersModule] }, shows: { role: 'table', name: TITLE }, hides: NEW_USER },
});

export default { title: 'RBAC/Users list', component: UsersListPage, parameters: users.parameters } satisfies Meta<typeof UsersListPage>;

async function openNewUser(el: HTMLElement) {
  await userEvent.click(await page(el).findByRole('button', { name: 'New user' }));
  return page(el).findByRole('dialog', { name: 'New user' });
}

/** Fills the form in as Grace Tembo, a Viewer, and sends it. */
async function sendNewUser(dialog: HTMLElement) {
  await userEvent.type(within(dialog).getByLabelText(/Full name/), 'Grace Tembo');
  await userEvent.type(within(dialog).getByLabelText(/E-mail/), 'grace@demo.zm');
  await userEvent.type(within(dialog).getByLabelText(/Unique number/), 'EMP-0200');
  await waitFor(() => expect(within(dialog).getByRole('option', { name: 'Viewer' })).toBeInTheDocument());
  await userEvent.selectOptions(within(dialog).getByLabelText(/Role/), 'Viewer');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Create and invite' }));
}

/** Search, then open a user. */
export const Populated = users.flow({
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await within(await body.findByRole('table', { name: TITLE })).findByText('User 40');
    await userEvent.type(body.getByRole('searchbox'), 'user1{Enter}');
    await body.findByRole('link', { name: 'User 19' });
    await settled(canvasElement);
    await userEvent.click(body.getByRole('link', { name: 'User 19' }));
    await waitFor(() => expect(body.getByTestId('location')).toHaveTextContent('/users/19'));
  },
});

/** Create a user: the form's own checks, then the invitation and the new user's page. */
export const CreateUser = users.flow({
  play: async ({ canvasElement }) => {
    const dialog = await openNewUser(canvasElement);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create and invite' }));
    await expect(await within(dialog).findByText('The full name field is required.')).toBeInTheDocument();
    await sendNewUser(dialog);
    await waitFor(() => expect(page(canvasElement).getByTestId('location')).toHaveTextContent('/users/41'));
  },
  settle: true,
});

/** The server's 422 lands on the e-mail field. */
export const CreateUserRefused = users.flow({
  handlers: [usersVariants.create.invalid],
  play: async ({ canvasElement }) => {
    const dialog = await openNewUser(canvasElement);
    await sendNewUser(dialog);
    await expect(await within(dialog).findByText('The email has already been taken.')).toBeInTheDocument();
  },
});

export const ViewOnly = users.ViewOnly, Loading = users.Loading, Empty = users.Empty, LoadError = users.LoadError, Forbidden = users.Forbidden;
