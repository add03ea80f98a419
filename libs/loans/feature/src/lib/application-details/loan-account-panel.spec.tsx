import type { ReactElement } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { P } from '@loan/shared-contract';
import { lastRequest, requestLog, setupApiServer } from '@loan/shared-data-access-api/testing';
import { renderScreen } from '@loan/shared-permissions/testing';
import { loanAccountRow, loanAccountVariants } from '@loan/loans-data-access/testing';
import { LoanAccountPanel } from './loan-account-panel';

const variants = loanAccountVariants();
const server = setupApiServer(variants.details.ok);

// A viewer: the panel's actions read the role (only the settlement quote is offered).
const open = (ui: ReactElement) => renderScreen(ui, { permissions: [P.viewApplication] });
const card = (title: string | RegExp) => screen.getByRole('heading', { name: title }).closest('section') as HTMLElement;
const rows = (caption: string) => within(screen.getByRole('table', { name: caption })).getAllByRole('row');

it('shows the state, the balance by part, the schedule per instalment and the ledger newest first', async () => {
  open(<LoanAccountPanel loanId={7} status="approved" reference="LA-2026-000007" />);
  const balance = await screen.findByLabelText('Outstanding by part');
  expect(lastRequest('/api/loan-accounts/7')).toBeDefined();
  expect(card(/^Loan account/)).toHaveTextContent('Active');
  expect(balance).toHaveTextContent('PrincipalZMW 3,995.84');
  expect(balance).toHaveTextContent('InterestZMW 1,000.00');
  expect(balance).toHaveTextContent('FeesZMW 100.00');
  expect(balance).toHaveTextContent('PenaltiesZMW 0.00');
  expect(balance).toHaveTextContent('Total outstandingZMW 5,095.84');
  expect(card(/^Loan account/)).toHaveTextContent(/Next instalmentNo\. 2, ZMW 662\.50 on/);

  const schedule = rows('Schedule by part');
  expect(schedule).toHaveLength(7); // header + 6 instalments
  expect(within(schedule[0]).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
    'No.', 'Due date', 'Principal', 'Interest', 'Fees', 'Penalty', 'Paid', 'Outstanding', 'Status',
  ]);
  expect(schedule[2]).toHaveTextContent(/^2.*833\.33250\.0025\.0054\.17500\.00662\.50Overdue$/);
  expect(schedule[1]).toHaveTextContent(/Paid$/);

  const ledger = rows('Transactions');
  expect(ledger).toHaveLength(8);
  expect(ledger[1]).toHaveTextContent('Repayment reversed');
  expect(ledger[1]).toHaveTextContent('Keyed twice');
  expect(ledger[7]).toHaveTextContent('Disbursement');
});

it('shows a superseded allocation muted, struck through and labelled', async () => {
  open(<LoanAccountPanel loanId={7} status="approved" reference="LA-2026-000007" />);
  await screen.findByRole('table', { name: 'Transactions' });
  const superseded = rows('Transactions').filter((r) => within(r).queryByText('Superseded'));
  expect(superseded).toHaveLength(1);
  expect(superseded[0]).toHaveTextContent('-225.00');
  expect(within(superseded[0]).getByText('500.00')).toHaveClass('line-through');
  const live = rows('Transactions').find((r) => r.textContent?.includes('-170.83')) as HTMLElement;
  expect(within(live).getByText('500.00')).not.toHaveClass('line-through');
  // A backdated row says when it was booked.
  expect(rows('Transactions')[6]).toHaveTextContent(/Booked/);
});

it('shows a written-off account as such', async () => {
  server.use(loanAccountVariants({ ...loanAccountRow, state: 'written_off' }).details.ok);
  open(<LoanAccountPanel loanId={7} status="closed" reference="LA-2026-000007" />);
  expect(await screen.findByText('Written off')).toBeInTheDocument();
});

it('shows a loan just paid out: nothing paid, one ledger row', async () => {
  server.use(variants.details.empty);
  open(<LoanAccountPanel loanId={7} status="approved" reference="LA-2026-000007" />);
  expect(await screen.findByLabelText('Outstanding by part')).toHaveTextContent('Total outstandingZMW 6,650.00');
  expect(rows('Transactions')).toHaveLength(2);
});

it('asks nothing for a request or a rejected application, and shows nothing for a loan not paid out (404)', async () => {
  requestLog.length = 0;
  const { unmount } = open(<LoanAccountPanel loanId={7} status="request" reference="LA-2026-000007" />);
  expect(screen.queryByRole('heading')).toBeNull();
  expect(requestLog.filter((r) => r.path.startsWith('/api/loan-accounts'))).toEqual([]);
  unmount();
  server.use(variants.details.none);
  open(<LoanAccountPanel loanId={7} status="approved" reference="LA-2026-000007" />);
  await waitFor(() => expect(requestLog.some((r) => r.path === '/api/loan-accounts/7')).toBe(true));
  await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
  expect(screen.queryByRole('heading')).toBeNull();
  expect(screen.queryByRole('alert')).toBeNull();
});

it('shows the loading state, then offers a retry when the account could not be loaded', async () => {
  server.use(variants.details.error);
  open(<LoanAccountPanel loanId={7} status="approved" reference="LA-2026-000007" />);
  expect(screen.getByRole('status', { name: 'Loading the loan account...' })).toBeInTheDocument();
  expect(await screen.findByText('Could not load the loan account')).toBeInTheDocument();
  server.use(variants.details.ok);
  await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByLabelText('Outstanding by part')).toBeInTheDocument();
});
