import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { P, type PermissionName } from '@loan/shared-contract';
import { SCREENS } from '@loan/shared-screens';
import { disbursementsVariants } from '@loan/transactions-data-access/testing';
import { InstantDisbursementPage } from './instant-disbursement-page';

// The same MSW variants as instant-disbursement-page.spec.tsx (@loan/transactions-data-access/testing).
const ALL: PermissionName[] = [P.viewTransactionModule, P.viewInstantDisbursements, P.instantSingleDisburse, P.instantBulkDisburse];

const meta = {
  title: 'Transactions/Instant disbursement',
  component: InstantDisbursementPage,
  parameters: {
    workbench: { route: SCREENS.instantDisbursement.path, permissions: ALL },
    msw: { handlers: { api: [disbursementsVariants.payable.ok, disbursementsVariants.disburseSingle.ok, disbursementsVariants.disburseBulk.ok] } },
  },
} satisfies Meta<typeof InstantDisbursementPage>;
export default meta;
type Story = StoryObj<typeof meta>;

const page = (el: HTMLElement) => within(el.ownerDocument.body);
/** Waits until the list stopped refetching (a dimmed table would fail the contrast check). */
const settled = (el: HTMLElement) => waitFor(() => expect(el.ownerDocument.querySelector('[aria-busy="true"]')).toBeNull());

/** Pay one loan after the confirmation: its row shows the pending disbursement. */
export const Populated: Story = {
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await body.findByRole('table', { name: 'Payable loans' });
    await expect(await body.findByText(/12 payable loans/)).toHaveTextContent('ZMW 78,003.00');
    await userEvent.click(body.getByRole('button', { name: 'Pay LA-2026-000501' }));
    const dialog = await body.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay now' }));
    await expect(await body.findByText('#501 pending')).toBeInTheDocument();
    await settled(canvasElement);
  },
};

/** Pay several: the confirmation names the count, then each row shows its progress. */
export const PaySelected: Story = {
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await userEvent.click(await body.findByRole('checkbox', { name: 'Select LA-2026-000501' }));
    await userEvent.click(body.getByRole('checkbox', { name: 'Select LA-2026-000502' }));
    await userEvent.click(body.getByRole('button', { name: /Pay selected/ }));
    const dialog = await body.findByRole('dialog');
    await expect(dialog).toHaveTextContent('Pay 2 loans');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay now' }));
    await expect(await body.findByText('#502 pending')).toBeInTheDocument();
    await settled(canvasElement);
  },
};

/** The server refuses the payment (422): the row says Refused and offers Pay again. */
export const PayRefused: Story = {
  parameters: { msw: { handlers: { api: [disbursementsVariants.payable.ok, disbursementsVariants.disburseSingle.invalid] } } },
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await userEvent.click(await body.findByRole('button', { name: 'Pay LA-2026-000501' }));
    await userEvent.click(within(await body.findByRole('dialog')).getByRole('button', { name: 'Pay now' }));
    await expect(await body.findByText('Refused')).toBeInTheDocument();
    await expect(body.getByRole('button', { name: 'Pay LA-2026-000501' })).toBeInTheDocument();
    await settled(canvasElement);
  },
};

/** A user who may see the payable loans but not pay: no pay buttons. */
export const ViewOnly: Story = {
  parameters: { workbench: { permissions: [P.viewTransactionModule, P.viewInstantDisbursements] } },
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await body.findByRole('table', { name: 'Payable loans' });
    await expect(body.queryByRole('button', { name: /^Pay / })).not.toBeInTheDocument();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: { api: [disbursementsVariants.payable.slow] } } },
};

export const Empty: Story = {
  parameters: { msw: { handlers: { api: [disbursementsVariants.payable.empty] } } },
  play: async ({ canvasElement }) => {
    await expect(await page(canvasElement).findByText('No loans to pay')).toBeInTheDocument();
  },
};

export const LoadError: Story = {
  parameters: { msw: { handlers: { api: [disbursementsVariants.payable.error] } } },
  play: async ({ canvasElement }) => {
    await expect(await page(canvasElement).findByRole('alert')).toHaveTextContent('Could not load');
  },
};

export const Forbidden: Story = {
  parameters: { workbench: { permissions: [] }, msw: { handlers: { api: [disbursementsVariants.payable.forbidden] } } },
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await body.findByRole('alert');
    await expect(body.queryByRole('button', { name: /^Pay / })).not.toBeInTheDocument();
  },
};
