import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LOAN_ACCOUNT_COMMAND_PATHS, P, type LoanAccountDetails, type PermissionName } from '@loan/shared-contract';
import { lastRequest, setupApiServer } from '@loan/shared-data-access-api/testing';
import { renderScreen } from '@loan/shared-permissions/testing';
import { loanAccountCommandHandlers, loanAccountCommandVariants, loanAccountRow } from '@loan/loans-data-access/testing';
import { LoanAccountActions } from './loan-account-actions';

// Several dialogs typed into per test, on a shared 2-core machine.
jest.setTimeout(30_000);

// The money routes are mocked here (MSW, the contract's paths and answers).
const server = setupApiServer(...loanAccountCommandHandlers);

const url = (p: string) => p.replace(':id', '7');
const ALL: PermissionName[] = [P.viewApplication, P.waiveLoanCharges, P.rescheduleLoans, P.writeOffLoans, P.addRepayments];

function open(permissions: PermissionName[] = ALL, account: LoanAccountDetails = loanAccountRow) {
  return renderScreen(<LoanAccountActions account={account} reference="LA-2026-000007" />, { permissions });
}
const buttons = () => within(screen.getByRole('group', { name: 'Loan account actions' })).getAllByRole('button').map((b) => b.textContent);
const dialog = (name: string | RegExp) => screen.findByRole('dialog', { name });

it('offers each action with its permission and in the state that allows it', () => {
  const a = open();
  expect(buttons()).toEqual(['Settlement quote', 'Waive', 'Reschedule', 'Write off']);
  a.unmount();
  const b = open([P.viewApplication]);
  expect(buttons()).toEqual(['Settlement quote']);
  b.unmount();
  const c = open(ALL, { ...loanAccountRow, state: 'written_off' });
  expect(buttons()).toEqual(['Record recovery']);
  c.unmount();
  open(ALL, { ...loanAccountRow, state: 'closed' });
  expect(screen.queryByRole('group', { name: 'Loan account actions' })).toBeNull();
});

it('waives part of the fees with a reason; a toast says so', async () => {
  open();
  await userEvent.click(screen.getByRole('button', { name: 'Waive' }));
  const d = await dialog('Waive charges on LA-2026-000007');
  expect(within(d).getByLabelText(/Part/)).toHaveValue('fees'); // the first part with something owed
  await userEvent.type(within(d).getByLabelText(/Amount/), '50.00');
  await userEvent.type(within(d).getByLabelText(/Reason/), 'Goodwill after a bank delay');
  await userEvent.click(within(d).getByRole('button', { name: 'Waive' }));
  expect(await screen.findByText('ZMW 50.00 waived.')).toBeInTheDocument();
  expect(lastRequest(url(LOAN_ACCOUNT_COMMAND_PATHS.waive), 'POST')?.body).toEqual({ part: 'fees', amount: '50.00', reason: 'Goodwill after a bank delay' });
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
});

it("puts the server's 422 on the waiver's field and keeps the dialog open", async () => {
  server.use(loanAccountCommandVariants.waive.invalid);
  open();
  await userEvent.click(screen.getByRole('button', { name: 'Waive' }));
  const d = await dialog('Waive charges on LA-2026-000007');
  await userEvent.selectOptions(within(d).getByLabelText(/Part/), 'penalty');
  await userEvent.type(within(d).getByLabelText(/Amount/), '10.00');
  await userEvent.type(within(d).getByLabelText(/Reason/), 'Goodwill');
  await userEvent.click(within(d).getByRole('button', { name: 'Waive' }));
  expect(await within(d).findByText('More than the penalty owed (ZMW 0.00).')).toBeInTheDocument();
  expect(within(d).getByLabelText(/Amount/)).toHaveAttribute('aria-invalid', 'true');
});

it('writes off after showing what is written off; the reason is required', async () => {
  open();
  await userEvent.click(screen.getByRole('button', { name: 'Write off' }));
  const d = await dialog('Write off loan LA-2026-000007?');
  expect(within(d).getByLabelText('Written off')).toHaveTextContent('Total written offZMW 5,095.84');
  const submit = within(d).getByRole('button', { name: 'Write off ZMW 5,095.84' });
  await userEvent.click(submit);
  expect(await within(d).findByText('Give the reason for the write-off.')).toBeInTheDocument();
  expect(lastRequest(url(LOAN_ACCOUNT_COMMAND_PATHS.writeOff), 'POST')).toBeUndefined();
  await userEvent.type(within(d).getByLabelText(/Reason/), 'Borrower deceased, no estate');
  await userEvent.click(submit);
  expect(await screen.findByText('Loan written off.')).toBeInTheDocument();
  expect(lastRequest(url(LOAN_ACCOUNT_COMMAND_PATHS.writeOff), 'POST')?.body).toEqual({ reason: 'Borrower deceased, no estate' });
});

