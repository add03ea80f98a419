import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { P, type PermissionName } from '@loan/shared-contract';
import { settingsVariants, usersHandlers } from '@loan/rbac-data-access/testing';
import { BranchesPage } from './branches-page';

// The same MSW variants as settings-pages.spec.tsx (@loan/rbac-data-access/testing).
const PERMS: PermissionName[] = [P.viewSettingsModule, P.editSettings];

const meta = {
  title: 'RBAC/Branches',
  component: BranchesPage,
  parameters: {
    workbench: { route: '/settings/branches', permissions: PERMS },
    msw: { handlers: { api: usersHandlers } },
  },
} satisfies Meta<typeof BranchesPage>;
export default meta;
type Story = StoryObj<typeof meta>;

const page = (el: HTMLElement) => within(el.ownerDocument.body);

/** Edit a branch: deactivate it and save. */
export const Populated: Story = {
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    const table = await body.findByRole('table', { name: 'Branches' });
    await userEvent.click(await within(table).findByRole('button', { name: 'Edit Ndola' }));
    const dialog = await body.findByRole('dialog', { name: 'Edit branch' });
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Active/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(body.queryByRole('dialog')).not.toBeInTheDocument());
  },
};

/** The server's 422 lands on the code. */
export const SaveRefused: Story = {
  parameters: { msw: { handlers: { api: [settingsVariants.saveBranch.invalid, ...usersHandlers] } } },
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await userEvent.click(await within(await body.findByRole('table', { name: 'Branches' })).findByRole('button', { name: 'Edit Ndola' }));
    const dialog = await body.findByRole('dialog', { name: 'Edit branch' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await expect(await within(dialog).findByText('The code has already been taken.')).toBeInTheDocument();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: { api: [settingsVariants.branches.slow, ...usersHandlers] } } },
};

export const Empty: Story = {
  parameters: { msw: { handlers: { api: [settingsVariants.branches.empty, ...usersHandlers] } } },
  play: async ({ canvasElement }) => {
    await expect(await page(canvasElement).findByText('No branches')).toBeInTheDocument();
  },
};

export const LoadError: Story = {
  parameters: { msw: { handlers: { api: [settingsVariants.branches.error, ...usersHandlers] } } },
  play: async ({ canvasElement }) => {
    await expect(await page(canvasElement).findByText('Could not load')).toBeInTheDocument();
  },
};

export const Forbidden: Story = {
  parameters: { workbench: { permissions: [] }, msw: { handlers: { api: [settingsVariants.branches.forbidden, ...usersHandlers] } } },
  play: async ({ canvasElement }) => {
    await expect(await page(canvasElement).findByText('Could not load')).toBeInTheDocument();
  },
};
