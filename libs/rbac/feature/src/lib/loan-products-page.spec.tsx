import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LOAN_PRODUCTS_PATHS, P } from '@loan/shared-contract';
import { lastRequest, setupApiServer } from '@loan/shared-data-access-api/testing';
import { renderScreen } from '@loan/shared-permissions/testing';
import { loanProductsVariants, usersHandlers } from '@loan/rbac-data-access/testing';
import { LoanProductsPage } from './loan-products-page';

// Forms typed key by key take a while on a busy CI machine.
jest.setTimeout(30_000);
const server = setupApiServer(...usersHandlers);
const perms = [P.viewSettingsModule, P.editSettings];
const route = '/settings/loan-products';

describe('loan products', () => {
  it('lists every product with its current terms; the default and inactive ones marked', async () => {
    renderScreen(<LoanProductsPage />, { permissions: perms, route });
    const table = await screen.findByRole('table', { name: 'Loan Products' });
    const standard = await within(table).findByRole('row', { name: /Standard/ });
    expect(standard).toHaveTextContent('Default');
    expect(standard).toHaveTextContent('Processing fee 2.50% (deducted)');
    expect(within(table).getByRole('row', { name: /Legacy flat/ })).toHaveTextContent('Inactive');
    // The default product can be neither deactivated nor made default again.
    expect(within(standard).queryByRole('button', { name: /Deactivate/ })).not.toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Make default: Salary declining' })).toBeInTheDocument();
  });

  it('shows the empty state, and Could not load with a Retry', async () => {
    server.use(loanProductsVariants.list.empty);
    const { unmount } = renderScreen(<LoanProductsPage />, { permissions: perms, route });
    expect(await screen.findByText('No loan products')).toBeInTheDocument();
    unmount();
    server.use(loanProductsVariants.list.error);
    renderScreen(<LoanProductsPage />, { permissions: perms, route });
    expect(await screen.findByText('Could not load')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('deactivates a product after a confirmation', async () => {
    renderScreen(<LoanProductsPage />, { permissions: perms, route });
    await userEvent.click(await screen.findByRole('button', { name: 'Deactivate Salary declining' }));
    const dialog = screen.getByRole('dialog', { name: /Deactivate Salary declining/ });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(lastRequest(LOAN_PRODUCTS_PATHS.deactivate.replace(':id', '3'), 'POST')).toBeDefined());
    expect(await screen.findByText('Loan product deactivated.')).toBeInTheDocument();
  });

  it('creates a product: fees, penalty, allocation order by keyboard; the preview follows the terms as typed', async () => {
    renderScreen(<LoanProductsPage />, { permissions: perms, route });
    await userEvent.click(await screen.findByRole('button', { name: 'Add product' }));
    const form = screen.getByRole('form', { name: 'Loan product' });
    await userEvent.type(within(form).getByLabelText(/^Name/), 'Salary 12');
    await userEvent.type(within(form).getByLabelText(/^Code/), 'sal-12');
    await userEvent.selectOptions(within(form).getByLabelText(/^Interest method/), 'declining');
    await userEvent.type(within(form).getByLabelText(/^Monthly rate/), '4');
    const preview = screen.getByRole('region', { name: 'Preview' });
    // 10,000 over 6 months at 4 % declining: the annuity 1,907.62.
    expect(await within(preview).findByText('ZMW 1,907.62')).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: 'Add fee' }));
    const fee = within(form).getByRole('group', { name: 'Fee 1' });
    await userEvent.type(within(fee).getByLabelText(/^Fee name/), 'Processing fee');
    await userEvent.type(within(fee).getByLabelText(/^Value/), '3');
    // A 3 % deducted fee: 9,700.00 paid out.
    expect(await within(preview).findByText('ZMW 9,700.00')).toBeInTheDocument();
    await userEvent.click(within(form).getByLabelText('Charge a penalty on late instalments'));
    await userEvent.type(within(form).getByLabelText(/^Penalty value/), '5');
    const order = within(form).getByRole('list', { name: 'Allocation order' });
    within(form).getByRole('button', { name: 'Move Interest up' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(within(order).getAllByRole('listitem').map((li) => li.textContent?.slice(0, 12))).toEqual(['1. Penalties', '2. InterestU', '3. FeesUpDow', '4. Principal']);
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(lastRequest(LOAN_PRODUCTS_PATHS.create, 'POST')?.body).toMatchObject({
        code: 'sal-12',
        name: 'Salary 12',
        interest_method: 'declining',
        monthly_rate_percent: '4',
        fees: [{ name: 'Processing fee', kind: 'processing', calc: 'percent', value: '3', when: 'deducted' }],
        penalty: { calc: 'percent', value: '5', grace_days: 0, stop_months_after_maturity: 3 },
        allocation_order: ['penalty', 'interest', 'fees', 'principal'],
      }),
    );
  });

  it("checks the terms with the rules before sending, and puts the api's 422 on the fields", async () => {
    renderScreen(<LoanProductsPage />, { permissions: perms, route });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Salary declining' }));
    const form = screen.getByRole('form', { name: 'Loan product' });
    const rate = within(form).getByLabelText(/^Monthly rate/);
    expect(rate).toHaveValue('4.00');
    await userEvent.clear(rate);
    await userEvent.type(rate, '150');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('The monthly rate is a percent from 0 to 100 with at most 4 decimals.')).toBeInTheDocument();
    expect(lastRequest(LOAN_PRODUCTS_PATHS.update.replace(':id', '3'), 'PUT')).toBeUndefined();
    await userEvent.clear(rate);
    await userEvent.type(rate, '3.5');
    server.use(loanProductsVariants.update.invalid);
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('The fee is a percent more than 0 and at most 100, with at most 2 decimals.')).toBeInTheDocument();
  });
});
