import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import userEvent from '@testing-library/user-event';
import { P, type PermissionName } from '@loan/shared-contract';
import { lastRequest, requestLog, setupApiServer } from '@loan/shared-data-access-api/testing';
import { renderScreen } from '@loan/shared-permissions/testing';
import { APPLICATION_PATHS } from '@loan/loans-data-access';
import { answerList, applicationsHandlers, applicationsVariants, makeApplication, monthTotal } from '@loan/loans-data-access/testing';
import { ApplicationsListPage } from './applications-list-page';

const server = setupApiServer(...applicationsHandlers);

const REQUESTS: PermissionName[] = [P.viewLoanModule, P.viewLoanApplications, P.viewRequestApplications];

function open(status: 'request' | 'approved' = 'request', permissions: PermissionName[] = REQUESTS, route = '/loans/applications/requests') {
  return renderScreen(<ApplicationsListPage status={status} />, { permissions, route });
}

const table = () => screen.getByRole('table', { name: 'Application Requests' });

it('lists the requests with their columns, rows linking to the details', async () => {
  open();
  const row = (await screen.findByRole('link', { name: 'LA-2026-000004, Grace Zulu' })).closest('tr') as HTMLElement;
  expect(row).toHaveTextContent('Grace Zulu');
  expect(row).toHaveTextContent('Zambia Sugar');
  expect(row).toHaveTextContent('ZMW 2,000.00'); // amount
  expect(row).toHaveTextContent('ZMW 2,600.00'); // total due
  expect(within(row).getByRole('link')).toHaveAttribute('href', '/loans/applications/4');
  expect(within(table()).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
    'Reference', 'Client', 'NRC', 'Mobile', 'Employer', 'Branch', 'Amount', 'Total due', 'Date',
  ]);
  expect(lastRequest(APPLICATION_PATHS.byStatus)?.query).toEqual({ status: 'request', page: '1', pageSize: '15', sort: '-created_at' });
});

it("shows the month's total from /total-value without a branch", async () => {
  open();
  expect(await screen.findByText(`ZMW ${monthTotal.formatted_total}`)).toBeInTheDocument();
  const q = lastRequest(APPLICATION_PATHS.totalValue)?.query;
  expect(q).toMatchObject({ status: 'request' });
  expect(q).not.toHaveProperty('branch');
  expect(q?.['month']).toMatch(/^(0[1-9]|1[0-2])$/);
});

it("falls back to '0.00' when the total fails and no shown row is from this month", async () => {
  server.use(applicationsVariants.totalValue.error);
  open();
  await screen.findByRole('link', { name: /LA-2026-000004/ });
  expect(await screen.findByText('Summed from the rows shown: the total could not be loaded.')).toBeInTheDocument();
  expect(screen.getByTestId('month-total')).toHaveTextContent('ZMW 0.00');
});

it("sums this month's rows on the client when /total-value fails (spec §7)", async () => {
  const now = new Date().toISOString();
  const rows = [
    makeApplication(1, { status: 'request', created_at: now, total_amount_due: '1000.25' }),
    makeApplication(2, { status: 'request', created_at: now, total_amount_due: '11500.00' }),
    makeApplication(3, { status: 'request', created_at: '2020-01-15T08:00:00.000Z', total_amount_due: '999.00' }),
  ];
  server.use(applicationsVariants.totalValue.error, http.get(APPLICATION_PATHS.byStatus, ({ request }) => HttpResponse.json(answerList(rows, Object.fromEntries(new URL(request.url).searchParams)))));
  open();
  await waitFor(() => expect(screen.getByTestId('month-total')).toHaveTextContent('ZMW 12,500.25'));
});

it('shows the tabs the user may open, with their counts', async () => {
  open('request', [...REQUESTS, P.viewRejectedApplications]);
  const tabs = screen.getByRole('navigation', { name: 'Application statuses' });
  await waitFor(() => expect(within(tabs).getByRole('link', { name: /Requests/ })).toHaveTextContent('Requests10'));
  expect(within(tabs).getByRole('link', { name: /Rejected/ })).toHaveAttribute('href', '/loans/applications/rejected');
  expect(within(tabs).queryByRole('link', { name: /Approved/ })).not.toBeInTheDocument();
});

it('shows the empty state, and "Could not load" with Retry on failure', async () => {
  server.use(applicationsVariants.list.empty);
  const first = open();
  expect(await screen.findByText('No application requests')).toBeInTheDocument();
  first.unmount();
  server.use(applicationsVariants.list.error);
  open();
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Could not load');
  server.use(applicationsVariants.list.ok);
  await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
  expect(await screen.findByRole('link', { name: /LA-2026-000004/ })).toBeInTheDocument();
});

it('filters through /filter with the status and the chosen fields', async () => {
  open();
  await screen.findByRole('link', { name: /LA-2026-000004/ });
  await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
  await userEvent.type(screen.getByLabelText('Employer'), 'ZESCO');
  await userEvent.selectOptions(screen.getByLabelText('Branch'), 'Ndola');
  await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
  await waitFor(() => expect(lastRequest(APPLICATION_PATHS.filter)?.query).toEqual({ status: 'request', page: '1', pageSize: '15', sort: '-created_at', employer: 'ZESCO', branch: 'Ndola' }));
  expect(screen.getByTestId('location')).toHaveTextContent('employer=ZESCO');
});

it('keeps the search when filtering: both go to /filter together', async () => {
  open();
  await screen.findByRole('link', { name: /LA-2026-000004/ });
  await userEvent.type(screen.getByRole('searchbox'), 'Grace{Enter}');
  await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
  await userEvent.type(screen.getByLabelText('Employer'), 'ZESCO');
  await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
  await waitFor(() => expect(lastRequest(APPLICATION_PATHS.filter)?.query).toMatchObject({ employer: 'ZESCO', search: 'Grace' }));
});

it('offers no selection without can delete application', async () => {
  open();
  await screen.findByRole('link', { name: /LA-2026-000004/ });
  expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
});

it('deletes the selected rows after confirming, and reports refused ones', async () => {
  open('request', [...REQUESTS, P.deleteApplication]);
  await userEvent.click(await screen.findByRole('checkbox', { name: 'Select LA-2026-000004, Grace Zulu' }));
  await userEvent.click(screen.getByRole('checkbox', { name: 'Select LA-2026-000008, Natasha Phiri' }));
  await userEvent.click(within(screen.getByRole('toolbar', { name: 'Bulk actions' })).getByRole('button', { name: 'Delete' }));
  const dialog = screen.getByRole('dialog', { name: 'Delete applications?' });
  expect(dialog).toHaveTextContent('2 applications (LA-2026-000004, LA-2026-000008) will be deleted');
  requestLog.length = 0;
  await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
  expect(await screen.findByText('2 applications deleted.')).toBeInTheDocument(); // toast from the endpoint
  expect(lastRequest(APPLICATION_PATHS.delete, 'DELETE')?.body).toEqual({ ids: [4, 8] });
  // The list and the counts are fetched again (tag invalidation).
  await waitFor(() => expect(requestLog.some((r) => r.path === APPLICATION_PATHS.byStatus)).toBe(true));

  server.use(applicationsVariants.delete.invalid);
  await userEvent.click(await screen.findByRole('checkbox', { name: 'Select LA-2026-000012, Mwila Banda' }));
  await userEvent.click(within(screen.getByRole('toolbar', { name: 'Bulk actions' })).getByRole('button', { name: 'Delete' }));
  await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
  expect(await screen.findByText(/LA-2026-000012: /)).toBeInTheDocument();
});
