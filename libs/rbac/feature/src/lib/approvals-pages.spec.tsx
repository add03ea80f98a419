import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { APPROVALS_PATHS, P, SETTINGS_PATHS } from '@loan/shared-contract';
import { approvalsVariants, lastRequest, makePendingAction, setupApiServer } from '@loan/shared-data-access-api/testing';
import { renderScreen } from '@loan/shared-permissions/testing';
import { ApprovalsPage } from './approvals-page';
import { ApprovalDetailsPage } from './approval-details-page';
import { MakerCheckerPage } from './maker-checker-page';
import { ApprovalsCount } from './approvals-count';

jest.setTimeout(20_000);
const server = setupApiServer(...Object.values(approvalsVariants).map((v) => v.ok));
const checker = [P.checkPendingActions];
const openList = () => renderScreen(<ApprovalsPage />, { permissions: checker, route: '/approvals' });
const openOne = (id = 1, permissions = checker) => renderScreen(<ApprovalDetailsPage />, { permissions, route: `/approvals/${id}`, path: '/approvals/:id' });

describe('the checker inbox', () => {
  it('lists what waits: what, who, when, state; the own request marked; only waiting ones asked for by default', async () => {
    openList();
    const table = await screen.findByRole('table', { name: 'Approvals' });
    expect(await within(table).findByText(/Pay LA-2026-000001/)).toBeInTheDocument();
    expect(within(table).getByText('Me Myself (you)')).toBeInTheDocument();
    expect(within(table).getAllByText('Waiting for a second person')).toHaveLength(2);
    expect(lastRequest(APPROVALS_PATHS.list)?.query).toMatchObject({ status: 'pending' });
  });

  it('says when nothing waits, and when it could not load (with Retry)', async () => {
    server.use(approvalsVariants.list.empty);
    const { unmount } = openList();
    expect(await screen.findByText('Nothing waiting')).toBeInTheDocument();
    unmount();
    server.use(approvalsVariants.list.error);
    openList();
    expect(await screen.findByText('Could not load')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

describe('one request', () => {
  it('shows the before/after and approves after a confirmation', async () => {
    openOne();
    expect(await screen.findByRole('table', { name: 'Before and after' })).toHaveTextContent('ZMW 20,000.00');
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve and carry it out?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(lastRequest(APPROVALS_PATHS.approve.replace(':id', '1'), 'POST')).toBeDefined());
  });

  it('shows why an approval failed (the premise changed)', async () => {
    server.use(http.post(APPROVALS_PATHS.approve, () => HttpResponse.json({ message: 'Not done: This loan has been disbursed already.' }, { status: 409 })));
    openOne();
    await userEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Not done: This loan has been disbursed already.');
  });

  it('rejects only with a reason; the 422 lands on the field', async () => {
    openOne();
    await userEvent.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this request' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Say why it is rejected.')).toBeInTheDocument();
    server.use(approvalsVariants.reject.invalid);
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Too large');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Say why it is rejected.')).toBeInTheDocument();
    server.use(approvalsVariants.reject.ok);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(lastRequest(APPROVALS_PATHS.reject.replace(':id', '1'), 'POST')?.body).toEqual({ reason: 'Too large' }));
  });

  it("the maker's own request: visible, never approvable; a rejected one shows the reason", async () => {
    server.use(http.get(APPROVALS_PATHS.byId, () => HttpResponse.json(makePendingAction(1, { mine: true, can_decide: false }))));
    const { unmount } = openOne();
    expect(await screen.findByText('Waiting for a second person: you cannot approve your own request.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    unmount();
    server.use(http.get(APPROVALS_PATHS.byId, () => HttpResponse.json(makePendingAction(1, { mine: true, can_decide: false, status: 'rejected', reason: 'Call the borrower first.', decided_at: '2026-03-03T08:00:00.000Z', checker: { id: 5, name: 'Checker Two' } }))));
    openOne();
    expect(await screen.findByText('Call the borrower first.')).toBeInTheDocument();
    expect(screen.getByText(/Checker Two/)).toBeInTheDocument();
  });

  it('a request that is not there (or not yours): not found', async () => {
    server.use(http.get(APPROVALS_PATHS.byId, () => HttpResponse.json({ message: 'Request not found.' }, { status: 404 })));
    openOne(99);
    expect(await screen.findByText('Request not found')).toBeInTheDocument();
  });
});

describe('the maker-checker setting', () => {
  it('shows each action with its switch and the amount for disbursements, and saves them', async () => {
    renderScreen(<MakerCheckerPage />, { permissions: [P.viewSettingsModule, P.editSettings], route: '/settings/maker-checker' });
    const box = await screen.findByRole('checkbox', { name: /Instant single disbursement needs a second person/ });
    expect(box).toBeChecked();
    expect(screen.getByLabelText(/Only above/)).toHaveValue('10000.00');
    await userEvent.click(screen.getByRole('checkbox', { name: /Repayment reversal/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(lastRequest(SETTINGS_PATHS.makerChecker, 'PUT')?.body).toEqual({
        rules: [
          { command: 'auto_rule.change', required: false, above: null },
          { command: 'disbursement.single', required: true, above: '10000.00' },
          { command: 'repayment.reverse', required: true, above: null },
        ],
      }),
    );
  });

  it('could not load: Retry', async () => {
    server.use(approvalsVariants.settings.error);
    renderScreen(<MakerCheckerPage />, { permissions: [P.viewSettingsModule, P.editSettings], route: '/settings/maker-checker' });
    expect(await screen.findByText('Could not load')).toBeInTheDocument();
  });
});

describe('the top bar', () => {
  it('shows the count to a checker, nothing to others', async () => {
    const { unmount } = renderScreen(<ApprovalsCount />, { permissions: checker, route: '/' });
    expect(await screen.findByRole('link', { name: 'Approvals, 3 waiting' })).toHaveAttribute('href', '/approvals');
    unmount();
    renderScreen(<ApprovalsCount />, { permissions: [P.viewDashboard], route: '/' });
    await waitFor(() => expect(screen.queryByRole('link', { name: /Approvals/ })).not.toBeInTheDocument());
  });
});
