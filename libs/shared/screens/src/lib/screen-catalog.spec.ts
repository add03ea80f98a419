import { ALL_PERMISSIONS, P } from '@loan/shared-contract';
import { SCREEN_CATALOG, SCREENS } from './screen-catalog';
import { canOpenScreen, firstCallUrl } from './screen-spec';

/** Every signed-in route of spec §2 (§2 lists /profile as a template page; the portal shows it signed in). */
const SPEC_SIGNED_IN_ROUTES = [
  '/dashboard',
  '/loans/applications/requests',
  '/loans/applications/rejected',
  '/loans/applications/approved',
  '/loans/applications/closed',
  '/loans/applications/:id',
  '/loans/applications/offer-letter',
  '/loans/applications/offer-letter/:id',
  '/loans/topup/requests',
  '/loans/topup/rejected',
  '/loans/topup/closed',
  '/loans/topup/:id',
  '/transactions/disbursements',
  '/transactions/disbursements/:id',
  '/transactions/disbursements/instant',
  '/transactions/disbursements/auto',
  '/transactions/repayments',
  '/communication',
  '/communication/:id',
  '/reports',
  '/users',
  '/users/:id',
  '/settings/roles',
  '/settings/roles/:id',
  '/profile',
];

it('declares every signed-in route of spec §2, plus the top-up Approved list and the audit trail of NOTES.md', () => {
  const paths = SCREEN_CATALOG.map((s) => s.path);
  // Issue 32 "Clients" adds the client list and a client's page.
  // Issue 27 "Accounting" adds the chart of accounts (libs/accounting/server/README.md, "Screens").
  expect([...paths].sort()).toEqual(
    [...SPEC_SIGNED_IN_ROUTES, '/loans/topup/approved', '/settings/audit', '/settings/branches', '/settings/loan-product', '/settings/loan-products', '/settings/maker-checker', '/approvals', '/approvals/:id', '/clients', '/clients/:id', '/transactions/suspense', '/accounting/accounts'].sort(),
  );
});

it('lists no path, menu position or menu place twice', () => {
  const unique = (values: string[]) => expect(new Set(values).size).toBe(values.length);
  unique(SCREEN_CATALOG.map((s) => s.path));
  const menus = SCREEN_CATALOG.flatMap((s) => (s.menu ? [s.menu] : []));
  unique(menus.map((m) => String(m.order)));
  unique(menus.map((m) => [...m.group, m.label].join(' > ')));
});

it('names only catalog permissions', () => {
  for (const s of SCREEN_CATALOG) for (const p of s.permissions) expect(ALL_PERMISSIONS).toContain(p);
});

it('needs every listed permission, not one of them', () => {
  const { applicationsApproved } = SCREENS;
  const all = (names: string[]) => (p: string) => names.includes(p);
  expect(canOpenScreen(applicationsApproved, all([...applicationsApproved.permissions]))).toBe(true);
  expect(canOpenScreen(applicationsApproved, all(applicationsApproved.permissions.filter((p) => p !== P.viewApprovedApplications)))).toBe(false);
  expect(canOpenScreen(SCREENS.profile, all([]))).toBe(true);
});

it('spells a first call as the browser sends it', () => {
  expect(firstCallUrl(SCREENS.applicationsApproved.firstCall)).toBe('/api/applyForLoan/byStatus?status=approved');
  expect(firstCallUrl(SCREENS.dashboard.firstCall)).toBe('/api/dashboard/daily-card-stats');
});
