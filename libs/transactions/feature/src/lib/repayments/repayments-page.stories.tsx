import type { Meta } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { P } from '@loan/shared-contract';
import { repaymentsHandlers, repaymentsUploadProblems, repaymentsVariants } from '@loan/transactions-data-access/testing';
import { page, screenStories } from '../../../../../../tools/storybook/screen-stories';
import { RepaymentsPage } from './repayments-page';

// The same MSW variants as repayments-page.spec.tsx (@loan/transactions-data-access/testing).
const PATH = '/transactions/repayments';
const HEADER = 'reference_code,amount,paid_at,method,reference,note';
const CSV = `${HEADER}\nLA-2026-000101,"1,500.00",2026-03-01,bank,B-1,\nLA-2026-000101,2000,2026-03-02,cash,C-1,\nLA-2026-000102,1000,2026-03-03,cash,C-2,\n`;
const ADD = { role: 'button', name: 'Add repayment' };

const repayments = screenStories({
  workbench: { route: PATH, path: PATH, permissions: [P.viewRepayments, P.addRepayments, P.editRepayments, P.deleteRepayments] },
  handlers: repaymentsHandlers,
  calls: repaymentsVariants.list,
  empty: { shows: 'No repayments' },
  error: { shows: { role: 'button', name: /Retry|Try again/ } },
  forbidden: { shows: { role: 'alert' }, hides: ADD },
  /** A viewer: no add, edit or reverse. */
  viewOnly: {
    workbench: { permissions: [P.viewRepayments] },
    shows: { role: 'table', name: 'Repayments' },
    hides: [ADD, { role: 'button', name: 'Reverse MM-0001' }],
  },
});

export default { title: 'Transactions/Repayments', component: RepaymentsPage, parameters: repayments.parameters } satisfies Meta<typeof RepaymentsPage>;

/** The add form (`?add=1`): picks loan LA-2026-000101 and returns the form. */
async function addFor101(el: HTMLElement) {
  const form = await page(el).findByRole('form', { name: 'Add repayment' });
  await userEvent.click(await within(form).findByRole('radio', { name: /LA-2026-000101/ }));
  return form;
}

/** The upload form (`?upload=1`): chooses a CSV file named march.csv. */
async function upload(el: HTMLElement, csv: string) {
  await userEvent.upload(await page(el).findByLabelText('CSV file'), new File([csv], 'march.csv', { type: 'text/csv' }));
}

/** The list with the totals; reverse one only with a reason, after confirming. */
export const Populated = repayments.flow({
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await body.findByRole('table', { name: 'Repayments' });
    await expect(await body.findByText(/20 repayments totalling/)).toHaveTextContent('ZMW 15,260.00');
    await userEvent.click(body.getByRole('button', { name: 'Reverse MM-0001' }));
    const dialog = await body.findByRole('dialog', { name: 'Reverse this repayment?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reverse repayment' }));
    await expect(await within(dialog).findByText('Give the reason for the reversal.')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Bounced at the bank');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reverse repayment' }));
    await waitFor(() => expect(body.queryByRole('dialog')).not.toBeInTheDocument());
  },
  settle: true,
});

/** The printable receipt of one repayment. */
export const Receipt = repayments.flow({
  act: async (el) => userEvent.click(await page(el).findByRole('button', { name: 'Receipt of MM-0002' })),
  shows: { role: 'dialog', name: 'Receipt MM-0002', has: { role: 'button', name: 'Print receipt' } },
});

/** Add a repayment: pick the loan, see its balance, record it, then the new balance. */
export const AddRepayment = repayments.flow({
  workbench: { route: `${PATH}?add=1` },
  play: async ({ canvasElement }) => {
    const form = await addFor101(canvasElement);
    await expect(within(form).getByText(/balance/, { selector: 'p' })).toHaveTextContent('balance ZMW 3,500.00');
    await userEvent.type(within(form).getByLabelText(/Amount/), '1,500');
    await userEvent.type(within(form).getByLabelText(/Payment reference/), 'MM-NEW-1');
    await userEvent.click(within(form).getByRole('button', { name: 'Record repayment' }));
    await expect(await page(canvasElement).findByRole('status')).toHaveTextContent('Balance now ZMW 2,000.00');
  },
  settle: true,
});

/** The server's refusals (422) on their fields. */
export const AddRepaymentRefused = repayments.flow({
  workbench: { route: `${PATH}?add=1` },
  handlers: [repaymentsVariants.create.invalid],
  play: async ({ canvasElement }) => {
    const form = await addFor101(canvasElement);
    await userEvent.type(within(form).getByLabelText(/Amount/), '9000');
    await userEvent.type(within(form).getByLabelText(/Payment reference/), 'MM-1');
    await userEvent.click(within(form).getByRole('button', { name: 'Record repayment' }));
    await expect(await within(form).findByText('More than the balance of ZMW 3,500.00.')).toBeInTheDocument();
    await expect(within(form).getByText('This reference was already recorded.')).toBeInTheDocument();
  },
  settle: true,
});

/** Bulk upload: preview the file, the server's row errors with nothing saved. */
export const UploadWithProblems = repayments.flow({
  workbench: { route: `${PATH}?upload=1` },
  handlers: [repaymentsUploadProblems],
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await upload(canvasElement, CSV);
    const preview = await body.findByRole('heading', { name: 'Preview of march.csv' });
    await expect(preview.closest('section')).toHaveTextContent('Total amountZMW 4,500.00');
    await userEvent.click(body.getByRole('button', { name: 'Check every row' }));
    await body.findByRole('heading', { name: /2 problems found: nothing saved/ });
    await expect(body.getByRole('button', { name: 'Save all rows' })).toBeDisabled();
  },
});

/** Bulk upload of a right file: check every row, then save all after confirming. */
export const UploadAndSave = repayments.flow({
  workbench: { route: `${PATH}?upload=1` },
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await upload(canvasElement, CSV);
    await body.findByRole('heading', { name: 'Preview of march.csv' });
    await userEvent.click(body.getByRole('button', { name: 'Check every row' }));
    await body.findByText(/All 3 rows are right/);
    await userEvent.click(body.getByRole('button', { name: 'Save all rows' }));
    const confirm = await body.findByRole('dialog', { name: 'Save all rows?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Save all rows' }));
  },
  shows: /Saved 3 repayments of 2 loans/,
});

/** A file whose first line is not the template's header. */
export const UploadWrongHeader = repayments.flow({
  workbench: { route: `${PATH}?upload=1` },
  act: (el) => upload(el, 'a,b\n1,2\n'),
  shows: /not the template's header/,
});

export const ViewOnly = repayments.ViewOnly, Loading = repayments.Loading, Empty = repayments.Empty, LoadError = repayments.LoadError, Forbidden = repayments.Forbidden;
