import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { LOAN_LIMITS_PATH, P, type PermissionName } from '@loan/shared-contract';
import { DEFAULT_LOAN_LIMITS, lastRequest, requestLog, setupApiServer } from '@loan/shared-data-access-api/testing';
import { renderScreen } from '@loan/shared-permissions/testing';
import { loanDetailsPaths } from '@loan/loans-data-access';
import { applicationDetailsHandlers, applicationDetailsVariants, detailsRow, loanAccountVariants, loanDetailsVariants, makeLoanDetails } from '@loan/loans-data-access/testing';
import { LoanDetailsPage } from './loan-details-page';

const server = setupApiServer(...applicationDetailsHandlers);
const PATHS = loanDetailsPaths('application');
const BY_ID = '/api/applyForLoan/byId/7';

const VIEW: PermissionName[] = [P.viewApplication];
const ALL: PermissionName[] = [P.viewApplication, P.editApplication, P.approveApplication, P.rejectApplication, P.closeApplication, P.deleteApplication];

function open(permissions: PermissionName[] = VIEW, route = '/loans/applications/7') {
  return renderScreen(<LoanDetailsPage kind="application" />, { permissions, route, path: '/loans/applications/:id' });
}

const heading = () => screen.findByRole('heading', { level: 1, name: /LA-2026-000007/ });
const card = (title: string) => screen.getByRole('heading', { name: title }).closest('section') as HTMLElement;
const actions = () => screen.queryByRole('group', { name: 'Application actions' });
const byIdCalls = () => requestLog.filter((r) => r.method === 'GET' && r.path === BY_ID).length;

it('shows everything about the application: client, amounts in ZMW, tenure, rate, instalment, history and comments', async () => {
  open();
  expect(await heading()).toHaveTextContent('Request');
  expect(lastRequest(BY_ID)?.query).toEqual({ relations: 'client,comments,offerLetter,history' });
  const client = card('Client');
  expect(client).toHaveTextContent(detailsRow.fullname);
  expect(client).toHaveTextContent(detailsRow.nrc);
  expect(client).toHaveTextContent(detailsRow.mobile);
  expect(client).toHaveTextContent('Employer' + detailsRow.employer);
  expect(client).toHaveTextContent('Branch' + detailsRow.branch);
  const loan = card('Loan');
  expect(loan).toHaveTextContent('AmountZMW 2,750.00');
  expect(loan).toHaveTextContent('InterestZMW 825.00');
  expect(loan).toHaveTextContent('Total dueZMW 3,575.00');
  expect(loan).toHaveTextContent('Tenure6 months');
  expect(loan).toHaveTextContent('Rate (flat, a month)5%');
  // 3,575.00 over 6 months is 595.8333...: rounded UP to the ngwee, the schedule's rule (not 595.83).
  expect(loan).toHaveTextContent('Monthly instalmentZMW 595.84');
  expect(within(screen.getByRole('list', { name: 'Status history' })).getByText('Submitted')).toBeInTheDocument();
  const comments = screen.getByRole('list', { name: 'Comments' });
  expect(comments).toHaveTextContent('Payslip checked with the employer.');
  expect(comments).toHaveTextContent('Ada Admin');
  expect(comments).toHaveTextContent('Open');
});

it('offers no action, no edit and no comment form to a user who may only view', async () => {
  open(VIEW);
  await heading();
  expect(actions()).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  expect(screen.queryByRole('form', { name: 'Add a comment' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /Resolve comment/ })).not.toBeInTheDocument();
});

it('shows a loading skeleton, then the application', async () => {
  server.use(applicationDetailsVariants.byId.slow);
  open();
  expect(screen.getByRole('status', { name: 'Loading the application...' })).toBeInTheDocument();
  await heading();
  expect(screen.queryByRole('status', { name: 'Loading the application...' })).not.toBeInTheDocument();
});

