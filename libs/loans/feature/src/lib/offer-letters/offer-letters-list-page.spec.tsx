import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { P, type PermissionName } from '@loan/shared-contract';
import { lastRequest, requestLog, setupApiServer } from '@loan/shared-data-access-api/testing';
import { renderScreen } from '@loan/shared-permissions/testing';
import { OFFER_LETTER_PATHS } from '@loan/loans-data-access';
import { offerLettersHandlers, offerLettersVariants } from '@loan/loans-data-access/testing';
import { OfferLettersListPage } from './offer-letters-list-page';

const server = setupApiServer(...offerLettersHandlers);
const VIEW: PermissionName[] = [P.viewLoanModule, P.viewLoanApplications, P.viewOfferLetter];
const open = (permissions = VIEW, route = '/loans/applications/offer-letter') => renderScreen(<OfferLettersListPage />, { permissions, route });

it('lists the letters with their state, rows linking to the details; tabs carry the counts from /card-stats', async () => {
  open();
  const row = (await screen.findByRole('link', { name: 'LA-2026-000101, Chanda Mulenga' })).closest('tr') as HTMLElement;
  expect(row).toHaveTextContent('Signed');
  expect(row).toHaveTextContent('ZMW 5,000.00');
  expect(within(row).getByRole('link')).toHaveAttribute('href', '/loans/applications/offer-letter/1');
  expect(screen.getByRole('link', { name: 'LA-2026-000105, Chanda Mulenga' }).closest('tr')).toHaveTextContent('Replaced');
  const tabs = screen.getByRole('navigation', { name: 'Contract states' });
  await waitFor(() => expect(within(tabs).getByRole('link', { name: /Pending/ })).toHaveTextContent('Pending10'));
  expect(within(tabs).getByRole('link', { name: /All/ })).toHaveTextContent('All30');
  expect(lastRequest(OFFER_LETTER_PATHS.all)?.query).toEqual({ page: '1', pageSize: '15' });
  expect(lastRequest(OFFER_LETTER_PATHS.cardStats)).toBeDefined();
});

it('a tab lists one state; search and the dates go together to /filter', async () => {
  open();
  await screen.findByRole('link', { name: /LA-2026-000101/ });
  await userEvent.click(within(screen.getByRole('navigation', { name: 'Contract states' })).getByRole('link', { name: /Signed/ }));
  await waitFor(() => expect(lastRequest(OFFER_LETTER_PATHS.all)?.query).toEqual({ page: '1', pageSize: '15', status: 'signed' }));
  expect(screen.queryByRole('link', { name: /LA-2026-000103/ })).not.toBeInTheDocument();
  await userEvent.type(screen.getByRole('searchbox'), 'Chanda{Enter}');
  await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
  await userEvent.type(screen.getByLabelText('Generated from'), '2026-11-02');
  await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
  await waitFor(() =>
    expect(lastRequest(OFFER_LETTER_PATHS.filter)?.query).toEqual({ page: '1', pageSize: '15', status: 'signed', search: 'Chanda', fromDate: '2026-11-02' }),
  );
});

it('shows the empty state, and "Could not load" with Retry', async () => {
  server.use(offerLettersVariants.list.empty);
  const first = open();
  expect(await screen.findByText('No contracts')).toBeInTheDocument();
  first.unmount();
  server.use(offerLettersVariants.list.error, offerLettersVariants.counts.error);
  open();
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Could not load');
  expect(await screen.findAllByText('(count not loaded)')).toHaveLength(4);
  server.use(offerLettersVariants.list.ok);
  await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
  expect(await screen.findByRole('link', { name: /LA-2026-000101/ })).toBeInTheDocument();
});

it('offers no selection without can send offer letter', async () => {
  open();
  await screen.findByRole('link', { name: /LA-2026-000101/ });
  expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
});

it('deletes only the unsigned selected letters after confirming; signed ones are reported as kept', async () => {
  open([...VIEW, P.sendOfferLetter]);
  await userEvent.click(await screen.findByRole('checkbox', { name: 'Select LA-2026-000101, Chanda Mulenga' }));
  await userEvent.click(screen.getByRole('checkbox', { name: 'Select LA-2026-000103, Joseph Tembo' }));
  await userEvent.click(within(screen.getByRole('toolbar', { name: 'Bulk actions' })).getByRole('button', { name: 'Delete' }));
  const dialog = screen.getByRole('dialog', { name: 'Delete offer letters?' });
  expect(dialog).toHaveTextContent('1 unsigned letter (LA-2026-000103) will be deleted');
  expect(dialog).toHaveTextContent('1 signed letter is kept');
  requestLog.length = 0;
  await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
  expect(await screen.findByText('1 offer letter deleted.')).toBeInTheDocument();
  expect(lastRequest(OFFER_LETTER_PATHS.delete, 'DELETE')?.body).toEqual({ ids: [3] });
  expect(await screen.findByText(/LA-2026-000101: Signed letters are kept\./)).toBeInTheDocument();
  await waitFor(() => expect(requestLog.some((r) => r.path === OFFER_LETTER_PATHS.all)).toBe(true));
});
