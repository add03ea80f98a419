import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DISBURSEMENTS_PATHS, P } from '@loan/shared-contract';
import { lastRequest, setupApiServer } from '@loan/shared-data-access-api/testing';
import { renderScreen } from '@loan/shared-permissions/testing';
import { disbursementsVariants } from '@loan/transactions-data-access/testing';
import { DisbursementsListPage } from './disbursements-list-page';
import { readStatement } from './statement-reconcile';

const server = setupApiServer(disbursementsVariants.list.ok, disbursementsVariants.branches.ok, disbursementsVariants.statementMatch.ok, disbursementsVariants.statementConfirm.ok);
const CSV = 'Date,Transaction ID,Amount,Payee\r\n2026-11-20 10:15,SBX-000001,"1,250.50",0900000001\r\n20/11/2026,SBX-000003,1750.50,0900000003\r\n2026-11-20,SBX-000002,9.99,0900000002\r\n';
const file = (text: string) => new File([text], 'statement.csv', { type: 'text/csv' });
const SENT = [
  { line: 1, reference: 'SBX-000001', amount: '1,250.50', date: '2026-11-20' },
  { line: 2, reference: 'SBX-000003', amount: '1750.50', date: '2026-11-20' },
  { line: 3, reference: 'SBX-000002', amount: '9.99', date: '2026-11-20' },
];

async function openDialog(permissions = [P.viewTransactionModule, P.viewAllDisbursements, P.reconcileDisbursements]) {
  renderScreen(<DisbursementsListPage />, { permissions, route: '/transactions/disbursements' });
  await screen.findByRole('table', { name: 'Disbursements' });
  await userEvent.click(screen.getByRole('button', { name: 'Import statement' }));
  return screen.findByRole('dialog', { name: 'Reconcile with a statement' });
}

it('reads the columns by name, whatever their order and dates', () => {
  expect(readStatement(CSV)).toEqual(SENT);
  expect(() => readStatement('when,how much\r\n2026-11-20,5\r\n')).toThrow('The statement needs columns for the provider reference, the amount and the date');
  expect(() => readStatement('reference,amount,date\r\n')).toThrow('The statement has no lines.');
});

it('shows matched and unmatched lines on both sides, then reconciles the matched ones on confirm', async () => {
  const dialog = await openDialog();
  expect(within(dialog).getByRole('button', { name: 'Reconcile 0 matched' })).toBeDisabled();
  await userEvent.upload(within(dialog).getByLabelText('Provider statement (CSV)'), file(CSV));
  await waitFor(() => expect(within(dialog).getByTestId('statement-summary')).toHaveTextContent('2 matched (1 to reconcile), 1 statement line unmatched, 1 disbursement not in the statement.'));
  expect(lastRequest(DISBURSEMENTS_PATHS.statementMatch, 'POST')?.body).toEqual({ lines: SENT });
  const matched = within(dialog).getByRole('table', { name: 'Matched' });
  expect(within(matched).getAllByRole('row')).toHaveLength(3);
  expect(matched).toHaveTextContent('Already reconciled');
  // The mismatch: its line and why.
  const lines = within(dialog).getByRole('table', { name: 'Statement lines without a match' });
  expect(lines).toHaveTextContent('SBX-000002');
  expect(lines).toHaveTextContent('The amount differs: 1500.50 was paid.');
  expect(within(dialog).getByRole('table', { name: 'Disbursements not in the statement' })).toHaveTextContent('LA-2026-000104');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Reconcile 1 matched' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(lastRequest(DISBURSEMENTS_PATHS.statementConfirm, 'POST')?.body).toEqual({ lines: SENT });
  expect(await screen.findByText('1 reconciled from the statement, 1 already reconciled.')).toBeInTheDocument();
});

it("names the statement's bad lines from the server's 422 and offers no confirm", async () => {
  server.use(disbursementsVariants.statementMatch.invalid);
  const dialog = await openDialog();
  await userEvent.upload(within(dialog).getByLabelText('Provider statement (CSV)'), file(CSV));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent('Line 3, amount: Enter an amount such as 12500.00, with at most two decimals.');
  expect(within(dialog).getByRole('button', { name: 'Reconcile 0 matched' })).toBeDisabled();
  expect(lastRequest(DISBURSEMENTS_PATHS.statementConfirm, 'POST')).toBeUndefined();
});

it('says what is missing from a file without the needed columns, without asking the api', async () => {
  const dialog = await openDialog();
  await userEvent.upload(within(dialog).getByLabelText('Provider statement (CSV)'), file('a,b\r\n1,2\r\n'));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent('The statement needs columns for the provider reference');
  expect(lastRequest(DISBURSEMENTS_PATHS.statementMatch, 'POST')).toBeUndefined();
});

it('offers the statement only with the reconcile permission', async () => {
  renderScreen(<DisbursementsListPage />, { permissions: [P.viewTransactionModule, P.viewAllDisbursements], route: '/transactions/disbursements' });
  await screen.findByRole('table', { name: 'Disbursements' });
  expect(screen.queryByRole('button', { name: 'Import statement' })).not.toBeInTheDocument();
});
