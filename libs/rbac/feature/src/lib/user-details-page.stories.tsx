import type { Meta } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { P } from '@loan/shared-contract';
import { SCREENS } from '@loan/shared-screens';
import { userNotFound, usersHandlers, usersVariants } from '@loan/rbac-data-access/testing';
import { page, screenStories } from '../../../../../tools/storybook/screen-stories';
import { UserDetailsPage } from './user-details-page';

// The same MSW variants as user-details-page.spec.tsx (@loan/rbac-data-access/testing).
const user = screenStories({
  workbench: { route: '/users/7', path: SCREENS.userDetails.path, permissions: [P.viewUsersModule, P.editUser, P.assignRole] },
  handlers: usersHandlers,
  calls: usersVariants.details,
  /** Nothing optional: no branch, no sessions, no recent actions, never signed in. */
  empty: {},
  notFound: { workbench: { route: '/users/9' }, handlers: [userNotFound], shows: 'User not found' },
  forbidden: { shows: { role: 'alert' }, hides: { role: 'button', name: 'Deactivate' } },
});

export default { title: 'RBAC/User details', component: UserDetailsPage, parameters: user.parameters } satisfies Meta<typeof UserDetailsPage>;

/** Opens the edit dialog (Edit, or Change role with "can assign role" alone) once the roles are there. */
async function openEdit(el: HTMLElement, button: string, option: string) {
  await userEvent.click(await page(el).findByRole('button', { name: button }));
  const dialog = await page(el).findByRole('dialog', { name: button === 'Edit' ? 'Edit user' : button });
  await waitFor(() => expect(within(dialog).getByRole('option', { name: option })).toBeInTheDocument());
  return dialog;
}

/** The user, their sessions and recent actions; deactivate after a confirmation, sign one session out. */
export const Populated = user.flow({
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
});

/** With "can assign role" alone: only the role can change. */
export const ChangeRole = user.flow({
  workbench: { permissions: [P.viewUsersModule, P.assignRole] },
  play: async ({ canvasElement }) => {
    const dialog = await openEdit(canvasElement, 'Change role', 'Administrator');
    await expect(within(dialog).getByLabelText(/Full name/)).toBeDisabled();
    await userEvent.selectOptions(within(dialog).getByLabelText(/Role/), 'Administrator');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(page(canvasElement).queryByRole('dialog')).not.toBeInTheDocument());
  },
});

/** The edit form's 422: the server's field error lands on Unique number and the dialog stays open. */
export const EditRefused = user.flow({
  handlers: [usersVariants.update.invalid],
  play: async ({ canvasElement }) => {
    const dialog = await openEdit(canvasElement, 'Edit', 'Loan Officer');
    const unique = within(dialog).getByLabelText(/Unique number/);
    await userEvent.clear(unique);
    await userEvent.type(unique, 'EMP-0001');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await expect(await within(dialog).findByText('The unique number has already been taken.')).toBeInTheDocument();
    await expect(within(dialog).getByLabelText(/Unique number/)).toHaveAttribute('aria-invalid', 'true');
  },
});

export const Loading = user.Loading, Empty = user.Empty, NotFound = user.NotFound, LoadError = user.LoadError, Forbidden = user.Forbidden;
