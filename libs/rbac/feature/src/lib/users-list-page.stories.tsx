import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { P, type PermissionName } from '@loan/shared-contract';
import { SCREENS } from '@loan/shared-screens';
import { usersHandlers, usersVariants } from '@loan/rbac-data-access/testing';
import { UsersListPage } from './users-list-page';

// The same MSW variants as users-list-page.spec.tsx (@loan/rbac-data-access/testing).
const ADMIN: PermissionName[] = [P.viewUsersModule, P.createUser];
const TITLE = SCREENS.users.title;

const meta = {
  title: 'RBAC/Users list',
  component: UsersListPage,
  parameters: {
    workbench: { route: SCREENS.users.path, permissions: ADMIN },
    msw: { handlers: { api: usersHandlers } },
  },
} satisfies Meta<typeof UsersListPage>;
export default meta;
type Story = StoryObj<typeof meta>;

const page = (el: HTMLElement) => within(el.ownerDocument.body);
const settled = (el: HTMLElement) => waitFor(() => expect(el.ownerDocument.querySelector('[aria-busy="true"]')).toBeNull());

/** Search, then open a user. */
export const Populated: Story = {
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await within(await body.findByRole('table', { name: TITLE })).findByText('User 40');
    await userEvent.type(body.getByRole('searchbox'), 'user1{Enter}');
    await body.findByRole('link', { name: 'User 19' });
    await settled(canvasElement);
    await userEvent.click(body.getByRole('link', { name: 'User 19' }));
    await waitFor(() => expect(body.getByTestId('location')).toHaveTextContent('/users/19'));
  },
};

/** Create a user: the form's own checks, then the invitation and the new user's page. */
export const CreateUser: Story = {
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await userEvent.click(await body.findByRole('button', { name: 'New user' }));
    const dialog = await body.findByRole('dialog', { name: 'New user' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create and invite' }));
    await expect(await within(dialog).findByText('The full name field is required.')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/Full name/), 'Grace Tembo');
    await userEvent.type(within(dialog).getByLabelText(/E-mail/), 'grace@demo.zm');
    await userEvent.type(within(dialog).getByLabelText(/Unique number/), 'EMP-0200');
    await waitFor(() => expect(within(dialog).getByRole('option', { name: 'Viewer' })).toBeInTheDocument());
    await userEvent.selectOptions(within(dialog).getByLabelText(/Role/), 'Viewer');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create and invite' }));
    await waitFor(() => expect(body.getByTestId('location')).toHaveTextContent('/users/41'));
    await settled(canvasElement);
  },
};

/** The server's 422 lands on the e-mail field. */
export const CreateUserRefused: Story = {
  parameters: { msw: { handlers: { api: [usersVariants.create.invalid, ...usersHandlers] } } },
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await userEvent.click(await body.findByRole('button', { name: 'New user' }));
    const dialog = await body.findByRole('dialog', { name: 'New user' });
    await userEvent.type(within(dialog).getByLabelText(/Full name/), 'Grace Tembo');
    await userEvent.type(within(dialog).getByLabelText(/E-mail/), 'grace@demo.zm');
    await userEvent.type(within(dialog).getByLabelText(/Unique number/), 'EMP-0200');
    await waitFor(() => expect(within(dialog).getByRole('option', { name: 'Viewer' })).toBeInTheDocument());
    await userEvent.selectOptions(within(dialog).getByLabelText(/Role/), 'Viewer');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create and invite' }));
    await expect(await within(dialog).findByText('The email has already been taken.')).toBeInTheDocument();
  },
};

/** Without "can create user": no New user button. */
export const ViewOnly: Story = {
  parameters: { workbench: { permissions: [P.viewUsersModule] } },
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await body.findByRole('table', { name: TITLE });
    await expect(body.queryByRole('button', { name: 'New user' })).not.toBeInTheDocument();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: { api: [usersVariants.list.slow, ...usersHandlers] } } },
};

export const Empty: Story = {
  parameters: { msw: { handlers: { api: [usersVariants.list.empty, ...usersHandlers] } } },
  play: async ({ canvasElement }) => {
    await expect(await page(canvasElement).findByText('No users')).toBeInTheDocument();
  },
};

export const LoadError: Story = {
  parameters: { msw: { handlers: { api: [usersVariants.list.error, ...usersHandlers] } } },
  play: async ({ canvasElement }) => {
    await expect(await page(canvasElement).findByRole('alert')).toHaveTextContent('Could not load');
  },
};

export const Forbidden: Story = {
  parameters: { workbench: { permissions: [] }, msw: { handlers: { api: [usersVariants.list.forbidden, ...usersHandlers] } } },
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await body.findByRole('alert');
    await expect(body.queryByRole('button', { name: 'New user' })).not.toBeInTheDocument();
  },
};
