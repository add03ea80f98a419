import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { P, type PermissionName } from '@loan/shared-contract';
import { applicationsHandlers, applicationsVariants, topupsHandlers, topupsVariants } from '@loan/loans-data-access/testing';
import { ApplicationsListPage } from './applications-list-page';

// The same MSW variants as applications-list-page.spec.tsx (@loan/loans-data-access/testing).
const REQUESTS: PermissionName[] = [P.viewLoanModule, P.viewLoanApplications, P.viewRequestApplications, P.deleteApplication];

const meta = {
  title: 'Loans/Applications list',
  component: ApplicationsListPage,
  args: { kind: 'application', status: 'request' },
  parameters: {
    workbench: { route: '/loans/applications/requests' },
    msw: { handlers: { api: applicationsHandlers } },
  },
} satisfies Meta<typeof ApplicationsListPage>;
export default meta;
type Story = StoryObj<typeof meta>;

const page = (el: HTMLElement) => within(el.ownerDocument.body);
/** Waits until the list stopped refetching (a dimmed table would fail the contrast check). */
const settled = (el: HTMLElement) => waitFor(() => expect(el.querySelector('[aria-busy="true"]')).toBeNull());

export const Populated: Story = {
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await body.findByRole('link', { name: 'LA-2026-000004, Grace Zulu' });
    // Filter a list: by branch, then the rows are only that branch's.
    await userEvent.click(body.getByRole('button', { name: 'Filters' }));
    await userEvent.selectOptions(body.getByLabelText('Branch'), 'Kitwe');
    await userEvent.click(body.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(body.queryByRole('link', { name: 'LA-2026-000004, Grace Zulu' })).not.toBeInTheDocument());
    const rows = await body.findAllByRole('link', { name: /^LA-2026-/ });
    for (const row of rows) await expect(row.closest('tr')).toHaveTextContent('Kitwe');
    // Open details: the row link leads to the application.
    await userEvent.click(rows[0]);
    await waitFor(() => expect(body.getByTestId('location').textContent).toMatch(/^\/loans\/applications\/\d+$/));
  },
};

export const ApprovedWithContracts: Story = {
  args: { status: 'approved' },
  parameters: { workbench: { route: '/loans/applications/approved' } },
};

export const TopUps: Story = {
  args: { kind: 'topup', status: 'request' },
  parameters: { workbench: { route: '/loans/top-ups/requests' }, msw: { handlers: { api: topupsHandlers } } },
};

export const Loading: Story = {
  parameters: { msw: { handlers: { api: [applicationsVariants.list.slow, ...applicationsHandlers] } } },
};

export const Empty: Story = {
  parameters: { msw: { handlers: { api: [applicationsVariants.list.empty, applicationsVariants.totalValue.empty, applicationsVariants.stats.empty] } } },
  play: async ({ canvasElement }) => {
    await expect(await page(canvasElement).findByText('No application requests')).toBeInTheDocument();
  },
};

export const LoadError: Story = {
  parameters: { msw: { handlers: { api: [applicationsVariants.list.error, ...applicationsHandlers] } } },
  play: async ({ canvasElement }) => {
    await expect(await page(canvasElement).findByRole('button', { name: 'Retry' })).toBeInTheDocument();
  },
};

export const Forbidden: Story = {
  parameters: {
    workbench: { permissions: [] },
    msw: {
      handlers: {
        api: [applicationsVariants.list.forbidden, applicationsVariants.stats.forbidden, applicationsVariants.totalValue.forbidden, topupsVariants.list.forbidden],
      },
    },
  },
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await body.findByRole('button', { name: 'Retry' });
    // No delete without the permission: no row can be selected for it.
    await expect(body.queryByRole('checkbox', { name: /^Select LA-/ })).not.toBeInTheDocument();
  },
};

/** Select two rows, delete with confirmation (the bulk action of the officer with delete). */
export const DeleteWithConfirmation: Story = {
  parameters: { workbench: { permissions: REQUESTS } },
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await userEvent.click(await body.findByRole('checkbox', { name: 'Select LA-2026-000004, Grace Zulu' }));
    await userEvent.click(body.getByRole('checkbox', { name: 'Select LA-2026-000008, Natasha Phiri' }));
    await userEvent.click(within(body.getByRole('toolbar', { name: 'Bulk actions' })).getByRole('button', { name: 'Delete' }));
    const dialog = await body.findByRole('dialog', { name: 'Delete applications?' });
    await expect(dialog).toHaveTextContent('LA-2026-000004, LA-2026-000008');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(body.queryByRole('dialog')).not.toBeInTheDocument());
    await settled(canvasElement);
  },
};
