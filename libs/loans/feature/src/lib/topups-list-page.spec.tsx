import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { P, type PermissionName } from '@loan/shared-contract';
import { lastRequest, requestLog, setupApiServer } from '@loan/shared-data-access-api/testing';
import { renderScreen } from '@loan/shared-permissions/testing';
import { APPLICATION_PATHS, TOPUP_PATHS } from '@loan/loans-data-access';
import { topupsHandlers, topupsVariants } from '@loan/loans-data-access/testing';
import { ApplicationsListPage } from './applications-list-page';

/** The top-up lists: the applications' list screen with kind="topup" (/api/loanTopUp, top-up permissions). */

const server = setupApiServer(...topupsHandlers);

const APPROVED: PermissionName[] = [P.viewLoanModule, P.viewLoanTopups, P.viewApprovedTopups];

function open(permissions: PermissionName[] = APPROVED) {
  return renderScreen(<ApplicationsListPage kind="topup" status="approved" />, { permissions, route: '/loans/topup/approved' });
}

it('lists the approved top-ups from /api/loanTopUp, rows linking to the top-up details', async () => {
  open();
  const link = await screen.findByRole('link', { name: 'TU-2026-000005, Peter Mwale' });
  expect(link).toHaveAttribute('href', '/loans/topup/5');
  expect(screen.getByRole('table', { name: 'Approved Top-ups' })).toBeInTheDocument();
  expect(lastRequest(TOPUP_PATHS.byStatus)?.query).toEqual({ status: 'approved', page: '1', pageSize: '15', sort: '-created_at', relations: 'offerLetter' });
  expect(requestLog.some((r) => r.path.startsWith('/api/applyForLoan'))).toBe(false);
  expect(lastRequest(APPLICATION_PATHS.byStatus)).toBeUndefined();
});

it('shows the top-up tabs the user may open, counted from /api/loanTopUp/stats/byStatus', async () => {
  open([...APPROVED, P.viewClosedTopups, P.viewRejectedApplications]);
  const tabs = screen.getByRole('navigation', { name: 'Top-up statuses' });
  await waitFor(() => expect(within(tabs).getByRole('link', { name: /Approved/ })).toHaveTextContent('Approved10'));
  expect(within(tabs).getByRole('link', { name: /Closed/ })).toHaveAttribute('href', '/loans/topup/closed');
  expect(within(tabs).queryByRole('link', { name: /Rejected/ })).not.toBeInTheDocument();
  expect(lastRequest(TOPUP_PATHS.statsByStatus)).toBeDefined();
});

it('sorts through the URL and offers the CSV of the list as filtered', async () => {
  open();
  await screen.findByRole('link', { name: /TU-2026-000005/ });
  await userEvent.selectOptions(screen.getByLabelText(/sort/i), '-amount');
  await waitFor(() => expect(lastRequest(TOPUP_PATHS.byStatus)?.query).toMatchObject({ sort: '-amount' }));
  const link = screen.getByRole('link', { name: 'Export CSV' });
  expect(link).toHaveAttribute('href', '/api/loanTopUp/export?status=approved&sort=-amount');
  expect(link).toHaveAttribute('download', 'topup_approved.csv');
});

it('deletes with can delete topup only, through /api/loanTopUp/delete', async () => {
  const first = open([...APPROVED, P.deleteApplication]);
  await screen.findByRole('link', { name: /TU-2026-000005/ });
  expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  first.unmount();

  open([...APPROVED, P.deleteTopup]);
  await userEvent.click(await screen.findByRole('checkbox', { name: 'Select TU-2026-000005, Peter Mwale' }));
  await userEvent.click(within(screen.getByRole('toolbar', { name: 'Bulk actions' })).getByRole('button', { name: 'Delete' }));
  const dialog = screen.getByRole('dialog', { name: 'Delete top-ups?' });
  expect(dialog).toHaveTextContent('1 top-up (TU-2026-000005) will be deleted');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
  expect(await screen.findByText('1 top-up deleted.')).toBeInTheDocument();
  expect(lastRequest(TOPUP_PATHS.delete, 'DELETE')?.body).toEqual({ ids: [5] });
});

it('shows the empty state and "Could not load" with Retry', async () => {
  server.use(topupsVariants.list.empty);
  const first = open();
  expect(await screen.findByText('No approved top-ups')).toBeInTheDocument();
  first.unmount();
  server.use(topupsVariants.list.error);
  open();
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Could not load');
  server.use(topupsVariants.list.ok);
  await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
  expect(await screen.findByRole('link', { name: /TU-2026-000005/ })).toBeInTheDocument();
});
