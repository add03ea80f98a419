import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { P, type PermissionName } from '@loan/shared-contract';
import { SCREENS } from '@loan/shared-screens';
import { disbursementsVariants } from '@loan/transactions-data-access/testing';
import { DisbursementsListPage } from './disbursements-list-page';

// The same MSW variants as disbursements-list-page.spec.tsx (@loan/transactions-data-access/testing).
const FINANCE: PermissionName[] = [P.viewTransactionModule, P.viewAllDisbursements, P.reconcileDisbursements];
const TITLE = SCREENS.disbursements.title;

const meta = {
  title: 'Transactions/Disbursements list',
  component: DisbursementsListPage,
  parameters: {
    workbench: { route: SCREENS.disbursements.path, permissions: FINANCE },
    msw: { handlers: { api: [disbursementsVariants.list.ok, disbursementsVariants.reconcile.ok] } },
  },
} satisfies Meta<typeof DisbursementsListPage>;
export default meta;
type Story = StoryObj<typeof meta>;

const page = (el: HTMLElement) => within(el.ownerDocument.body);
/** Waits until the list stopped refetching (a dimmed table would fail the contrast check). */
const settled = (el: HTMLElement) => waitFor(() => expect(el.ownerDocument.querySelector('[aria-busy="true"]')).toBeNull());

/** Search, then open a record: the row link leads to its details. */
export const Populated: Story = {
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    const table = await body.findByRole('table', { name: TITLE });
    await within(table).findByText('#40');
    await userEvent.type(body.getByRole('searchbox', { name: 'Search by recipient or provider reference' }), '3{Enter}');
    await waitFor(() => expect(body.getByTestId('location')).toHaveTextContent('search=3'));
    await body.findByText('#33');
    await settled(canvasElement);
    await userEvent.click(body.getByRole('link', { name: 'Disbursement 33' }));
    await waitFor(() => expect(body.getByTestId('location')).toHaveTextContent(SCREENS.disbursementDetails.path.replace(':id', '33')));
  },
};

/** Select a row, reconcile it after the confirmation. */
export const ReconcileWithConfirmation: Story = {
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await userEvent.click(await body.findByRole('checkbox', { name: 'Select Disbursement 40' }));
    await userEvent.click(body.getByRole('button', { name: /Reconcile/ }));
    const dialog = await body.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reconcile' }));
    await waitFor(() => expect(body.queryByRole('dialog')).not.toBeInTheDocument());
    await settled(canvasElement);
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: { api: [disbursementsVariants.list.slow] } } },
};

export const Empty: Story = {
  parameters: { msw: { handlers: { api: [disbursementsVariants.list.empty] } } },
  play: async ({ canvasElement }) => {
    await expect(await page(canvasElement).findByText(`No ${TITLE.toLowerCase()}`)).toBeInTheDocument();
  },
};

export const LoadError: Story = {
  parameters: { msw: { handlers: { api: [disbursementsVariants.list.error] } } },
  play: async ({ canvasElement }) => {
    await expect(await page(canvasElement).findByRole('alert')).toHaveTextContent('Could not load');
  },
};

/** The server refuses the search (422): the list says it could not load, not an empty list. */
export const InvalidSearch: Story = {
  parameters: { workbench: { route: `${SCREENS.disbursements.path}?search=x` }, msw: { handlers: { api: [disbursementsVariants.list.invalid] } } },
  play: async ({ canvasElement }) => {
    await expect(await page(canvasElement).findByRole('alert')).toBeInTheDocument();
  },
};

/** No permission: the api answers 403 and no row can be selected for reconciling. */
export const Forbidden: Story = {
  parameters: { workbench: { permissions: [] }, msw: { handlers: { api: [disbursementsVariants.list.forbidden] } } },
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await body.findByRole('alert');
    await expect(body.queryByRole('checkbox', { name: /^Select Disbursement/ })).not.toBeInTheDocument();
  },
};
