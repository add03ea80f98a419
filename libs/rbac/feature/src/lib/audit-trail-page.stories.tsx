import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { P, type PermissionName } from '@loan/shared-contract';
import { usersHandlers, usersVariants } from '@loan/rbac-data-access/testing';
import { AuditTrailPage } from './audit-trail-page';

// The same MSW variants as audit-trail-page.spec.tsx (@loan/rbac-data-access/testing).
const PERMS: PermissionName[] = [P.viewSettingsModule, P.viewUsersModule];

const meta = {
  title: 'RBAC/Audit trail',
  component: AuditTrailPage,
  parameters: {
    workbench: { route: '/settings/audit', permissions: PERMS },
    msw: { handlers: { api: usersHandlers } },
  },
} satisfies Meta<typeof AuditTrailPage>;
export default meta;
type Story = StoryObj<typeof meta>;

const page = (el: HTMLElement) => within(el.ownerDocument.body);

/** Who, what, which record, when and from where; then the next page. */
export const Populated: Story = {
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    const table = await body.findByRole('table', { name: 'Audit Trail' });
    await waitFor(() => expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Chanda Mwila'));
    await userEvent.click(body.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(body.getByTestId('location')).toHaveTextContent('page=2'));
    await waitFor(() => expect(canvasElement.ownerDocument.querySelector('[aria-busy="true"]')).toBeNull());
  },
};

/** Filtered by the URL: updates of users from a date. */
export const Filtered: Story = {
  parameters: { workbench: { route: '/settings/audit?action=update&entity=user&fromDate=2026-11-01' } },
  play: async ({ canvasElement }) => {
    const table = await page(canvasElement).findByRole('table', { name: 'Audit Trail' });
    await waitFor(() => expect(within(table).getAllByRole('row')[1]).toHaveTextContent('role_id: 3 → 2'));
  },
};

/** The server refuses a filter (422). */
export const InvalidFilter: Story = {
  parameters: { workbench: { route: '/settings/audit?fromDate=2026-13-01' }, msw: { handlers: { api: [usersVariants.audit.invalid] } } },
  play: async ({ canvasElement }) => {
    await expect(await page(canvasElement).findByRole('alert')).toBeInTheDocument();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: { api: [usersVariants.audit.slow] } } },
};

export const Empty: Story = {
  parameters: { msw: { handlers: { api: [usersVariants.audit.empty] } } },
  play: async ({ canvasElement }) => {
    await expect(await page(canvasElement).findByText('No actions')).toBeInTheDocument();
  },
};

export const LoadError: Story = {
  parameters: { msw: { handlers: { api: [usersVariants.audit.error] } } },
  play: async ({ canvasElement }) => {
    await expect(await page(canvasElement).findByText('Could not load')).toBeInTheDocument();
  },
};

export const Forbidden: Story = {
  parameters: { workbench: { permissions: [] }, msw: { handlers: { api: [usersVariants.audit.forbidden] } } },
  play: async ({ canvasElement }) => {
    await expect(await page(canvasElement).findByText('Could not load')).toBeInTheDocument();
  },
};
