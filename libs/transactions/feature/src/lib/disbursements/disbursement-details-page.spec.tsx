import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { DISBURSEMENTS_PATHS, P } from '@loan/shared-contract';
import { renderScreen } from '@loan/shared-permissions/testing';
import { lastRequest, setupApiServer } from '@loan/shared-data-access-api/testing';
import { disbursementsVariants } from '@loan/transactions-data-access/testing';
import { SCREENS } from '@loan/shared-screens';
import { DisbursementDetailsPage } from './disbursement-details-page';

const server = setupApiServer(disbursementsVariants.details.ok);
const PATH = SCREENS.disbursementDetails.path;
const show = () => renderScreen(<DisbursementDetailsPage />, { permissions: [P.viewAllDisbursements, P.instantSingleDisburse, P.deleteDisbursements, P.reconcileDisbursements], route: PATH.replace(':id', '7'), path: PATH });

it('shows the record the path names', async () => {
  show();
  expect(await screen.findByText('#7')).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: SCREENS.disbursementDetails.title })).toBeInTheDocument();
  expect(lastRequest(DISBURSEMENTS_PATHS.byId.replace(':id', '7'), 'GET')).toBeDefined();
});

it('says when the record is not there (404), with the way back to the list', async () => {
  server.use(http.get(DISBURSEMENTS_PATHS.byId, () => HttpResponse.json({ message: 'Disbursement not found.' }, { status: 404 })));
  show();
  expect(await screen.findByText('Disbursement not found')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: `Back to ${SCREENS.disbursements.title}` })).toHaveAttribute('href', SCREENS.disbursements.path);
});

it('takes a path that names no id for a record not found, without asking the api', async () => {
  renderScreen(<DisbursementDetailsPage />, { permissions: [P.viewAllDisbursements, P.instantSingleDisburse, P.deleteDisbursements, P.reconcileDisbursements], route: PATH.replace(':id', 'abc'), path: PATH });
  expect(await screen.findByText('Disbursement not found')).toBeInTheDocument();
  expect(lastRequest(DISBURSEMENTS_PATHS.byId.replace(':id', 'abc'))).toBeUndefined();
});

it('shows "Could not load" with a Retry that asks again', async () => {
  server.use(disbursementsVariants.details.error);
  show();
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Could not load');
  server.use(disbursementsVariants.details.ok);
  await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
  expect(await screen.findByText('#7')).toBeInTheDocument();
});

it('shows the provider messages, attempts and loan, and deletes a failed one only after a confirm', async () => {
  let deleted = 0;
  server.use(
    http.delete(DISBURSEMENTS_PATHS.remove, () => {
      deleted++;
      return new HttpResponse(null, { status: 204 });
    }),
  );
  show();
  expect(await screen.findByRole('heading', { name: 'Provider messages' })).toBeInTheDocument();
  expect(screen.getByText(/Recipient not reachable/, { selector: 'li' })).toBeInTheDocument();
  const actions = screen.getByRole('group', { name: 'Disbursement actions' });
  expect(within(actions).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  expect(within(actions).queryByRole('button', { name: 'Reconcile' })).not.toBeInTheDocument();
  await userEvent.click(within(actions).getByRole('button', { name: 'Delete' }));
  const dialog = await screen.findByRole('dialog');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  expect(deleted).toBe(0);
  await userEvent.click(within(actions).getByRole('button', { name: 'Delete' }));
  await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(deleted).toBe(1));
});
