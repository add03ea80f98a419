import type { Meta } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { P } from '@loan/shared-contract';
import { applicationsHandlers, applicationsVariants, topupsHandlers, topupsVariants } from '@loan/loans-data-access/testing';
import { page, screenStories } from '../../../../../tools/storybook/screen-stories';
import { ApplicationsListPage } from './applications-list-page';

// The same MSW variants as applications-list-page.spec.tsx (@loan/loans-data-access/testing).
const { list, stats, totalValue } = applicationsVariants;
const RETRY = { role: 'button', name: 'Retry' };

const applications = screenStories({
  workbench: { route: '/loans/applications/requests' },
  handlers: applicationsHandlers,
  calls: list,
  empty: { handlers: [list.empty, totalValue.empty, stats.empty], shows: 'No application requests' },
  error: { shows: RETRY },
  forbidden: {
    handlers: [list.forbidden, stats.forbidden, totalValue.forbidden, topupsVariants.list.forbidden],
    shows: RETRY,
    // No delete without the permission: no row can be selected for it.
    hides: { role: 'checkbox', name: /^Select LA-/ },
  },
});

export default { title: 'Loans/Applications list', component: ApplicationsListPage, args: { kind: 'application', status: 'request' }, parameters: applications.parameters } satisfies Meta<typeof ApplicationsListPage>;

export const Populated = applications.flow({
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
});

export const ApprovedWithContracts = applications.flow({ args: { status: 'approved' }, workbench: { route: '/loans/applications/approved' } });

export const TopUps = applications.flow({
  args: { kind: 'topup', status: 'request' },
  workbench: { route: '/loans/top-ups/requests' },
  handlers: topupsHandlers,
});

/** Select two rows, delete with confirmation (the bulk action of the officer with delete). */
export const DeleteWithConfirmation = applications.flow({
  workbench: { permissions: [P.viewLoanModule, P.viewLoanApplications, P.viewRequestApplications, P.deleteApplication] },
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await userEvent.click(await body.findByRole('checkbox', { name: 'Select LA-2026-000004, Grace Zulu' }));
    await userEvent.click(body.getByRole('checkbox', { name: 'Select LA-2026-000008, Natasha Phiri' }));
    await userEvent.click(within(body.getByRole('toolbar', { name: 'Bulk actions' })).getByRole('button', { name: 'Delete' }));
    const dialog = await body.findByRole('dialog', { name: 'Delete applications?' });
    await expect(dialog).toHaveTextContent('LA-2026-000004, LA-2026-000008');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(body.queryByRole('dialog')).not.toBeInTheDocument());
  },
  settle: true,
});

export const Loading = applications.Loading, Empty = applications.Empty, LoadError = applications.LoadError, Forbidden = applications.Forbidden;
