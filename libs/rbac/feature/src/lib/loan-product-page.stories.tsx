import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { P, type PermissionName } from '@loan/shared-contract';
import { settingsVariants, usersHandlers } from '@loan/rbac-data-access/testing';
import { LoanProductPage } from './loan-product-page';

// The same MSW variants as settings-pages.spec.tsx (@loan/rbac-data-access/testing).
const PERMS: PermissionName[] = [P.viewSettingsModule, P.editSettings];

const meta = {
  title: 'RBAC/Loan product',
  component: LoanProductPage,
  parameters: {
    workbench: { route: '/settings/loan-product', permissions: PERMS },
    msw: { handlers: { api: usersHandlers } },
  },
} satisfies Meta<typeof LoanProductPage>;
export default meta;
type Story = StoryObj<typeof meta>;

const page = (el: HTMLElement) => within(el.ownerDocument.body);

/** Change the rate and save. */
export const Populated: Story = {
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    const rate = await body.findByLabelText(/Flat monthly rate/);
    await expect(rate).toHaveValue('5.00');
    await userEvent.clear(rate);
    await userEvent.type(rate, '4.5');
    await userEvent.click(body.getByRole('button', { name: 'Save' }));
  },
};

/** The form's own range check, before sending. */
export const RangeChecked: Story = {
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    const shortest = await body.findByLabelText(/Shortest tenure/);
    await userEvent.clear(shortest);
    await userEvent.type(shortest, '99');
    await userEvent.click(body.getByRole('button', { name: 'Save' }));
    await expect(await body.findByText('The shortest tenure must not exceed the longest.')).toBeInTheDocument();
  },
};

/** The server's 422 lands on the rate. */
export const SaveRefused: Story = {
  parameters: { msw: { handlers: { api: [settingsVariants.saveLoanProduct.invalid, ...usersHandlers] } } },
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await body.findByLabelText(/Flat monthly rate/);
    await userEvent.click(body.getByRole('button', { name: 'Save' }));
    await expect(await body.findByText('Enter a percentage from 0 to 100, with up to two decimals.')).toBeInTheDocument();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: { api: [settingsVariants.loanProduct.slow, ...usersHandlers] } } },
};

export const LoadError: Story = {
  parameters: { msw: { handlers: { api: [settingsVariants.loanProduct.error, ...usersHandlers] } } },
  play: async ({ canvasElement }) => {
    await expect(await page(canvasElement).findByText('Could not load')).toBeInTheDocument();
  },
};

export const Forbidden: Story = {
  parameters: { workbench: { permissions: [] }, msw: { handlers: { api: [settingsVariants.loanProduct.forbidden, ...usersHandlers] } } },
  play: async ({ canvasElement }) => {
    await expect(await page(canvasElement).findByText('Could not load')).toBeInTheDocument();
  },
};
