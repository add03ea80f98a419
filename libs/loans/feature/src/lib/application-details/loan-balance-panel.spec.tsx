import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LOAN_DISK_PATHS } from '@loan/shared-contract';
import { lastRequest, requestLog, setupApiServer } from '@loan/shared-data-access-api/testing';
import { renderWithProviders } from '@loan/shared-data-access-api/testing';
import { loanDiskVariants } from '@loan/loans-data-access/testing';
import { LoanBalancePanel } from './loan-balance-panel';

const server = setupApiServer(loanDiskVariants.byId.ok);

const card = (title: RegExp | string) => screen.getByRole('heading', { name: title }).closest('section') as HTMLElement;

it('shows the balance, next instalment, days past due, the schedule and the repayments of the loan', async () => {
  renderWithProviders(<LoanBalancePanel loanId={7} status="approved" />);
  const facts = (await screen.findByText('Overdue', { selector: 'span' })).closest('section') as HTMLElement;
  expect(lastRequest(LOAN_DISK_PATHS.loanById)?.query).toEqual({ id: '7' });
  expect(facts).toHaveTextContent('Total dueZMW 6,000.00');
  expect(facts).toHaveTextContent('PaidZMW 2,500.00');
  expect(facts).toHaveTextContent('BalanceZMW 3,500.00');
  expect(facts).toHaveTextContent(/Next instalmentNo\. 2 of 3, ZMW 1,500\.00 on/);
  expect(facts).toHaveTextContent('Days past due255');
  const rows = within(card('Schedule')).getAllByRole('row');
  expect(rows).toHaveLength(4);
  expect(rows[2]).toHaveTextContent(/2.*ZMW 2,000\.00ZMW 500\.00ZMW 1,500\.00Overdue/);
  const repayments = card('Repayments');
  expect(within(repayments).getAllByRole('row')).toHaveLength(4);
  expect(repayments).toHaveTextContent('Reversed: Keyed twice');
});

it('prints a statement with the schedule and the repayments', async () => {
  const print = jest.fn();
  jest.spyOn(HTMLIFrameElement.prototype, 'contentWindow', 'get').mockImplementation(function (this: HTMLIFrameElement) {
    return Object.assign(Object.create(this.ownerDocument.defaultView as Window), { print, focus: jest.fn(), addEventListener: jest.fn() });
  });
  renderWithProviders(<LoanBalancePanel loanId={7} status="closed" />);
  await userEvent.click(await screen.findByRole('button', { name: 'Print statement' }));
  expect(print).toHaveBeenCalled();
  const frame = document.querySelector('iframe') as HTMLIFrameElement;
  expect(frame.contentDocument?.title).toBe('Statement LA-2026-000007');
  expect(frame.contentDocument?.body.textContent).toContain('Loan statement LA-2026-000007');
  expect(frame.contentDocument?.body.textContent).toContain('Chanda Mulenga');
  jest.restoreAllMocks();
});

it('says the schedule starts at disbursement for a loan not paid out yet', async () => {
  server.use(loanDiskVariants.byId.empty);
  renderWithProviders(<LoanBalancePanel loanId={7} status="approved" />);
  expect(await screen.findByText('The schedule starts when the loan is disbursed.')).toBeInTheDocument();
  expect(screen.getByText('No repayments yet.')).toBeInTheDocument();
});

it('shows nothing and calls nothing for a request or a rejected application', () => {
  requestLog.length = 0;
  renderWithProviders(<LoanBalancePanel loanId={7} status="request" />);
  expect(screen.queryByRole('heading')).toBeNull();
  expect(requestLog).toEqual([]);
});

it('offers a retry when the balance could not be loaded', async () => {
  server.use(loanDiskVariants.byId.error);
  renderWithProviders(<LoanBalancePanel loanId={7} status="approved" />);
  expect(await screen.findByText('Could not load the balance')).toBeInTheDocument();
  server.use(loanDiskVariants.byId.ok);
  await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByText('Overdue', { selector: 'span' })).toBeInTheDocument();
});
