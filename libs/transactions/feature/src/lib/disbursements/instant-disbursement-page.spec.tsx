import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { DISBURSEMENTS_PATHS, P, type PermissionName } from '@loan/shared-contract';
import { setupApiServer } from '@loan/shared-data-access-api/testing';
import { renderScreen } from '@loan/shared-permissions/testing';
import { disbursementsVariants, paidAnswer } from '@loan/transactions-data-access/testing';
import { InstantDisbursementPage } from './instant-disbursement-page';

const server = setupApiServer(disbursementsVariants.payable.ok, disbursementsVariants.disburseBulk.ok);
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
  await screen.findByRole('table', { name: 'Payable loans' });
  await userEvent.click(screen.getByRole('checkbox', { name: 'Select LA-2026-000501' }));
  await userEvent.click(screen.getByRole('checkbox', { name: 'Select LA-2026-000502' }));
  await userEvent.click(screen.getByRole('button', { name: /Pay selected/ }));
  const dialog = await screen.findByRole('dialog');
  expect(dialog).toHaveTextContent('Pay 2 loans, ZMW 3,000.50 in total');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Pay now' }));
  expect(await screen.findByText('#501 pending')).toBeInTheDocument();
  expect(await screen.findByText('#502 pending')).toBeInTheDocument();
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