it('previews the new schedule before a reschedule is confirmed; a change drops the preview', async () => {
  open();
  await userEvent.click(screen.getByRole('button', { name: 'Reschedule' }));
  const d = await dialog('Reschedule loan LA-2026-000007');
  expect(within(d).queryByRole('button', { name: 'Confirm reschedule' })).toBeNull();
  await userEvent.type(within(d).getByLabelText(/New tenure/), '3');
  await userEvent.type(within(d).getByLabelText(/Reason/), 'Lost overtime pay');
  await userEvent.click(within(d).getByRole('button', { name: 'Preview the new schedule' }));
  const preview = await within(d).findByRole('region', { name: 'Reschedule preview' });
  expect(lastRequest(url(LOAN_ACCOUNT_COMMAND_PATHS.reschedulePreview), 'POST')?.body).toEqual({ tenure: 3, reason: 'Lost overtime pay' });
  expect(within(preview).getAllByRole('row')).toHaveLength(4);
  expect(preview).toHaveTextContent('Total repayableZMW 4,415.51');
  await userEvent.type(within(d).getByLabelText(/New monthly rate/), '4');
  expect(within(d).queryByRole('region', { name: 'Reschedule preview' })).toBeNull();
  await userEvent.click(within(d).getByRole('button', { name: 'Preview the new schedule' }));
  await userEvent.click(await within(d).findByRole('button', { name: 'Confirm reschedule' }));
  expect(await screen.findByText('Loan rescheduled.')).toBeInTheDocument();
  expect(lastRequest(url(LOAN_ACCOUNT_COMMAND_PATHS.reschedule), 'POST')?.body).toEqual({ tenure: 3, monthly_rate_percent: '4', reason: 'Lost overtime pay' });
});

it("shows the preview's 422 on its field", async () => {
  server.use(loanAccountCommandVariants.reschedulePreview.invalid);
  open();
  await userEvent.click(screen.getByRole('button', { name: 'Reschedule' }));
  const d = await dialog('Reschedule loan LA-2026-000007');
  await userEvent.type(within(d).getByLabelText(/New tenure/), '300');
  await userEvent.type(within(d).getByLabelText(/Reason/), 'Long illness');
  await userEvent.click(within(d).getByRole('button', { name: 'Preview the new schedule' }));
  expect(await within(d).findByText('Tenure: a whole number of months from 1 to 360.')).toBeInTheDocument();
  expect(within(d).getByLabelText(/New tenure/)).toHaveAttribute('aria-invalid', 'true');
});

it('shows the settlement quote, valid to the end of the day, printable; settling pays its total', async () => {
  open();
  await userEvent.click(screen.getByRole('button', { name: 'Settlement quote' }));
  const d = await dialog('Settlement quote for LA-2026-000007');
  const quote = await within(d).findByLabelText('Settlement quote');
  expect(quote).toHaveTextContent('To settle todayZMW 4,462.51');
  expect(quote).toHaveTextContent(/Valid toEnd of/);
  expect(within(d).getByRole('button', { name: 'Print quote' })).toBeInTheDocument();
  await userEvent.click(within(d).getByRole('button', { name: 'Record settlement' }));
  expect(within(d).getByLabelText(/Amount/)).toHaveValue('4462.51');
  await userEvent.type(within(d).getByLabelText(/Payment reference/), 'BANK-991');
  await userEvent.click(within(d).getByRole('button', { name: 'Settle and close' }));
  expect(await screen.findByText('Loan settled and closed.')).toBeInTheDocument();
  expect(lastRequest(url(LOAN_ACCOUNT_COMMAND_PATHS.settle), 'POST')?.body).toEqual({ amount: '4462.51', reference: 'BANK-991' });
});

it('offers no settlement to a user who may not add repayments', async () => {
  open([P.viewApplication]);
  await userEvent.click(screen.getByRole('button', { name: 'Settlement quote' }));
  const d = await dialog('Settlement quote for LA-2026-000007');
  await within(d).findByLabelText('Settlement quote');
  expect(within(d).queryByRole('button', { name: 'Record settlement' })).toBeNull();
});

it('records a recovery on a written-off loan; a 422 lands on its field', async () => {
  server.use(loanAccountCommandVariants.recovery.invalid);
  open(ALL, { ...loanAccountRow, state: 'written_off' });
  await userEvent.click(screen.getByRole('button', { name: 'Record recovery' }));
  const d = await dialog('Record a recovery on LA-2026-000007');
  await userEvent.type(within(d).getByLabelText(/Amount/), '300.00');
  await userEvent.type(within(d).getByLabelText(/Received on/), '2026-04-19');
  await userEvent.type(within(d).getByLabelText(/Payment reference/), 'MM-77');
  await userEvent.click(within(d).getByRole('button', { name: 'Record recovery' }));
  expect(await within(d).findByText('Must not be after today.')).toBeInTheDocument();
  server.use(loanAccountCommandVariants.recovery.ok);
  await userEvent.click(within(d).getByRole('button', { name: 'Record recovery' }));
  expect(await screen.findByText('Recovery of ZMW 300.00 recorded.')).toBeInTheDocument();
  expect(lastRequest(url(LOAN_ACCOUNT_COMMAND_PATHS.recovery), 'POST')?.body).toEqual({ amount: '300.00', paid_at: '2026-04-19', reference: 'MM-77' });
});
