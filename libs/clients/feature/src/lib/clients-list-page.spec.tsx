import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CLIENTS_PATHS } from '@loan/shared-contract';
import {
  lastRequest,
  renderWithProviders,
  setupApiServer,
} from '@loan/shared-data-access-api/testing';
import { clientsVariants } from '@loan/clients-data-access/testing';
import { SCREENS } from '@loan/shared-screens';
import { ClientsListPage } from './clients-list-page';

const server = setupApiServer(clientsVariants.list.ok);
const TITLE = SCREENS.clients.title;

it('shows the first page newest first, and asks the api for what the URL holds', async () => {
  renderWithProviders(<ClientsListPage />, {
    route: '/clients?pageSize=25&search=1',
  });
  const table = await screen.findByRole('table', { name: TITLE });
  const rows = await within(table).findAllByRole('row');
  // A header row, then the 13 names holding a 1 (newest first).
  expect(rows).toHaveLength(14);
  expect(rows[1]).toHaveTextContent('Client 31');
  expect(lastRequest(CLIENTS_PATHS.list)?.query).toEqual({
    page: '1',
    pageSize: '25',
    search: '1',
  });
  expect(
    within(rows[1]).getByRole('link', { name: 'Client 31' }),
  ).toHaveAttribute('href', SCREENS.clientDetails.path.replace(':id', '31'));
});

it('keeps the page and the search in the URL and asks again', async () => {
  renderWithProviders(<ClientsListPage />, { route: '/clients' });
  await screen.findByRole('table', { name: TITLE });
  await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
  await waitFor(() =>
    expect(screen.getByTestId('location')).toHaveTextContent('?page=2'),
  );
  await screen.findByText('Client 25');
  expect(lastRequest(CLIENTS_PATHS.list)?.query).toEqual({
    page: '2',
    pageSize: '15',
  });
  await userEvent.type(
    screen.getByRole('searchbox', {
      name: 'Search by name, NRC, mobile or reference',
    }),
    '3{Enter}',
  );
  // The search goes to the URL just after the submit event (a plain navigation, not a form action).
  await waitFor(() =>
    expect(screen.getByTestId('location')).toHaveTextContent('?search=3'),
  );
  await screen.findByText('Client 33');
  expect(lastRequest(CLIENTS_PATHS.list)?.query).toEqual({
    page: '1',
    pageSize: '15',
    search: '3',
  });
});

it('says when there is nothing to show', async () => {
  server.use(clientsVariants.list.empty);
  renderWithProviders(<ClientsListPage />, { route: '/clients' });
  expect(
    await screen.findByText(`No ${TITLE.toLowerCase()}`),
  ).toBeInTheDocument();
});

it('shows "Could not load" with a Retry that asks again (NOTES.md), not an empty list', async () => {
  server.use(clientsVariants.list.error);
  renderWithProviders(<ClientsListPage />, { route: '/clients' });
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Could not load');
  server.use(clientsVariants.list.ok);
  await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
  // The table stays while it reloads (aria-busy): wait for the rows of the new answer.
  await waitFor(() =>
    expect(screen.getByRole('table', { name: TITLE })).toHaveTextContent(
      'Client 40',
    ),
  );
});
