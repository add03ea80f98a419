import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DISBURSEMENTS_PATHS, P } from '@loan/shared-contract';
import { lastRequest, setupApiServer } from '@loan/shared-data-access-api/testing';
import { renderScreen } from '@loan/shared-permissions/testing';
import { disbursementsVariants } from '@loan/transactions-data-access/testing';
import { SCREENS } from '@loan/shared-screens';
import { DisbursementsListPage } from './disbursements-list-page';

const server = setupApiServer(disbursementsVariants.list.ok, disbursementsVariants.branches.ok);
const TITLE = SCREENS.disbursements.title;

it('shows the first page newest first, and asks the api for what the URL holds', async () => {
  renderScreen(<DisbursementsListPage />, { permissions: [P.viewTransactionModule, P.viewAllDisbursements, P.reconcileDisbursements], route: '/transactions/disbursements?pageSize=25&search=1' });
  const table = await screen.findByRole('table', { name: TITLE });
  const rows = await within(table).findAllByRole('row');
  // A header row, then the 13 names holding a 1 (newest first).
  expect(rows).toHaveLength(14);
  expect(rows[1]).toHaveTextContent('#31');
  expect(lastRequest(DISBURSEMENTS_PATHS.list)?.query).toEqual({ page: '1', pageSize: '25', search: '1' });
  expect(within(rows[1]).getByRole('link', { name: 'Disbursement 31' })).toHaveAttribute(
    'href',
    SCREENS.disbursementDetails.path.replace(':id', '31'),
  );
});

it('keeps the page and the search in the URL and asks again', async () => {
  renderScreen(<DisbursementsListPage />, { permissions: [P.viewTransactionModule, P.viewAllDisbursements, P.reconcileDisbursements], route: '/transactions/disbursements' });
  await screen.findByRole('table', { name: TITLE });
  await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('?page=2'));
  await screen.findByText('#25');
  expect(lastRequest(DISBURSEMENTS_PATHS.list)?.query).toEqual({ page: '2', pageSize: '15' });
  await userEvent.type(screen.getByRole('searchbox', { name: 'Search by recipient or provider reference' }), '3{Enter}');
  // The search goes to the URL just after the submit event (a plain navigation, not a form action).
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('?search=3'));
  await screen.findByText('#33');
  expect(lastRequest(DISBURSEMENTS_PATHS.list)?.query).toEqual({ page: '1', pageSize: '15', search: '3' });
});

it('says when there is nothing to show', async () => {
  server.use(disbursementsVariants.list.empty);
  renderScreen(<DisbursementsListPage />, { permissions: [P.viewTransactionModule, P.viewAllDisbursements, P.reconcileDisbursements], route: '/transactions/disbursements' });
  expect(await screen.findByText(`No ${TITLE.toLowerCase()}`)).toBeInTheDocument();
});

it('shows "Could not load" with a Retry that asks again (NOTES.md), not an empty list', async () => {
  server.use(disbursementsVariants.list.error);
  renderScreen(<DisbursementsListPage />, { permissions: [P.viewTransactionModule, P.viewAllDisbursements, P.reconcileDisbursements], route: '/transactions/disbursements' });
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Could not load');
  server.use(disbursementsVariants.list.ok);
  await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
  // The table stays while it reloads (aria-busy): wait for the rows of the new answer.
  await waitFor(() => expect(screen.getByRole('table', { name: TITLE })).toHaveTextContent('#40'));
});

it('shows the totals of the filtered set, sends the filters, and reconciles the selected rows after a confirm', async () => {
  server.use(disbursementsVariants.reconcile.ok);
  renderScreen(<DisbursementsListPage />, {
    permissions: [P.viewTransactionModule, P.viewAllDisbursements, P.reconcileDisbursements],
    route: '/transactions/disbursements?status=success',
  });
  await screen.findByRole('table', { name: TITLE });
  expect(lastRequest(DISBURSEMENTS_PATHS.list)?.query).toMatchObject({ status: 'success' });
  expect(screen.getByTestId('disbursement-totals')).toHaveTextContent(/\d+ disbursements totalling ZMW [\d,]+\.\d{2}/);
  await userEvent.click(screen.getByRole('checkbox', { name: 'Select Disbursement 40' }));
  await userEvent.click(screen.getByRole('button', { name: /Reconcile/ }));
  const dialog = await screen.findByRole('dialog');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Reconcile' }));
  await waitFor(() => expect(lastRequest(DISBURSEMENTS_PATHS.reconcile, 'POST')?.body).toEqual({ ids: [40] }));
});

it('filters by branch: the options come from the api, the choice goes to the URL and the request', async () => {
  renderScreen(<DisbursementsListPage />, { permissions: [P.viewTransactionModule, P.viewAllDisbursements], route: '/transactions/disbursements' });
  await screen.findByRole('table', { name: TITLE });
  await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
  await waitFor(() => expect(screen.getByRole('option', { name: 'Ndola' })).toBeInTheDocument());
  await userEvent.selectOptions(screen.getByLabelText('Branch'), 'Ndola');
  await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('branch_id=2'));
  await waitFor(() => expect(lastRequest(DISBURSEMENTS_PATHS.list)?.query).toMatchObject({ branch_id: '2' }));
  // The mock answers like the api: only branch 2's rows (n % 3 === 1), so #40 leads.
  const rows = await within(screen.getByRole('table', { name: TITLE })).findAllByRole('row');
  expect(rows[1]).toHaveTextContent('#40');
  await waitFor(() => expect(screen.getByTestId('disbursement-totals')).toHaveTextContent(/^14 disbursements/));
});
