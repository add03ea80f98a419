import type { Meta } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { P } from '@loan/shared-contract';
import { loanAccountCommandHandlers, loanAccountCommandVariants, loanAccountRow, loanAccountVariants } from '@loan/loans-data-access/testing';
import { page, screenStories } from '../../../../../../tools/storybook/screen-stories';
import { LoanAccountPanel } from './loan-account-panel';

// The same MSW variants as loan-account-panel.spec.tsx and loan-account-actions.spec.tsx
// (@loan/loans-data-access/testing). The money commands are mocked with the contract's answers.
const { details } = loanAccountVariants();
const ALL = [P.viewApplication, P.waiveLoanCharges, P.rescheduleLoans, P.writeOffLoans, P.addRepayments];
const loaded = (el: HTMLElement) => page(el).findByRole('table', { name: 'Transactions' });
const openAction = async (el: HTMLElement, name: string) => {
  await loaded(el);
  await userEvent.click(within(page(el).getByRole('group', { name: 'Loan account actions' })).getByRole('button', { name }));
};

const account = screenStories({
  workbench: { route: '/loans/applications/7', permissions: ALL },
  handlers: [details.ok, ...loanAccountCommandHandlers],
  calls: details,
  /** Just paid out: nothing paid, one ledger row. */
  empty: { shows: { role: 'table', name: 'Transactions' } },
  error: { shows: { role: 'alert', text: 'Could not load the loan account' } },
  forbidden: { shows: { role: 'alert', text: 'You do not have permission to do this.' } },
  /** A loan not paid out has no account (404): nothing is shown. */
  notFound: {
    handlers: [details.none],
    // Once the 404 is in, the section is gone (while loading it shows its skeleton).
    shows: (el) => waitFor(() => expect(page(el).queryByRole('heading', { name: /Loan account/ })).toBeNull(), { timeout: 5000 }),
  },
  /** Who may only view: the settlement quote, no money commands. */
  viewOnly: { workbench: { permissions: [P.viewApplication] }, act: loaded, hides: { role: 'button', name: 'Write off' } },
});

export default {
  title: 'Loans/Loan account',
  component: LoanAccountPanel,
  args: { loanId: 7, status: 'approved', reference: 'LA-2026-000007' },
  parameters: account.parameters,
} satisfies Meta<typeof LoanAccountPanel>;

/** Balance by part, schedule, ledger with a superseded allocation muted and labelled. */
export const Populated = account.flow({ act: loaded, shows: { role: 'table', name: 'Transactions', text: /Superseded/ } });

export const WrittenOff = account.flow({
  handlers: [loanAccountVariants({ ...loanAccountRow, state: 'written_off' }).details.ok],
  args: { status: 'closed' },
  act: (el) => openAction(el, 'Record recovery'),
  shows: { role: 'dialog', name: 'Record a recovery on LA-2026-000007' },
});

/** The waiver's 422 lands on the amount. */
export const WaiveInvalid = account.flow({
  handlers: [loanAccountCommandVariants.waive.invalid],
  act: (el) => openAction(el, 'Waive'),
  play: async ({ canvasElement }) => {
    const d = await page(canvasElement).findByRole('dialog', { name: 'Waive charges on LA-2026-000007' });
    await userEvent.type(within(d).getByLabelText(/Amount/), '10.00');
    await userEvent.type(within(d).getByLabelText(/Reason/), 'Goodwill');
    await userEvent.click(within(d).getByRole('button', { name: 'Waive' }));
    await expect(await within(d).findByText('More than the penalty owed (ZMW 0.00).')).toBeInTheDocument();
  },
});

/** The confirmation shows what is written off. */
export const WriteOff = account.flow({
  act: (el) => openAction(el, 'Write off'),
  shows: { role: 'dialog', name: 'Write off loan LA-2026-000007?', text: /Total written offZMW 5,095\.84/ },
});

/** The new schedule previewed before the reschedule is confirmed. */
export const ReschedulePreview = account.flow({
  act: (el) => openAction(el, 'Reschedule'),
  play: async ({ canvasElement }) => {
    const d = await page(canvasElement).findByRole('dialog', { name: 'Reschedule loan LA-2026-000007' });
    await userEvent.type(within(d).getByLabelText(/New tenure/), '3');
    await userEvent.type(within(d).getByLabelText(/Reason/), 'Lost overtime pay');
    await userEvent.click(within(d).getByRole('button', { name: 'Preview the new schedule' }));
    await expect(await within(d).findByRole('button', { name: 'Confirm reschedule' })).toBeInTheDocument();
  },
  shows: { role: 'region', name: 'Reschedule preview' },
});

export const SettlementQuote = account.flow({
  act: (el) => openAction(el, 'Settlement quote'),
  shows: { role: 'dialog', name: 'Settlement quote for LA-2026-000007', text: /To settle todayZMW 4,462\.51/ },
});

export const Loading = account.Loading, Empty = account.Empty, LoadError = account.LoadError, Forbidden = account.Forbidden, NotPaidOut = account.NotFound, ViewOnly = account.ViewOnly;
