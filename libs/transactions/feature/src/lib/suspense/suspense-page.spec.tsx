import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { COLLECTIONS_PATHS, P } from '@loan/shared-contract';
import { lastRequest, setupApiServer } from '@loan/shared-data-access-api/testing';
import { renderScreen } from '@loan/shared-permissions/testing';
import { suspenseConflict, suspenseHandlers, suspenseVariants } from '@loan/transactions-data-access/testing';
import { SuspensePage } from './suspense-page';

// The dialogs take several steps each; a loaded machine needs more than the default 5 s.
jest.setTimeout(30_000);
const LOADED = { timeout: 10_000 };
const server = setupApiServer(...suspenseHandlers);

function open(route = '/transactions/suspense') {
  return renderScreen(<SuspensePage />, { permissions: [P.viewTransactionModule, P.manageSuspense], route, path: '/transactions/suspense' });
}

it('lists the open lines first, pages, and sends the search and status held in the URL', async () => {
  open();
  const table = await screen.findByRole('table', { name: 'Suspense' }, LOADED);
  expect(await within(table).findAllByRole('row')).toHaveLength(16);
  expect(lastRequest(COLLECTIONS_PATHS.suspense)?.query).toEqual({ page: '1', pageSize: '15', status: 'open' });
  expect(screen.getByRole('button', { name: 'Open' })).toHaveAttribute('aria-pressed', 'true');
  await userEvent.click(screen.getByRole('button', { name: 'All' }));
  await waitFor(() => expect(lastRequest(COLLECTIONS_PATHS.suspense)?.query).toEqual({ page: '1', pageSize: '15' }));
  await userEvent.click(screen.getByRole('button', { name: /Next|Go to page 2/ }));
  await waitFor(() => expect(lastRequest(COLLECTIONS_PATHS.suspense)?.query).toMatchObject({ page: '2' }));
});

it('sends the search', async () => {
  open('/transactions/suspense?search=MTN7000003&status=all');
  await screen.findByRole('table', { name: 'Suspense' }, LOADED);
  expect(lastRequest(COLLECTIONS_PATHS.suspense)?.query).toEqual({ page: '1', pageSize: '15', search: 'MTN7000003' });
});

it('shows the empty state and the error with a retry', async () => {
  server.use(suspenseVariants.list.empty);
  const { unmount } = open();
  expect(await screen.findByText('Nothing in suspense')).toBeInTheDocument();
  unmount();
  server.use(suspenseVariants.list.error);
  open();
  const retry = await screen.findByRole('button', { name: /Retry|Try again/ });
  server.use(suspenseVariants.list.ok);
  await userEvent.click(retry);
  expect(await screen.findByRole('table', { name: 'Suspense' }, LOADED)).toBeInTheDocument();
});

it('matches a line to a loan after confirming: it becomes the loan\'s repayment', async () => {
  open();
  await userEvent.click(await screen.findByRole('button', { name: 'Match MTN7000001 to a loan' }, LOADED));
  const dialog = await screen.findByRole('dialog', { name: 'Match to a loan' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
  expect(within(dialog).getByRole('alert')).toHaveTextContent('Choose the loan');
  await userEvent.click(await within(dialog).findByRole('radio', { name: /LA-2026-000101/ }));
  await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
  const confirm = await screen.findByRole('dialog', { name: 'Match this payment?' });
  expect(confirm).toHaveTextContent('becomes a repayment of LA-2026-000101');
  await userEvent.click(within(confirm).getByRole('button', { name: 'Match and record repayment' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(lastRequest(COLLECTIONS_PATHS.suspenseMatch.replace(':id', '1'))?.body).toEqual({ application_id: 101 });
});

it('says so when the line left suspense already (409) and keeps the dialog open', async () => {
  server.use(suspenseConflict);
  open();
  await userEvent.click(await screen.findByRole('button', { name: 'Match MTN7000001 to a loan' }, LOADED));
  const dialog = await screen.findByRole('dialog', { name: 'Match to a loan' });
  await userEvent.click(await within(dialog).findByRole('radio', { name: /LA-2026-000101/ }));
  await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
  await userEvent.click(await screen.findByRole('button', { name: 'Match and record repayment' }));
  expect(await within(await screen.findByRole('dialog')).findByRole('alert')).toHaveTextContent('left suspense already');
});

it('marks a line refunded only with a reference, after confirming', async () => {
  open();
  await userEvent.click(await screen.findByRole('button', { name: 'Refund MTN7000002' }, LOADED));
  const dialog = await screen.findByRole('dialog', { name: 'Mark this payment refunded?' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Mark refunded' }));
  expect(await within(dialog).findByText('Enter the refund reference.')).toBeInTheDocument();
  expect(lastRequest(COLLECTIONS_PATHS.suspenseRefund.replace(':id', '2'))).toBeUndefined();
  await userEvent.type(within(dialog).getByLabelText(/Refund reference/), 'RF-1');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Mark refunded' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(lastRequest(COLLECTIONS_PATHS.suspenseRefund.replace(':id', '2'))?.body).toEqual({ refund_reference: 'RF-1' });
});
