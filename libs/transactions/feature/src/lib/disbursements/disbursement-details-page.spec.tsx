import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { DISBURSEMENTS_PATHS } from '@loan/shared-contract';
import { lastRequest, renderWithProviders, setupApiServer } from '@loan/shared-data-access-api/testing';
import { disbursementsVariants } from '@loan/transactions-data-access/testing';
import { SCREENS } from '@loan/shared-screens';
import { DisbursementDetailsPage } from './disbursement-details-page';

const server = setupApiServer(disbursementsVariants.details.ok);
const PATH = SCREENS.disbursementDetails.path;
const show = () => renderWithProviders(<DisbursementDetailsPage />, { route: PATH.replace(':id', '7'), path: PATH });

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
  renderWithProviders(<DisbursementDetailsPage />, { route: PATH.replace(':id', 'abc'), path: PATH });
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
