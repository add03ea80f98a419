import type { Meta } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { P } from '@loan/shared-contract';
import { settingsVariants, usersHandlers } from '@loan/rbac-data-access/testing';
import { page, screenStories } from '../../../../../tools/storybook/screen-stories';
import { BranchesPage } from './branches-page';

// The same MSW variants as settings-pages.spec.tsx (@loan/rbac-data-access/testing).
const branches = screenStories({
  workbench: { route: '/settings/branches', permissions: [P.viewSettingsModule, P.editSettings] },
  handlers: usersHandlers,
  calls: settingsVariants.branches,
  empty: { shows: 'No branches' },
});

export default { title: 'RBAC/Branches', component: BranchesPage, parameters: branches.parameters } satisfies Meta<typeof BranchesPage>;

/** Opens Edit branch for Ndola; returns the dialog. */
async function editNdola(el: HTMLElement) {
  const table = await page(el).findByRole('table', { name: 'Branches' });
  await userEvent.click(await within(table).findByRole('button', { name: 'Edit Ndola' }));
  return page(el).findByRole('dialog', { name: 'Edit branch' });
}

/** Edit a branch: deactivate it and save. */
export const Populated = branches.flow({
  play: async ({ canvasElement }) => {
    const dialog = await editNdola(canvasElement);
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Active/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(page(canvasElement).queryByRole('dialog')).not.toBeInTheDocument());
  },
});

/** The server's 422 lands on the code. */
export const SaveRefused = branches.flow({
  handlers: [settingsVariants.saveBranch.invalid],
  play: async ({ canvasElement }) => {
    const dialog = await editNdola(canvasElement);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await expect(await within(dialog).findByText('The code has already been taken.')).toBeInTheDocument();
  },
});

export const Loading = branches.Loading, Empty = branches.Empty, LoadError = branches.LoadError, Forbidden = branches.Forbidden;
