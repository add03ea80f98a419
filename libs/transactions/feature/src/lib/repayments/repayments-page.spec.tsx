import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { P, REPAYMENT_PATHS, type PermissionName } from '@loan/shared-contract';
import { lastRequest, requestLog, setupApiServer } from '@loan/shared-data-access-api/testing';
import { renderScreen } from '@loan/shared-permissions/testing';
import { http, HttpResponse } from 'msw';
import { repaymentsHandlers, repaymentsVariants, uploadReportBad } from '@loan/transactions-data-access/testing';
import { RepaymentsPage } from './repayments-page';

const server = setupApiServer(...repaymentsHandlers);
const ALL: PermissionName[] = [P.viewRepayments, P.addRepayments, P.editRepayments, P.deleteRepayments];

function open(route = '/transactions/repayments', permissions: PermissionName[] = ALL) {
  return renderScreen(<RepaymentsPage />, { permissions, route, path: '/transactions/repayments' });
}

it('lists repayments with the totals of the filter and sends the filters held in the URL', async () => {
  open('/transactions/repayments?method=bank&fromDate=2026-03-01&status=active');
  const table = await screen.findByRole('table', { name: 'Repayments' });
  expect(await within(table).findAllByRole('row')).toHaveLength(16);
  expect(lastRequest(REPAYMENT_PATHS.list)?.query).toEqual({ page: '1', pageSize: '15', method: 'bank', fromDate: '2026-03-01', status: 'active' });
  expect(screen.getByText(/20 repayments totalling/)).toHaveTextContent('ZMW 15,260.00');
  expect(screen.getByRole('link', { name: /Export CSV/ })).toHaveAttribute('href', expect.stringContaining('/api/repayments/export?status=active&fromDate=2026-03-01&method=bank'));
});

it('shows the empty state', async () => {
  server.use(repaymentsVariants.list.empty);
  open();
  expect(await screen.findByText('No repayments')).toBeInTheDocument();
});

it('shows Could not load with a retry', async () => {
  server.use(repaymentsVariants.list.error);
  open();
  const retry = await screen.findByRole('button', { name: /Retry|Try again/ });
  server.use(repaymentsVariants.list.ok);
  await userEvent.click(retry);
  expect(await screen.findAllByText('MM-0001')).not.toHaveLength(0);
});

it('opens the add form from ?add=1 (the menu), shows the picked loan\'s balance and next instalment, and then the new balance', async () => {
  open('/transactions/repayments?add=1');
  const form = await screen.findByRole('form', { name: 'Add repayment' });
  const loan = await within(form).findByRole('radio', { name: /LA-2026-000101/ });
  await userEvent.click(loan);
  expect(within(form).getByText(/balance/, { selector: 'p' })).toHaveTextContent('balance ZMW 3,500.00, next No. 2 of 3: ZMW 1,500.00 on');
  await userEvent.type(within(form).getByLabelText(/Amount/), '1,500');
  await userEvent.type(within(form).getByLabelText(/Payment reference/), 'MM-NEW-1');
  await userEvent.click(within(form).getByRole('button', { name: 'Record repayment' }));
  await waitFor(() => expect(screen.queryByRole('form', { name: 'Add repayment' })).toBeNull());
  expect(lastRequest(REPAYMENT_PATHS.create)?.body).toMatchObject({ reference_code: 'LA-2026-000101', amount: '1500.00', method: 'mobile_money', reference: 'MM-NEW-1' });
  expect(screen.getByRole('status')).toHaveTextContent('Balance now ZMW 2,000.00; next instalment ZMW 1,500.00 on');
  expect(screen.getByTestId('location')).not.toHaveTextContent('add=1');
});

it('puts the server\'s refusals on their fields', async () => {
  server.use(repaymentsVariants.create.invalid);
  open('/transactions/repayments?add=1');
  const form = await screen.findByRole('form', { name: 'Add repayment' });
  await userEvent.click(await within(form).findByRole('radio', { name: /LA-2026-000101/ }));
  await userEvent.type(within(form).getByLabelText(/Amount/), '9000');
  await userEvent.type(within(form).getByLabelText(/Payment reference/), 'MM-1');
  await userEvent.click(within(form).getByRole('button', { name: 'Record repayment' }));
  expect(await within(form).findByText('More than the balance of ZMW 3,500.00.')).toBeInTheDocument();
  expect(within(form).getByText('This reference was already recorded.')).toBeInTheDocument();
});

