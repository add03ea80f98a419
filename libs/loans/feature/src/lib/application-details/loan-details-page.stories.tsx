import type { Meta } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { P } from '@loan/shared-contract';
import {
  applicationDetailsHandlers,
  applicationDetailsVariants,
  loanAccountHandlers,
  loanDetailsVariants,
  loanDiskVariants,
  makeLoanDetails,
} from '@loan/loans-data-access/testing';
import { page, screenStories } from '../../../../../../tools/storybook/screen-stories';
import { LoanDetailsPage } from './loan-details-page';

// The same MSW variants as loan-details-page.spec.tsx (@loan/loans-data-access/testing).
const { byId, update } = applicationDetailsVariants;
const heading = (el: HTMLElement) => page(el).findByRole('heading', { level: 1, name: /LA-2026-000007/ });

const details = screenStories({
  workbench: {
    route: '/loans/applications/7',
    path: '/loans/applications/:id',
    permissions: [P.viewApplication, P.editApplication, P.approveApplication, P.rejectApplication, P.closeApplication, P.deleteApplication],
  },
  handlers: applicationDetailsHandlers,
  calls: byId,
  /** Nothing optional filled in: no comments. */
  empty: {},
  notFound: { handlers: [byId.notFound], shows: { role: 'heading', name: 'Application not found' } },
  error: { shows: { role: 'button', name: 'Try again' } },
  forbidden: { shows: { role: 'alert', text: 'You do not have permission to do this.' } },
  /** What a user who may only view sees: no actions, no edit, no comment form. */
  viewOnly: { workbench: { permissions: [P.viewApplication] }, act: heading, hides: { role: 'group', name: 'Application actions' } },
});

export default { title: 'Loans/Loan details', component: LoanDetailsPage, args: { kind: 'application' }, parameters: details.parameters } satisfies Meta<typeof LoanDetailsPage>;

/** Approve with confirmation: the dialog names the application, then the toast says it. */
export const Populated = details.flow({
  act: heading,
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await userEvent.click(within(body.getByRole('group', { name: 'Application actions' })).getByRole('button', { name: 'Approve' }));
    const dialog = await body.findByRole('dialog', { name: 'Approve application LA-2026-000007?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(body.queryByRole('dialog')).not.toBeInTheDocument());
  },
});

export const Approved = details.flow({
  handlers: [loanDetailsVariants('application', makeLoanDetails(7, { status: 'approved', approved_at: '2026-03-09T10:00:00.000Z' })).byId.ok],
});

/** A loan paid out: its balance, repayments and the loan account (balance by part, schedule, ledger) under the details. */
export const PaidOut = details.flow({
  handlers: [
    loanDetailsVariants('application', makeLoanDetails(7, { status: 'approved', approved_at: '2026-01-10T10:00:00.000Z' })).byId.ok,
    loanDiskVariants.byId.ok,
    ...loanAccountHandlers,
  ],
  workbench: { permissions: [P.viewApplication, P.waiveLoanCharges, P.rescheduleLoans, P.writeOffLoans, P.addRepayments] },
  act: heading,
  shows: { role: 'table', name: 'Transactions' },
});

export const TopUp = details.flow({
  args: { kind: 'topup' },
  workbench: { route: '/loans/top-ups/7', path: '/loans/top-ups/:id' },
  handlers: Object.values(loanDetailsVariants('topup', makeLoanDetails(7, { kind: 'topup', reference_code: 'TU-2026-000007', parent_id: 3 }))).map((v) => v.ok),
});

/** The edit form's 422: the server's field error lands on the field. */
export const EditInvalid = details.flow({
  handlers: [update.invalid],
  act: heading,
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await userEvent.click(body.getByRole('button', { name: 'Edit' }));
    const form = await body.findByRole('form', { name: 'Edit application' });
    const mobile = within(form).getByLabelText('Mobile');
    await userEvent.clear(mobile);
    await userEvent.type(mobile, '+260971234567');
    await userEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
    await expect(await within(form).findByText('Must be a Zambian mobile number such as +260971234567.')).toBeInTheDocument();
    await expect(within(form).getByLabelText('Mobile')).toHaveAttribute('aria-invalid', 'true');
  },
});

export const ViewOnly = details.ViewOnly, Loading = details.Loading, Empty = details.Empty, NotFound = details.NotFound, LoadError = details.LoadError, Forbidden = details.Forbidden;