it('shows a not-found page on 404, and for an id the contract refuses without calling', async () => {
  server.use(applicationDetailsVariants.byId.notFound);
  const first = open();
  expect(await screen.findByRole('heading', { name: 'Application not found' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Back to the list' })).toHaveAttribute('href', '/loans/applications/requests');
  first.unmount();
  requestLog.length = 0;
  open(VIEW, '/loans/applications/01');
  expect(screen.getByRole('heading', { name: 'Application not found' })).toBeInTheDocument();
  expect(requestLog.filter((r) => r.path.includes('/byId/'))).toHaveLength(0);
});

it('shows an error with Retry on failure, and a 403 as an error too; Retry loads it', async () => {
  server.use(applicationDetailsVariants.byId.forbidden);
  const first = open();
  expect(await screen.findByRole('alert')).toHaveTextContent('You do not have permission to do this.');
  first.unmount();
  server.use(applicationDetailsVariants.byId.error);
  open();
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Could not load the application');
  server.use(applicationDetailsVariants.byId.ok);
  await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
  expect(await heading()).toBeInTheDocument();
});

it('approves a request after confirming; the row is fetched again and a toast says so', async () => {
  open(ALL);
  await heading();
  const group = actions() as HTMLElement;
  expect(within(group).getAllByRole('button').map((b) => b.textContent)).toEqual(['Approve', 'Reject', 'Delete']);
  const before = byIdCalls();
  await userEvent.click(within(group).getByRole('button', { name: 'Approve' }));
  const dialog = screen.getByRole('dialog', { name: 'Approve application LA-2026-000007?' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
  expect(await screen.findByText('Application LA-2026-000007 approved.')).toBeInTheDocument();
  expect(lastRequest(PATHS.update, 'PUT')?.body).toEqual({ id: 7, status: 'approved' });
  await waitFor(() => expect(byIdCalls()).toBeGreaterThan(before));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

it("shows the server's 409 as a toast when the status no longer allows the action", async () => {
  server.use(applicationDetailsVariants.update.conflict);
  open(ALL);
  await heading();
  await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
  await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Approve' }));
  expect(await screen.findByText('Application LA-2026-000007 is closed; it cannot become approved.')).toBeInTheDocument();
});

it('shows a 403 on an action as a toast', async () => {
  server.use(applicationDetailsVariants.update.forbidden);
  open(ALL);
  await heading();
  await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
  await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Approve' }));
  expect(await screen.findByText('You do not have permission to do this.')).toBeInTheDocument();
});

it('offers only what the status and the permissions allow', async () => {
  const approved = makeLoanDetails(7, { status: 'approved', approved_at: '2026-03-08T10:00:00.000Z' });
  server.use(loanDetailsVariants('application', approved).byId.ok);
  const first = open(ALL);
  await heading();
  expect(within(actions() as HTMLElement).getAllByRole('button').map((b) => b.textContent)).toEqual(['Close', 'Delete']);
  expect(within(screen.getByRole('list', { name: 'Status history' })).getByText('Approved')).toBeInTheDocument();
  first.unmount();

  server.use(loanDetailsVariants('application', makeLoanDetails(7, { status: 'rejected' })).byId.ok);
  const second = open(ALL);
  await heading();
  expect(within(actions() as HTMLElement).getAllByRole('button').map((b) => b.textContent)).toEqual(['Delete']);
  expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  second.unmount();

  server.use(applicationDetailsVariants.byId.ok);
  open([P.viewApplication, P.rejectApplication]);
  await heading();
  expect(within(actions() as HTMLElement).getAllByRole('button').map((b) => b.textContent)).toEqual(['Reject']);
});

it('closes an approved loan after confirming', async () => {
  server.use(loanDetailsVariants('application', makeLoanDetails(7, { status: 'approved' })).byId.ok);
  open(ALL);
  await heading();
  await userEvent.click(screen.getByRole('button', { name: 'Close' }));
  await userEvent.click(within(screen.getByRole('dialog', { name: /Close application/ })).getByRole('button', { name: 'Close loan' }));
  expect(await screen.findByText('Application LA-2026-000007 closed.')).toBeInTheDocument();
  expect(lastRequest(PATHS.update, 'PUT')?.body).toEqual({ id: 7, status: 'closed' });
});

it('rejects only with a reason, sent with the status', async () => {
  open(ALL);
  await heading();
  await userEvent.click(screen.getByRole('button', { name: 'Reject' }));
  const dialog = screen.getByRole('dialog', { name: 'Reject application LA-2026-000007' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
  expect(await within(dialog).findByRole('alert')).toBeInTheDocument();
  expect(lastRequest(PATHS.update, 'PUT')).toBeUndefined();
  await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Payslip does not match the employer.');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
  expect(await screen.findByText('Application LA-2026-000007 rejected.')).toBeInTheDocument();
  expect(lastRequest(PATHS.update, 'PUT')?.body).toEqual({ id: 7, status: 'rejected', reason: 'Payslip does not match the employer.' });
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
});

it('deletes after confirming, then goes back to the list', async () => {
  const view = open(ALL);
  await heading();
  await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
  await userEvent.click(within(screen.getByRole('dialog', { name: /Delete application/ })).getByRole('button', { name: 'Delete' }));
  expect(await screen.findByText('Application LA-2026-000007 deleted.')).toBeInTheDocument();
  expect(lastRequest(PATHS.delete, 'DELETE')?.body).toEqual({ ids: [7] });
  await waitFor(() => expect(view.getByTestId('location')).toHaveTextContent('/loans/applications/requests'));
});

it('stays on the page when the server keeps the application (409 on delete)', async () => {
  server.use(applicationDetailsVariants.delete.conflict);
  const view = open(ALL);
  await heading();
  await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
  await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
  expect(await screen.findByText(/has a signed offer letter/)).toBeInTheDocument();
  expect(view.getByTestId('location')).toHaveTextContent('/loans/applications/7');
});

it('edits the fields staff may correct, sending only what changed; a 422 goes on its field', async () => {
  open(ALL);
  await heading();
  await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
  const form = screen.getByRole('form', { name: 'Edit application' });
  const employer = within(form).getByLabelText('Employer');
  await userEvent.clear(employer);
  await userEvent.type(employer, 'Zambia Railways');
  await userEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
  expect(await screen.findByText('Application LA-2026-000007 saved.')).toBeInTheDocument();
  expect(lastRequest(PATHS.update, 'PUT')?.body).toEqual({ id: 7, employer: 'Zambia Railways' });
  await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit application' })).not.toBeInTheDocument());

  server.use(applicationDetailsVariants.update.invalid);
  await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
  const again = screen.getByRole('form', { name: 'Edit application' });
  const mobile = within(again).getByLabelText('Mobile');
  await userEvent.clear(mobile);
  await userEvent.type(mobile, '+260971234567');
  await userEvent.click(within(again).getByRole('button', { name: 'Save changes' }));
  expect(await within(again).findByText('Must be a Zambian mobile number such as +260971234567.')).toBeInTheDocument();
  expect(within(again).getByLabelText('Mobile')).toHaveAttribute('aria-invalid', 'true');
});

it('hints the amount with the loan product limits (settings) while the loan is a request', async () => {
  server.use(http.get(LOAN_LIMITS_PATH, () => HttpResponse.json({ ...DEFAULT_LOAN_LIMITS, min_amount: '1000.00', max_amount: '3000.00' })));
  open(ALL);
  await heading();
  await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
  const form = screen.getByRole('form', { name: 'Edit application' });
  expect(await within(form).findByText('From ZMW 1,000.00 to ZMW 3,000.00')).toBeInTheDocument();
});

it('shows the History of the application (the kit piece) when opened', async () => {
  let asked = '';
  server.use(
    http.get('/api/audit/record/:kind/:id', ({ params, request }) => {
      asked = `${String(params['kind'])}/${String(params['id'])}?${new URL(request.url).searchParams.toString()}`;
      return HttpResponse.json({
        items: [
          { id: 1, user_id: 1, user: 'Chanda Mwila', action: 'updated', entity: 'application', entity_id: '7', details: {}, before: { employer: 'ZESCO' }, after: { employer: 'Zambia Railways' }, ip_address: '10.0.0.9', user_agent: null, created_at: '2026-11-20T08:30:00.000Z' },
        ],
        total: 1,
        page: 1,
        pageSize: 15,
      });
    }),
  );
  open();
  await heading();
  const history = screen.getByRole('region', { name: 'History' });
  await userEvent.click(within(history).getByRole('button', { name: 'Show history' }));
  expect(await within(history).findByText('by Chanda Mwila')).toBeInTheDocument();
  expect(history).toHaveTextContent('employer: ZESCO → Zambia Railways');
  expect(asked).toBe('application/7?page=1&pageSize=15');
});

it('checks the edit form with the contract before sending', async () => {
  open(ALL);
  await heading();
  await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
  const form = screen.getByRole('form', { name: 'Edit application' });
  const nrc = within(form).getByLabelText('NRC');
  await userEvent.clear(nrc);
  await userEvent.type(nrc, '12345');
  await userEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
  expect(await within(form).findByRole('alert')).toBeInTheDocument();
  expect(lastRequest(PATHS.update, 'PUT')).toBeUndefined();
});

it('adds a comment and resolves one with the edit permission', async () => {
  open(ALL);
  await heading();
  await userEvent.type(screen.getByLabelText('New comment'), 'Called the employer.');
  await userEvent.click(screen.getByRole('button', { name: 'Add comment' }));
  expect(await screen.findByText('Comment added.')).toBeInTheDocument();
  expect(lastRequest(PATHS.comment, 'PUT')?.body).toEqual({ id: 7, comment: 'Called the employer.' });
  await waitFor(() => expect(screen.getByLabelText('New comment')).toHaveValue(''));

  await userEvent.click(screen.getByRole('button', { name: /Resolve comment: Payslip checked/ }));
  expect(await screen.findByText('Comment resolved.')).toBeInTheDocument();
  expect(lastRequest(PATHS.commentStatus, 'PUT')?.body).toEqual({ id: 107, status: 'resolved' });
});

it('shows the loan account (balance by part, schedule, ledger) under a paid-out loan, and nothing new for a loan without one', async () => {
  server.use(loanDetailsVariants('application', makeLoanDetails(7, { status: 'approved' })).byId.ok, loanAccountVariants().details.ok);
  const first = open();
  const account = await screen.findByRole('region', { name: 'Loan account' });
  expect(within(account).getByLabelText('Outstanding by part')).toHaveTextContent('Total outstandingZMW 5,095.84');
  expect(within(account).getByRole('table', { name: 'Schedule by part' })).toBeInTheDocument();
  expect(within(account).getByRole('table', { name: 'Transactions' })).toBeInTheDocument();
  first.unmount();
  server.use(loanAccountVariants().details.none);
  open();
  await heading();
  await waitFor(() => expect(requestLog.some((r) => r.path === '/api/loan-accounts/7')).toBe(true));
  await waitFor(() => expect(screen.queryByRole('status', { name: 'Loading the loan account...' })).toBeNull());
  expect(screen.queryByRole('region', { name: 'Loan account' })).toBeNull();
});
