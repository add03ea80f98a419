import type { Meta } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { P } from '@loan/shared-contract';
import { SCREENS } from '@loan/shared-screens';
import { approvalsVariants } from '@loan/shared-data-access-api/testing';
import { disbursementsVariants } from '@loan/transactions-data-access/testing';
import { page, screenStories } from '../../../../../../tools/storybook/screen-stories';
import { InstantDisbursementPage } from './instant-disbursement-page';

// The same MSW variants as instant-disbursement-page.spec.tsx (@loan/transactions-data-access/testing).
const { payable, disburseSingle, disburseBulk } = disbursementsVariants;
const PAY = { role: 'button', name: /^Pay / };

const instant = screenStories({
  workbench: {
    route: SCREENS.instantDisbursement.path,
    permissions: [P.viewTransactionModule, P.viewInstantDisbursements, P.instantSingleDisburse, P.instantBulkDisburse],
  },
  // The page also lists the user's own payments waiting for a checker (maker-checker): none here.
  handlers: [payable.ok, disburseSingle.ok, disburseBulk.ok, approvalsVariants.list.empty],
  calls: payable,
  empty: { shows: 'No loans to pay' },
  forbidden: { shows: { role: 'alert' }, hides: PAY },
  /** A user who may see the payable loans but not pay: no pay buttons. */
  viewOnly: { workbench: { permissions: [P.viewTransactionModule, P.viewInstantDisbursements] }, shows: { role: 'table', name: 'Payable loans' }, hides: PAY },
});

export default { title: 'Transactions/Instant disbursement', component: InstantDisbursementPage, parameters: instant.parameters } satisfies Meta<typeof InstantDisbursementPage>;

/** Pays loan 501 alone, after the confirmation. */
async function pay501(el: HTMLElement) {
  await userEvent.click(await page(el).findByRole('button', { name: 'Pay LA-2026-000501' }));
  await userEvent.click(within(await page(el).findByRole('dialog')).getByRole('button', { name: 'Pay now' }));
}

/** Pay one loan after the confirmation: its row shows the pending disbursement. */
export const Populated = instant.flow({
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await body.findByRole('table', { name: 'Payable loans' });
    await expect(await body.findByText(/12 payable loans/)).toHaveTextContent('ZMW 78,003.00');
    await pay501(canvasElement);
  },
  shows: '#501 pending',
  settle: true,
});

/** Pay several: the confirmation names the count, then each row shows its progress. */
export const PaySelected = instant.flow({
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    // Every call answered first (the list's totals and the approvals held for this screen),
    // then each box ticked and seen ticked before the next.
    await body.findByText(/12 payable loans/);
    for (const ref of ['LA-2026-000501', 'LA-2026-000502']) {
      await userEvent.click(await body.findByRole('checkbox', { name: `Select ${ref}` }));
      await waitFor(() => expect(body.getByRole('checkbox', { name: `Select ${ref}` })).toBeChecked());
    }
    await userEvent.click(body.getByRole('button', { name: /Pay selected/ }));
    const dialog = await body.findByRole('dialog');
    await expect(dialog).toHaveTextContent('Pay 2 loans');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay now' }));
  },
  shows: '#502 pending',
  settle: true,
});

/** The server refuses the payment (422): the row says Refused and offers Pay again. */
export const PayRefused = instant.flow({
  handlers: [disburseSingle.invalid],
  act: pay501,
  shows: ['Refused', { role: 'button', name: 'Pay LA-2026-000501' }],
  settle: true,
});

export const ViewOnly = instant.ViewOnly, Loading = instant.Loading, Empty = instant.Empty, LoadError = instant.LoadError, Forbidden = instant.Forbidden;
