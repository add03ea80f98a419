import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { P, type PermissionName } from '@loan/shared-contract';
import { repaymentsHandlers, repaymentsUploadProblems, repaymentsVariants } from '@loan/transactions-data-access/testing';
import { RepaymentsPage } from './repayments-page';

// The same MSW variants as repayments-page.spec.tsx (@loan/transactions-data-access/testing).
const ALL: PermissionName[] = [P.viewRepayments, P.addRepayments, P.editRepayments, P.deleteRepayments];
const PATH = '/transactions/repayments';
const HEADER = 'reference_code,amount,paid_at,method,reference,note';
const CSV = `${HEADER}\nLA-2026-000101,"1,500.00",2026-03-01,bank,B-1,\nLA-2026-000101,2000,2026-03-02,cash,C-1,\nLA-2026-000102,1000,2026-03-03,cash,C-2,\n`;

const meta = {
  title: 'Transactions/Repayments',
  component: RepaymentsPage,
  parameters: {
    workbench: { route: PATH, path: PATH, permissions: ALL },
    msw: { handlers: { api: repaymentsHandlers } },
  },
} satisfies Meta<typeof RepaymentsPage>;
export default meta;
type Story = StoryObj<typeof meta>;

const page = (el: HTMLElement) => within(el.ownerDocument.body);
/** Waits until the list stopped refetching (a dimmed table would fail the contrast check). */
const settled = (el: HTMLElement) => waitFor(() => expect(el.ownerDocument.querySelector('[aria-busy="true"]')).toBeNull());

/** The list with the totals; reverse one only with a reason, after confirming. */
export const Populated: Story = {
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
    await settled(canvasElement);
  },
};

/** The printable receipt of one repayment. */
export const Receipt: Story = {
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await userEvent.click(await body.findByRole('button', { name: 'Receipt of MM-0002' }));
    const dialog = await body.findByRole('dialog', { name: 'Receipt MM-0002' });
    await expect(within(dialog).getByRole('button', { name: 'Print receipt' })).toBeInTheDocument();
  },
};

/** Add a repayment: pick the loan, see its balance, record it, then the new balance. */
export const AddRepayment: Story = {
  parameters: { workbench: { route: `${PATH}?add=1` } },
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    const form = await body.findByRole('form', { name: 'Add repayment' });
    await userEvent.click(await within(form).findByRole('radio', { name: /LA-2026-000101/ }));
    await expect(within(form).getByText(/balance/, { selector: 'p' })).toHaveTextContent('balance ZMW 3,500.00');
    await userEvent.type(within(form).getByLabelText(/Amount/), '1,500');
    await userEvent.type(within(form).getByLabelText(/Payment reference/), 'MM-NEW-1');
    await userEvent.click(within(form).getByRole('button', { name: 'Record repayment' }));
    await expect(await body.findByRole('status')).toHaveTextContent('Balance now ZMW 2,000.00');
    await settled(canvasElement);
  },
};

/** The server's refusals (422) on their fields. */
export const AddRepaymentRefused: Story = {
  parameters: { workbench: { route: `${PATH}?add=1` }, msw: { handlers: { api: [repaymentsVariants.create.invalid, ...repaymentsHandlers] } } },
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    const form = await body.findByRole('form', { name: 'Add repayment' });
    await userEvent.click(await within(form).findByRole('radio', { name: /LA-2026-000101/ }));
    await userEvent.type(within(form).getByLabelText(/Amount/), '9000');
    await userEvent.type(within(form).getByLabelText(/Payment reference/), 'MM-1');
    await userEvent.click(within(form).getByRole('button', { name: 'Record repayment' }));
    await expect(await within(form).findByText('More than the balance of ZMW 3,500.00.')).toBeInTheDocument();
    await expect(within(form).getByText('This reference was already recorded.')).toBeInTheDocument();
    await settled(canvasElement);
  },
};

/** Bulk upload: preview the file, the server's row errors with nothing saved. */
export const UploadWithProblems: Story = {
  parameters: { workbench: { route: `${PATH}?upload=1` }, msw: { handlers: { api: [repaymentsUploadProblems, ...repaymentsHandlers] } } },
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await userEvent.upload(await body.findByLabelText('CSV file'), new File([CSV], 'march.csv', { type: 'text/csv' }));
    const preview = await body.findByRole('heading', { name: 'Preview of march.csv' });
    await expect(preview.closest('section')).toHaveTextContent('Total amountZMW 4,500.00');
    await userEvent.click(body.getByRole('button', { name: 'Check every row' }));
    await body.findByRole('heading', { name: /2 problems found: nothing saved/ });
    await expect(body.getByRole('button', { name: 'Save all rows' })).toBeDisabled();
  },
};

/** Bulk upload of a right file: check every row, then save all after confirming. */
export const UploadAndSave: Story = {
  parameters: { workbench: { route: `${PATH}?upload=1` } },
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await userEvent.upload(await body.findByLabelText('CSV file'), new File([CSV], 'march.csv', { type: 'text/csv' }));
    await body.findByRole('heading', { name: 'Preview of march.csv' });
    await userEvent.click(body.getByRole('button', { name: 'Check every row' }));
    await body.findByText(/All 3 rows are right/);
    await userEvent.click(body.getByRole('button', { name: 'Save all rows' }));
    const confirm = await body.findByRole('dialog', { name: 'Save all rows?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Save all rows' }));
    await expect(await body.findByText(/Saved 3 repayments of 2 loans/)).toBeInTheDocument();
  },
};

/** A file whose first line is not the template's header. */
export const UploadWrongHeader: Story = {
  parameters: { workbench: { route: `${PATH}?upload=1` } },
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await userEvent.upload(await body.findByLabelText('CSV file'), new File(['a,b\n1,2\n'], 'march.csv', { type: 'text/csv' }));
    await expect(await body.findByText(/not the template's header/)).toBeInTheDocument();
  },
};

/** A viewer: no add, edit or reverse. */
export const ViewOnly: Story = {
  parameters: { workbench: { permissions: [P.viewRepayments] } },
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await body.findByRole('table', { name: 'Repayments' });
    await expect(body.queryByRole('button', { name: 'Add repayment' })).not.toBeInTheDocument();
    await expect(body.queryByRole('button', { name: 'Reverse MM-0001' })).not.toBeInTheDocument();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: { api: [repaymentsVariants.list.slow, ...repaymentsHandlers] } } },
};

export const Empty: Story = {
  parameters: { msw: { handlers: { api: [repaymentsVariants.list.empty, ...repaymentsHandlers] } } },
  play: async ({ canvasElement }) => {
    await expect(await page(canvasElement).findByText('No repayments')).toBeInTheDocument();
  },
};

export const LoadError: Story = {
  parameters: { msw: { handlers: { api: [repaymentsVariants.list.error, ...repaymentsHandlers] } } },
  play: async ({ canvasElement }) => {
    await expect(await page(canvasElement).findByRole('button', { name: /Retry|Try again/ })).toBeInTheDocument();
  },
};

export const Forbidden: Story = {
  parameters: { workbench: { permissions: [] }, msw: { handlers: { api: [repaymentsVariants.list.forbidden] } } },
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await body.findByRole('alert');
    await expect(body.queryByRole('button', { name: 'Add repayment' })).not.toBeInTheDocument();
  },
};