it('refuses a form without a loan or with a bad amount before calling', async () => {
  open('/transactions/repayments?add=1');
  const form = await screen.findByRole('form', { name: 'Add repayment' });
  await userEvent.type(within(form).getByLabelText(/Amount/), '10.005');
  await userEvent.click(within(form).getByRole('button', { name: 'Record repayment' }));
  expect(await within(form).findByText('Choose the loan.')).toBeInTheDocument();
  expect(within(form).getByText(/at most two decimals/)).toBeInTheDocument();
  expect(lastRequest(REPAYMENT_PATHS.create)).toBeUndefined();
});

it('reverses a repayment only with a reason, after confirming', async () => {
  open();
  await userEvent.click(await screen.findByRole('button', { name: 'Reverse MM-0001' }));
  const dialog = await screen.findByRole('dialog', { name: 'Reverse this repayment?' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Reverse repayment' }));
  expect(await within(dialog).findByText('Give the reason for the reversal.')).toBeInTheDocument();
  await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Bounced at the bank');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Reverse repayment' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(lastRequest(REPAYMENT_PATHS.delete.replace(':id', '1'), 'DELETE')?.body).toEqual({ reason: 'Bounced at the bank' });
});

it('shows a printable receipt, and hides add, edit and reverse without their permissions', async () => {
  open('/transactions/repayments?add=1', [P.viewRepayments]);
  await userEvent.click(await screen.findByRole('button', { name: 'Receipt of MM-0002' }));
  const dialog = await screen.findByRole('dialog', { name: 'Receipt MM-0002' });
  expect(dialog).toHaveTextContent('AmountZMW 550.50');
  expect(within(dialog).getByRole('button', { name: 'Print receipt' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Add repayment' })).toBeNull();
  expect(screen.queryByRole('button', { name: /^Edit / })).toBeNull();
  expect(screen.queryByRole('button', { name: /^Reverse / })).toBeNull();
  expect(screen.queryByRole('form', { name: 'Add repayment' })).toBeNull();
});

describe('bulk upload', () => {
  const HEADER = 'reference_code,amount,paid_at,method,reference,note';
  const file = (text: string) => new File([text], 'march.csv', { type: 'text/csv' });

  it('previews the file, lists the server\'s errors by row and column with nothing saved, and saves a right file after confirming', async () => {
    open('/transactions/repayments?upload=1');
    const input = await screen.findByLabelText('CSV file');
    const csv = `${HEADER}\nLA-2026-000101,"1,500.00",2026-03-01,bank,B-1,\nLA-2026-000101,2000,2026-03-02,cash,C-1,\nLA-2026-000102,1000,2026-03-03,cash,C-2,\n`;
    await userEvent.upload(input, file(csv));
    const preview = await screen.findByRole('heading', { name: 'Preview of march.csv' });
    const card = preview.closest('section') as HTMLElement;
    expect(card).toHaveTextContent('Rows3');
    expect(card).toHaveTextContent('Total amountZMW 4,500.00');
    expect(card).toHaveTextContent('Loans2');
    expect(within(card).getAllByRole('row')).toHaveLength(4);

    server.use(repaymentsVariants.upload.ok);
    server.use(http.post(REPAYMENT_PATHS.bulkUpload, () => HttpResponse.json(uploadReportBad)));
    await userEvent.click(screen.getByRole('button', { name: 'Check every row' }));
    const problems = (await screen.findByRole('heading', { name: /2 problems found: nothing saved/ })).closest('section') as HTMLElement;
    expect(within(problems).getAllByRole('row')[1]).toHaveTextContent('Row 2amountMore than the balance left');
    expect(screen.getByRole('button', { name: 'Save all rows' })).toBeDisabled();
    expect(within(problems).getByRole('button', { name: 'Download the bad rows' })).toBeInTheDocument();

    server.use(repaymentsVariants.upload.ok);
    await userEvent.click(screen.getByRole('button', { name: 'Check every row' }));
    expect(await screen.findByText(/All 3 rows are right/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save all rows' }));
    const confirm = await screen.findByRole('dialog', { name: 'Save all rows?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Save all rows' }));
    expect(await screen.findByText(/Saved 3 repayments of 2 loans/)).toBeInTheDocument();
    const saves = requestLog.filter((r) => r.path === REPAYMENT_PATHS.bulkUpload && r.query['confirm'] === 'true');
    expect(saves).toHaveLength(1);
    // The chosen File itself is the body (text/csv), not JSON ({ csv }): jsdom's File does not
    // reach Node's fetch as bytes, so its content is asserted in the data-access spec.
    expect(typeof saves[0].body).toBe('string');
    expect(saves[0].query['file_name']).toBe('march.csv');
  });

  it('says when the first line is not the template header', async () => {
    open('/transactions/repayments?upload=1');
    await userEvent.upload(await screen.findByLabelText('CSV file'), file('a,b\n1,2\n'));
    expect(await screen.findByText(/not the template's header/)).toBeInTheDocument();
  });
});
