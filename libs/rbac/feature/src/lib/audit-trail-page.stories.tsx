import type { Meta } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { P } from '@loan/shared-contract';
import { usersHandlers, usersVariants } from '@loan/rbac-data-access/testing';
import { page, screenStories } from '../../../../../tools/storybook/screen-stories';
import { AuditTrailPage } from './audit-trail-page';

// The same MSW variants as audit-trail-page.spec.tsx (@loan/rbac-data-access/testing).
const audit = screenStories({
  workbench: { route: '/settings/audit', permissions: [P.viewSettingsModule, P.viewUsersModule] },
  handlers: usersHandlers,
  calls: usersVariants.audit,
  empty: { shows: 'No actions' },
  /** The server refuses a filter (422). */
  invalid: { workbench: { route: '/settings/audit?fromDate=2026-13-01' }, shows: { role: 'alert' } },
});

export default { title: 'RBAC/Audit trail', component: AuditTrailPage, parameters: audit.parameters } satisfies Meta<typeof AuditTrailPage>;

/** Waits until the first row of the table holds `text`. */
async function firstRow(el: HTMLElement, text: string) {
  const table = await page(el).findByRole('table', { name: 'Audit Trail' });
  await waitFor(() => expect(within(table).getAllByRole('row')[1]).toHaveTextContent(text));
}

/** Who, what, which record, when and from where; then the next page. */
export const Populated = audit.flow({
  act: (el) => firstRow(el, 'Chanda Mwila'),
  play: async ({ canvasElement }) => {
    await userEvent.click(page(canvasElement).getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(page(canvasElement).getByTestId('location')).toHaveTextContent('page=2'));
  },
  settle: true,
});

/** Filtered by the URL: updates of users from a date. */
export const Filtered = audit.flow({
  workbench: { route: '/settings/audit?action=update&entity=user&fromDate=2026-11-01' },
  act: (el) => firstRow(el, 'role_id: 3 → 2'),
});

export const InvalidFilter = audit.Invalid, Loading = audit.Loading, Empty = audit.Empty, LoadError = audit.LoadError, Forbidden = audit.Forbidden;
