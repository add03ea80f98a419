import type { ScreenDescriptor } from '@loan/shared-permissions';
import { SCREEN_CATALOG, SCREENS } from '@loan/shared-screens';
import { NotAvailablePage } from './pages';
import { buildRegistry, FEATURE_SCREENS, SCREEN_REGISTRY } from './screens';

const data = ({ element: _element, ...spec }: ScreenDescriptor) => spec;

it('holds every catalog screen once, in catalog order', () => {
  expect(SCREEN_REGISTRY.map((s) => s.path)).toEqual(SCREEN_CATALOG.map((s) => s.path));
});

it('takes each feature descriptor as its catalog entry says, and only ready ones', () => {
  const provided = FEATURE_SCREENS.map((d) => d.path);
  expect(new Set(provided).size).toBe(provided.length);
  for (const d of FEATURE_SCREENS) {
    expect(data(d)).toEqual(SCREEN_CATALOG.find((s) => s.path === d.path));
    expect(d.status).toBe('ready');
  }
});

it('has a feature screen for every ready entry, and the not-yet page for every planned one', () => {
  for (const s of SCREEN_REGISTRY) {
    if (s.status === 'ready') expect(s.element).not.toBe(NotAvailablePage);
    else expect(s.element).toBe(NotAvailablePage);
  }
  expect(SCREEN_REGISTRY.filter((s) => s.status === 'ready').map((s) => s.path)).toEqual([
    '/dashboard',
    '/loans/applications/requests',
    '/loans/applications/rejected',
    '/loans/applications/approved',
    '/loans/applications/closed',
    '/loans/applications/offer-letter',
    '/loans/applications/offer-letter/:id',
    '/loans/applications/:id',
    '/loans/topup/requests',
    '/loans/topup/rejected',
    '/loans/topup/approved',
    '/loans/topup/closed',
    '/loans/topup/:id',
    '/transactions/disbursements',
    '/transactions/disbursements/instant',
    '/transactions/disbursements/auto',
    '/transactions/disbursements/:id',
    '/transactions/repayments',
    '/communication',
    '/communication/:id',
    '/reports',
    '/users',
    '/users/:id',
    '/settings/roles',
    '/settings/roles/:id',
    '/settings/audit',
    '/settings/branches',
    '/settings/loan-product',
    '/settings/loan-products',
    '/settings/maker-checker',
    '/approvals',
    '/approvals/:id',
    '/profile',
    '/clients',
    '/clients/:id',
    '/transactions/suspense',
    '/accounting/accounts',
  ]);
});

it('falls back to the not-yet page for an entry no feature provides', () => {
  const Built = () => null;
  const registry = buildRegistry([SCREENS.dashboard, SCREENS.users], [{ ...SCREENS.dashboard, element: Built }]);
  expect(registry.map((s) => [s.path, s.element])).toEqual([
    ['/dashboard', Built],
    ['/users', NotAvailablePage],
  ]);
  expect(data(registry[1])).toEqual(SCREENS.users);
});
