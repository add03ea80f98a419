import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { APPROVALS_PATHS, DISBURSEMENTS_PATHS, P, type PermissionName } from '@loan/shared-contract';
import { approvalsVariants, endpointVariants, makePendingAction, setupApiServer } from '@loan/shared-data-access-api/testing';
import { renderScreen } from '@loan/shared-permissions/testing';
import { answerPayable, disbursementsVariants, paidAnswer, payableRows } from '@loan/transactions-data-access/testing';
import type { PayableLoan } from '@loan/shared-contract';
import { InstantDisbursementPage, PAYABLE_POLL_MS } from './instant-disbursement-page';

// A bulk run and a poll take a few seconds on a loaded machine.
jest.setTimeout(20_000);

const server = setupApiServer(disbursementsVariants.payable.ok, disbursementsVariants.disburseBulk.ok, approvalsVariants.list.empty);
const ALL: PermissionName[] = [P.viewTransactionModule, P.viewInstantDisbursements, P.instantSingleDisburse, P.instantBulkDisburse];
const open = (permissions = ALL) => renderScreen(<InstantDisbursementPage />, { permissions, route: '/transactions/disbursements/instant' });

it('lists the payable loans with their count and total', async () => {
  open();
  const table = await screen.findByRole('table', { name: 'Payable loans' });
  expect(within(table).getByText('LA-2026-000501')).toBeInTheDocument();
  expect(screen.getByText(/12 payable loans/)).toHaveTextContent('ZMW 78,003.00');
});

