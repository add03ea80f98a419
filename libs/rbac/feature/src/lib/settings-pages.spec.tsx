import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { P, SETTINGS_PATHS } from '@loan/shared-contract';
import { lastRequest, setupApiServer } from '@loan/shared-data-access-api/testing';
import { renderScreen } from '@loan/shared-permissions/testing';
import { settingsVariants, usersHandlers } from '@loan/rbac-data-access/testing';
import { BranchesPage } from './branches-page';
import { LoanProductPage } from './loan-product-page';

// Forms typed key by key take a while on a busy CI machine.
jest.setTimeout(20_000);
const server = setupApiServer(...usersHandlers);
const perms = [P.viewSettingsModule, P.editSettings];

describe('branches', () => {
  it('lists branches with their status and edits one; the 422 lands on the field', async () => {
    renderScreen(<BranchesPage />, { permissions: perms, route: '/settings/branches' });
    const table = await screen.findByRole('table', { name: 'Branches' });
    // The table is on screen (busy) before its rows arrive: wait for the rows themselves.
    expect(await within(table).findByRole('row', { name: /Kitwe/ })).toHaveTextContent('Inactive');
    await userEvent.click(within(table).getByRole('button', { name: 'Edit Ndola' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit branch' });
    server.use(settingsVariants.saveBranch.invalid);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The code has already been taken.')).toBeInTheDocument();
    server.use(settingsVariants.saveBranch.ok);
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Active/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(lastRequest(SETTINGS_PATHS.branchSave, 'POST')?.body).toEqual({ id: 2, name: 'Ndola', code: 'NDL', active: false }));
  });

  it("sets a branch's SMS sender name (at most 11 characters), checked before it is sent", async () => {
    renderScreen(<BranchesPage />, { permissions: perms, route: '/settings/branches' });
    const table = await screen.findByRole('table', { name: 'Branches' });
    await userEvent.click(await within(table).findByRole('button', { name: 'Edit Ndola' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit branch' });
    const sender = within(dialog).getByLabelText(/^SMS sender name/);
    await userEvent.type(sender, 'NDOLA LOANS ZM');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('At most 11 characters.')).toBeInTheDocument();
    await userEvent.clear(sender);
    await userEvent.type(sender, 'NDOLA LOANS');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(lastRequest(SETTINGS_PATHS.branchSave, 'POST')?.body).toEqual({ id: 2, name: 'Ndola', code: 'NDL', active: true, sms_sender_name: 'NDOLA LOANS' }));
  });

  it('shows Could not load with a Retry', async () => {
    server.use(settingsVariants.branches.error);
    renderScreen(<BranchesPage />, { permissions: perms, route: '/settings/branches' });
    expect(await screen.findByText('Could not load')).toBeInTheDocument();
  });
});

describe('loan product', () => {
  it('shows the settings and saves them; 422s land on the fields', async () => {
    renderScreen(<LoanProductPage />, { permissions: perms, route: '/settings/loan-product' });
    const rate = await screen.findByLabelText(/Flat monthly rate/);
    expect(rate).toHaveValue('5.00');
    expect(screen.getByLabelText(/Terms and conditions of offer letters \(version 2\)/)).toBeInTheDocument();
    await userEvent.clear(rate);
    await userEvent.type(rate, '4.5');
    server.use(settingsVariants.saveLoanProduct.invalid);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a percentage from 0 to 100, with up to two decimals.')).toBeInTheDocument();
    server.use(settingsVariants.saveLoanProduct.ok);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(lastRequest(SETTINGS_PATHS.loanProduct, 'PUT')?.body).toMatchObject({ flat_rate_percent: '4.5', min_tenure: 1, offer_valid_days: 7 }));
  });

  it('checks the ranges before sending', async () => {
    renderScreen(<LoanProductPage />, { permissions: perms, route: '/settings/loan-product' });
    const shortest = await screen.findByLabelText(/Shortest tenure/);
    await userEvent.clear(shortest);
    await userEvent.type(shortest, '99');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The shortest tenure must not exceed the longest.')).toBeInTheDocument();
  });

  it('shows Could not load with a Retry', async () => {
    server.use(settingsVariants.loanProduct.error);
    renderScreen(<LoanProductPage />, { permissions: perms, route: '/settings/loan-product' });
    expect(await screen.findByText('Could not load')).toBeInTheDocument();
  });
});
