import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { P, type PermissionName } from '@loan/shared-contract';
import { applicationDetailsHandlers, applicationDetailsVariants, loanDetailsVariants, makeLoanDetails } from '@loan/loans-data-access/testing';
import { LoanDetailsPage } from './loan-details-page';

// The same MSW variants as loan-details-page.spec.tsx (@loan/loans-data-access/testing).
const ALL: PermissionName[] = [P.viewApplication, P.editApplication, P.approveApplication, P.rejectApplication, P.closeApplication, P.deleteApplication];

const meta = {
  title: 'Loans/Loan details',
  component: LoanDetailsPage,
  args: { kind: 'application' },
  parameters: {
    workbench: { route: '/loans/applications/7', path: '/loans/applications/:id', permissions: ALL },
    msw: { handlers: { api: applicationDetailsHandlers } },
  },
} satisfies Meta<typeof LoanDetailsPage>;
export default meta;
type Story = StoryObj<typeof meta>;

const page = (el: HTMLElement) => within(el.ownerDocument.body);
const heading = (el: HTMLElement) => page(el).findByRole('heading', { level: 1, name: /LA-2026-000007/ });

/** Approve with confirmation: the dialog names the application, then the toast says it. */
export const Populated: Story = {
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await heading(canvasElement);
    const group = body.getByRole('group', { name: 'Application actions' });
    await userEvent.click(within(group).getByRole('button', { name: 'Approve' }));
    const dialog = await body.findByRole('dialog', { name: 'Approve application LA-2026-000007?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(body.queryByRole('dialog')).not.toBeInTheDocument());
  },
};

/** What a user who may only view sees: no actions, no edit, no comment form. */
export const ViewOnly: Story = {
  parameters: { workbench: { permissions: [P.viewApplication] } },
  play: async ({ canvasElement }) => {
    await heading(canvasElement);
    await expect(page(canvasElement).queryByRole('group', { name: 'Application actions' })).not.toBeInTheDocument();
  },
};

export const Approved: Story = {
  parameters: { msw: { handlers: { api: [loanDetailsVariants('application', makeLoanDetails(7, { status: 'approved', approved_at: '2026-03-09T10:00:00.000Z' })).byId.ok, ...applicationDetailsHandlers] } } },
};

export const TopUp: Story = {
  args: { kind: 'topup' },
  parameters: {
    workbench: { route: '/loans/top-ups/7', path: '/loans/top-ups/:id' },
    msw: { handlers: { api: Object.values(loanDetailsVariants('topup', makeLoanDetails(7, { kind: 'topup', reference_code: 'TU-2026-000007', parent_id: 3 }))).map((v) => v.ok) } },
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: { api: [applicationDetailsVariants.byId.slow, ...applicationDetailsHandlers] } } },
};

/** Nothing optional filled in: no comments. */
export const Empty: Story = {
  parameters: { msw: { handlers: { api: [applicationDetailsVariants.byId.empty, ...applicationDetailsHandlers] } } },
};

export const NotFound: Story = {
  parameters: { msw: { handlers: { api: [applicationDetailsVariants.byId.notFound] } } },
  play: async ({ canvasElement }) => {
    await expect(await page(canvasElement).findByRole('heading', { name: 'Application not found' })).toBeInTheDocument();
  },
};

export const LoadError: Story = {
  parameters: { msw: { handlers: { api: [applicationDetailsVariants.byId.error] } } },
  play: async ({ canvasElement }) => {
    await expect(await page(canvasElement).findByRole('button', { name: 'Try again' })).toBeInTheDocument();
  },
};

export const Forbidden: Story = {
  parameters: { workbench: { permissions: [] }, msw: { handlers: { api: [applicationDetailsVariants.byId.forbidden] } } },
  play: async ({ canvasElement }) => {
    await expect(await page(canvasElement).findByRole('alert')).toHaveTextContent('You do not have permission to do this.');
  },
};

/** The edit form's 422: the server's field error lands on the field. */
export const EditInvalid: Story = {
  parameters: { msw: { handlers: { api: [applicationDetailsVariants.update.invalid, ...applicationDetailsHandlers] } } },
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await heading(canvasElement);
    await userEvent.click(body.getByRole('button', { name: 'Edit' }));
    const form = await body.findByRole('form', { name: 'Edit application' });
    const mobile = within(form).getByLabelText('Mobile');
    await userEvent.clear(mobile);
    await userEvent.type(mobile, '+260971234567');
    await userEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
    await expect(await within(form).findByText('Must be a Zambian mobile number such as +260971234567.')).toBeInTheDocument();
    await expect(within(form).getByLabelText('Mobile')).toHaveAttribute('aria-invalid', 'true');
  },
};