it('pays once on a double click: one Idempotency-Key per intended payment, whatever is sent', async () => {
  const keys: (string | null)[] = [];
  server.use(
    http.post(DISBURSEMENTS_PATHS.disburseSingle, async ({ request }) => {
      keys.push(request.headers.get('Idempotency-Key'));
      const body = (await request.json()) as { application_id: number };
      await delay(50);
      return HttpResponse.json(paidAnswer(body.application_id, keys.length > 1));
    }),
  );
  open();
  await userEvent.click(await screen.findByRole('button', { name: 'Pay LA-2026-000501' }));
  const dialog = await screen.findByRole('dialog');
  expect(dialog).toHaveTextContent('ZMW 1,000.25');
  await userEvent.dblClick(within(dialog).getByRole('button', { name: 'Pay now' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(keys.length).toBeGreaterThanOrEqual(1);
  expect(new Set(keys).size).toBe(1);
  expect(keys[0]).toMatch(/\S{8,}/);
  expect(await screen.findByText('#501 pending')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Pay LA-2026-000501' })).not.toBeInTheDocument();
});

it('pays several after a confirmation with the count and total, showing each row progress', async () => {
  open();
  // The checkboxes come with the role's permissions: wait for them, not only for the table.
  await userEvent.click(await screen.findByRole('checkbox', { name: 'Select LA-2026-000501' }));
  await userEvent.click(screen.getByRole('checkbox', { name: 'Select LA-2026-000502' }));
  await userEvent.click(screen.getByRole('button', { name: /Pay selected/ }));
  const dialog = await screen.findByRole('dialog');
  expect(dialog).toHaveTextContent('Pay 2 loans, ZMW 3,000.50 in total');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Pay now' }));
  expect(await screen.findByText('#501 pending')).toBeInTheDocument();
  expect(await screen.findByText('#502 pending')).toBeInTheDocument();
});

/** The api's payable list as state: a paid loan leaves it (pending or paid), a failed one comes back. */
function payableState() {
  const state = { rows: [...payableRows] as PayableLoan[], calls: 0 };
  server.use(
    http.get(DISBURSEMENTS_PATHS.payable, ({ request }) => {
      state.calls++;
      return HttpResponse.json(answerPayable(state.rows, Object.fromEntries(new URL(request.url).searchParams)));
    }),
    http.post(DISBURSEMENTS_PATHS.disburseBulk, async ({ request }) => {
      const body = (await request.json()) as { application_ids: number[]; batch: string };
      state.rows = state.rows.filter((r) => !body.application_ids.includes(r.application_id));
      return HttpResponse.json({
        batch_id: body.batch,
        replayed: false,
        results: body.application_ids.map((id) => ({ application_id: id, outcome: 'sent' as const, disbursement: { ...paidAnswer(id).disbursement, mode: 'instant_bulk' as const }, message: null })),
      });
    }),
    http.post(DISBURSEMENTS_PATHS.disburseSingle, async ({ request }) => {
      const body = (await request.json()) as { application_id: number };
      state.rows = state.rows.filter((r) => r.application_id !== body.application_id);
      return HttpResponse.json(paidAnswer(body.application_id));
    }),
  );
  return state;
}

it('takes the paid rows off the list after a bulk run, with the count and total, without a reload', async () => {
  const state = payableState();
  open();
  const table = await screen.findByRole('table', { name: 'Payable loans' });
  expect(await screen.findByText(/12 payable loans/)).toHaveTextContent('ZMW 78,003.00');
  await userEvent.click(await within(table).findByRole('checkbox', { name: 'Select LA-2026-000501' }));
  await userEvent.click(within(table).getByRole('checkbox', { name: 'Select LA-2026-000502' }));
  await userEvent.click(screen.getByRole('button', { name: /Pay selected/ }));
  await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Pay now' }));
  expect(await screen.findByText('2 of 2 sent.')).toBeInTheDocument();
  await waitFor(() => expect(screen.getByText(/10 payable loans/)).toHaveTextContent('ZMW 75,002.50'));
  expect(within(table).queryByText('LA-2026-000501')).not.toBeInTheDocument();
  expect(within(table).queryByText('LA-2026-000502')).not.toBeInTheDocument();
  expect(within(table).getByText('LA-2026-000503')).toBeInTheDocument();
  // One fetch for the run, not one per row.
  expect(state.calls).toBe(2);
});

it('brings a pending payment that failed at the provider back to the list, with its reason, without a reload', async () => {
  const state = payableState();
  open();
  await userEvent.click(await screen.findByRole('button', { name: 'Pay LA-2026-000501' }));
  await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Pay now' }));
  await waitFor(() => expect(screen.getByText(/11 payable loans/)).toBeInTheDocument());
  expect(screen.queryByRole('button', { name: 'Pay LA-2026-000501' })).not.toBeInTheDocument();
  // The provider fails it: payable again, with the reason. The screen polls while it is pending.
  state.rows = [{ ...payableRows[0], last_failure: 'Payee not found' }, ...state.rows];
  expect(await screen.findByText('Failed: Payee not found', {}, { timeout: 3 * PAYABLE_POLL_MS })).toBeInTheDocument();
  expect(screen.getByText(/12 payable loans/)).toBeInTheDocument();
});

it('offers no pay buttons without the pay permissions', async () => {
  open([P.viewTransactionModule, P.viewInstantDisbursements]);
  await screen.findByRole('table', { name: 'Payable loans' });
  expect(screen.queryByRole('button', { name: /^Pay / })).not.toBeInTheDocument();
  expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
});

it('says when there is nothing to pay, and when it could not load', async () => {
  server.use(disbursementsVariants.payable.empty);
  const { unmount } = open();
  expect(await screen.findByText('No loans to pay')).toBeInTheDocument();
  unmount();
  server.use(disbursementsVariants.payable.error);
  open();
  expect(await screen.findByRole('alert')).toHaveTextContent('Could not load');
});

describe('maker-checker (a second person approves large payments)', () => {
  it('shows "waiting for a second person" when the api holds the payment (202), and no Pay button for it', async () => {
    server.use(
      http.post(DISBURSEMENTS_PATHS.disburseSingle, async ({ request }) => {
        const body = (await request.json()) as { application_id: number };
        const pending = makePendingAction(9, { mine: true, can_decide: false, entity_id: String(body.application_id) });
        return HttpResponse.json({ message: 'Waiting for a second person to approve.', held: true, pending, replayed: false }, { status: 202 });
      }),
    );
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Pay LA-2026-000501' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Pay now' }));
    expect(await screen.findByText('Waiting for a second person')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay LA-2026-000501' })).not.toBeInTheDocument();
  });

  it("shows the state of the user's own requests on the rows: waiting (no Pay), or rejected with the reason", async () => {
    server.use(
      endpointVariants('GET', APPROVALS_PATHS.list, {
        ok: {
          items: [
            makePendingAction(1, { mine: true, can_decide: false, entity_id: String(payableRows[0].application_id) }),
            makePendingAction(2, { mine: true, can_decide: false, status: 'rejected', reason: 'Call the borrower first.', checker: { id: 5, name: 'Checker Two' }, entity_id: String(payableRows[1].application_id) }),
          ],
          total: 2,
          page: 1,
          pageSize: 100,
        },
        empty: { items: [] },
      }).ok,
    );
    open();
    expect(await screen.findByText('Waiting for a second person')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: `Pay ${payableRows[0].reference_code}` })).not.toBeInTheDocument();
    expect(screen.getByText('Rejected by Checker Two: Call the borrower first.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: `Pay ${payableRows[1].reference_code}` })).toBeInTheDocument();
  });
});
