import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCOUNTING_PATHS } from '@loan/shared-contract';
import { lastRequest, renderWithProviders, setupApiServer } from '@loan/shared-data-access-api/testing';
import { accountingVariants } from '@loan/accounting-data-access/testing';
import { SCREENS } from '@loan/shared-screens';
import { AccountingListPage } from './accounting-list-page';

const server = setupApiServer(accountingVariants.list.ok);
const TITLE = SCREENS.accounting.title;

it('shows the first page by code, and asks the api for what the URL holds', async () => {
  renderWithProviders(<AccountingListPage />, { route: '/accounting/accounts?pageSize=25&search=account%203' });
  const table = await screen.findByRole('table', { name: TITLE });
  const rows = await within(table).findAllByRole('row');
  // A header row, then the 11 names holding "account 3" (3, 30..39), by code.
  expect(rows).toHaveLength(12);
  expect(rows[1]).toHaveTextContent('1003');
  expect(rows[2]).toHaveTextContent('1030');
  expect(lastRequest(ACCOUNTING_PATHS.list)?.query).toEqual({ page: '1', pageSize: '25', search: 'account 3' });
});

it('keeps the page and the search in the URL and asks again', async () => {
  renderWithProviders(<AccountingListPage />, { route: '/accounting/accounts' });
  await screen.findByRole('table', { name: TITLE });
  await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('?page=2'));
  await screen.findByText('Gl account 25');
  expect(lastRequest(ACCOUNTING_PATHS.list)?.query).toEqual({ page: '2', pageSize: '15' });
  await userEvent.type(screen.getByRole('searchbox', { name: 'Search by code or name' }), '3{Enter}');
  // The search goes to the URL just after the submit event (a plain navigation, not a form action).
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('?search=3'));
  await screen.findByText('Gl account 33');
  expect(lastRequest(ACCOUNTING_PATHS.list)?.query).toEqual({ page: '1', pageSize: '15', search: '3' });
});

it('says when there is nothing to show', async () => {
  server.use(accountingVariants.list.empty);
  renderWithProviders(<AccountingListPage />, { route: '/accounting/accounts' });
  expect(await screen.findByText(`No ${TITLE.toLowerCase()}`)).toBeInTheDocument();
});

it('shows "Could not load" with a Retry that asks again (NOTES.md), not an empty list', async () => {
  server.use(accountingVariants.list.error);
  renderWithProviders(<AccountingListPage />, { route: '/accounting/accounts' });
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Could not load');
  server.use(accountingVariants.list.ok);
  await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
  // The table stays while it reloads (aria-busy): wait for the rows of the new answer.
  await waitFor(() => expect(screen.getByRole('table', { name: TITLE })).toHaveTextContent('1001'));
});
