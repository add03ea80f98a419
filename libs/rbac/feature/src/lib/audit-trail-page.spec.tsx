import { screen, within } from '@testing-library/react';
import { AUDIT_PATHS, P } from '@loan/shared-contract';
import { lastRequest, setupApiServer } from '@loan/shared-data-access-api/testing';
import { renderScreen } from '@loan/shared-permissions/testing';
import { usersHandlers, usersVariants } from '@loan/rbac-data-access/testing';
import { AuditTrailPage } from './audit-trail-page';

const server = setupApiServer(...usersHandlers);
const perms = [P.viewSettingsModule, P.viewUsersModule];

it('shows who, what, which record, before → after, when and from where; filters go to the api', async () => {
  renderScreen(<AuditTrailPage />, { permissions: perms, route: '/settings/audit?action=update&entity=user&fromDate=2026-11-01' });
  const table = await screen.findByRole('table', { name: 'Audit Trail' });
  const rows = within(table).getAllByRole('row');
  expect(rows[1]).toHaveTextContent('Chanda Mwila');
  expect(rows[1]).toHaveTextContent('update');
  expect(rows[1]).toHaveTextContent('user #29');
  expect(rows[1]).toHaveTextContent('role_id: 3 → 2');
  expect(rows[1]).toHaveTextContent('10.0.0.5');
  expect(lastRequest(AUDIT_PATHS.list)?.query).toEqual({ page: '1', pageSize: '15', action: 'update', entity: 'user', fromDate: '2026-11-01' });
});

it('shows the empty and error states', async () => {
  server.use(usersVariants.audit.empty);
  const view = renderScreen(<AuditTrailPage />, { permissions: perms, route: '/settings/audit' });
  expect(await screen.findByText('No actions')).toBeInTheDocument();
  view.unmount();
  server.use(usersVariants.audit.error);
  renderScreen(<AuditTrailPage />, { permissions: perms, route: '/settings/audit' });
  expect(await screen.findByText('Could not load')).toBeInTheDocument();
});
