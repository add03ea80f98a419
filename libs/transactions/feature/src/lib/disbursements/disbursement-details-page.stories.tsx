import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { P, type PermissionName } from '@loan/shared-contract';
import { SCREENS } from '@loan/shared-screens';
import { disbursementNotFound, disbursementRemoved, disbursementsVariants } from '@loan/transactions-data-access/testing';
import { DisbursementDetailsPage } from './disbursement-details-page';

// The same MSW variants as disbursement-details-page.spec.tsx (@loan/transactions-data-access/testing).
const ALL: PermissionName[] = [P.viewAllDisbursements, P.instantSingleDisburse, P.deleteDisbursements, P.reconcileDisbursements];
const PATH = SCREENS.disbursementDetails.path;

const meta = {
  title: 'Transactions/Disbursement details',
  component: DisbursementDetailsPage,
  parameters: {
    workbench: { route: PATH.replace(':id', '7'), path: PATH, permissions: ALL },
    msw: { handlers: { api: [disbursementsVariants.details.ok] } },
  },
} satisfies Meta<typeof DisbursementDetailsPage>;
export default meta;
type Story = StoryObj<typeof meta>;

const page = (el: HTMLElement) => within(el.ownerDocument.body);

/** A failed payment: its provider messages, then Delete only after the confirmation. */
export const Populated: Story = {
  parameters: { msw: { handlers: { api: [disbursementsVariants.details.ok, disbursementRemoved] } } },
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await body.findByRole('heading', { name: 'Provider messages' });
    await expect(body.getByText(/Recipient not reachable/, { selector: 'li' })).toBeInTheDocument();
    const actions = body.getByRole('group', { name: 'Disbursement actions' });
    await userEvent.click(within(actions).getByRole('button', { name: 'Delete' }));
    await userEvent.click(within(await body.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    // Deleted: back to the list.
    await waitFor(() => expect(body.getByTestId('location').textContent).toBe(SCREENS.disbursements.path));
  },
};

/** What a user who may only view sees: no retry, no delete. */
export const ViewOnly: Story = {
  parameters: { workbench: { permissions: [P.viewAllDisbursements] } },
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await body.findByText('#7');
    await expect(body.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    await expect(body.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: { api: [disbursementsVariants.details.slow] } } },
};

/** Nothing optional filled in: no loan, no provider messages. */
export const Empty: Story = {
  parameters: { msw: { handlers: { api: [disbursementsVariants.details.empty] } } },
  play: async ({ canvasElement }) => {
    await expect(await page(canvasElement).findByText('No messages from the provider yet.')).toBeInTheDocument();
  },
};

export const NotFound: Story = {
  parameters: { msw: { handlers: { api: [disbursementNotFound] } } },
  play: async ({ canvasElement }) => {
    await expect(await page(canvasElement).findByText('Disbursement not found')).toBeInTheDocument();
  },
};

export const LoadError: Story = {
  parameters: { msw: { handlers: { api: [disbursementsVariants.details.error] } } },
  play: async ({ canvasElement }) => {
    await expect(await page(canvasElement).findByRole('alert')).toHaveTextContent('Could not load');
  },
};

export const Forbidden: Story = {
  parameters: { workbench: { permissions: [] }, msw: { handlers: { api: [disbursementsVariants.details.forbidden] } } },
  play: async ({ canvasElement }) => {
    await expect(await page(canvasElement).findByRole('alert')).toBeInTheDocument();
  },
};
