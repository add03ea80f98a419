import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { COMMUNICATION_PATHS, P } from '@loan/shared-contract';
import { lastRequest, setupApiServer } from '@loan/shared-data-access-api/testing';
import { renderScreen } from '@loan/shared-permissions/testing';
import { communicationVariants } from '@loan/communication-data-access/testing';
import { SCREENS } from '@loan/shared-screens';
import { CommunicationListPage } from './communication-list-page';

const server = setupApiServer(communicationVariants.list.ok, communicationVariants.drafts.ok);
const TITLE = SCREENS.communication.title;

it('shows the first page newest first, and asks the api for what the URL holds', async () => {
  renderScreen(<CommunicationListPage />, { permissions: [P.viewCommunicationModule], route: '/communication?pageSize=25&search=1' });
  const table = await screen.findByRole('table', { name: TITLE });
  const rows = await within(table).findAllByRole('row');
  // A header row, then the 13 names holding a 1 (newest first).
  expect(rows).toHaveLength(14);
  expect(rows[1]).toHaveTextContent('Client 31');
  expect(lastRequest(COMMUNICATION_PATHS.list)?.query).toEqual({ page: '1', pageSize: '25', search: '1' });
  expect(within(rows[1]).getByRole('link', { name: 'Client 31' })).toHaveAttribute(
    'href',
    SCREENS.messageDetails.path.replace(':id', '31'),
  );
});

it('keeps the page and the search in the URL and asks again', async () => {
  renderScreen(<CommunicationListPage />, { permissions: [P.viewCommunicationModule], route: '/communication' });
  await screen.findByRole('table', { name: TITLE });
  await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('?page=2'));
  await screen.findByText('Client 25');
  expect(lastRequest(COMMUNICATION_PATHS.list)?.query).toEqual({ page: '2', pageSize: '15' });
  await userEvent.type(screen.getByRole('searchbox', { name: 'Search by client or recipient' }), '3{Enter}');
  // The search goes to the URL just after the submit event (a plain navigation, not a form action).
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('?search=3'));
  await screen.findByText('Client 33');
  expect(lastRequest(COMMUNICATION_PATHS.list)?.query).toEqual({ page: '1', pageSize: '15', search: '3' });
});

it('says when there is nothing to show', async () => {
  server.use(communicationVariants.list.empty);
  renderScreen(<CommunicationListPage />, { permissions: [P.viewCommunicationModule], route: '/communication' });
  expect(await screen.findByText(`No ${TITLE.toLowerCase()}`)).toBeInTheDocument();
});

it('shows "Could not load" with a Retry that asks again (NOTES.md), not an empty list', async () => {
  server.use(communicationVariants.list.error);
  renderScreen(<CommunicationListPage />, { permissions: [P.viewCommunicationModule], route: '/communication' });
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Could not load');
  server.use(communicationVariants.list.ok);
  await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
  // The table stays while it reloads (aria-busy): wait for the rows of the new answer.
  await waitFor(() => expect(screen.getByRole('table', { name: TITLE })).toHaveTextContent('Client 40'));
});

it('filters by channel, status and dates; the filters go to the URL and to the api', async () => {
  renderScreen(<CommunicationListPage />, { permissions: [P.viewCommunicationModule], route: '/communication' });
  await screen.findByRole('table', { name: TITLE });
  await userEvent.click(screen.getByRole('button', { name: /Filters/ }));
  await userEvent.selectOptions(screen.getByLabelText('Channel'), 'email');
  await userEvent.selectOptions(screen.getByLabelText('Status'), 'queued');
  await userEvent.type(screen.getByLabelText('From date'), '2026-01-01');
  await userEvent.type(screen.getByLabelText('To date'), '2026-01-31');
  await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('channel=email'));
  await waitFor(() =>
    expect(lastRequest(COMMUNICATION_PATHS.list)?.query).toEqual({ page: '1', pageSize: '15', channel: 'email', status: 'queued', fromDate: '2026-01-01', toDate: '2026-01-31' }),
  );
  // Every row the answer holds is a queued e-mail (n % 4 === 0 in the fixtures).
  const rows = within(await screen.findByRole('table', { name: TITLE })).getAllByRole('row').slice(1);
  expect(rows.length).toBeGreaterThan(0);
  for (const r of rows) expect(r).toHaveTextContent(/E-mail.*queued/);
});
