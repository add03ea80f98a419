import { http, HttpResponse } from 'msw';
import { endpointVariants, type VariantOptions } from '@loan/shared-data-access-api/testing';
import {
  API,
  AUDIT_PATHS,
  PERMISSION_GROUPS,
  USER_PATHS,
  encodeCursor,
  type AdminUser,
  type AdminUserDetails,
  type AuditEntryDto,
  type BranchDto,
  type LoanProduct,
  DEFAULT_TERMS_CONDITIONS,
  LOAN_PRODUCT_DEFAULTS,
  SETTINGS_PATHS,
  LOAN_PRODUCTS_PATHS,
  type LoanProductDetails,
  type LoanProductItem,
  type LoanProductVersion,
  type ListEnvelope,
  type NotificationList,
  type PermissionDto,
  type RoleDto,
} from '@loan/shared-contract';

/** The permission catalog as the api answers it (ids in catalog order). */
export const permissionRows: PermissionDto[] = Object.entries(PERMISSION_GROUPS).flatMap(([group, names]) =>
  (names as readonly string[]).map((name) => ({ id: 0, name, group })),
).map((p, i) => ({ ...p, id: i + 1 }));

const perms = (names: readonly string[]) => permissionRows.filter((p) => names.includes(p.name)).map(({ id, name }) => ({ id, name }));

export function makeRole(id: number, name: string, names: readonly string[], users = 1, description = ''): RoleDto {
  return { id, name, description, users_count: users, allpermissions: perms(names), created_at: new Date(Date.UTC(2026, 0, id)).toISOString() };
}

export const roleRows: RoleDto[] = [
  makeRole(1, 'Administrator', permissionRows.map((p) => p.name), 1),
  makeRole(2, 'Loan Officer', PERMISSION_GROUPS.Loans, 3, 'Handles applications and top-ups from request to close.'),
  makeRole(3, 'Viewer', ['view main dashboard'], 0),
];

export const branchRows: BranchDto[] = [
  { id: 1, name: 'Lusaka', code: 'LSK', active: true },
  { id: 2, name: 'Ndola', code: 'NDL', active: true },
  { id: 3, name: 'Kitwe', code: 'KTW', active: false },
];

/** One user as the api answers it; `n` makes each one different (a day apart, newest is n = 40). */
export function makeAdminUser(n: number, overrides: Partial<AdminUser> = {}): AdminUser {
  const role = roleRows[n % roleRows.length];
  const branch = branchRows[n % branchRows.length];
  return {
    id: n,
    fullname: `User ${n}`,
    email: `user${n}@demo.zm`,
    unique_number: `EMP-${String(n).padStart(4, '0')}`,
    mobile: null,
    role_id: role.id,
    role: role.name,
    branch_id: branch.id,
    branch: branch.name,
    active: n % 7 !== 0,
    password_set: n % 5 !== 0,
    last_sign_in_at: n % 5 === 0 ? null : new Date(Date.UTC(2026, 10, 1 + (n % 20), 9)).toISOString(),
    created_at: new Date(Date.UTC(2026, 0, n, 8)).toISOString(),
    ...overrides,
  };
}

export function makeAuditEntry(n: number, overrides: Partial<AuditEntryDto> = {}): AuditEntryDto {
  return {
    id: n,
    user_id: 1,
    user: 'Chanda Mwila',
    action: n % 2 ? 'update' : 'create',
    entity: 'user',
    entity_id: String(n),
    details: {},
    before: n % 2 ? { role_id: 3 } : null,
    after: n % 2 ? { role_id: 2 } : { email: `user${n}@demo.zm` },
    ip_address: '10.0.0.5',
    user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130',
    created_at: new Date(Date.UTC(2026, 10, 24, 8, n)).toISOString(),
    ...overrides,
  };
}

export function makeAdminUserDetails(n: number, overrides: Partial<AdminUserDetails> = {}): AdminUserDetails {
  return {
    ...makeAdminUser(n),
    active: true,
    password_set: true,
    sessions: [
      { id: 'a1b2c3d4e5f60718', ip_address: '10.0.0.5', user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130', created_at: '2026-11-25T07:00:00.000Z', last_seen_at: '2026-11-25T07:30:00.000Z' },
    ],
    recent_actions: [makeAuditEntry(1, { user_id: n }), makeAuditEntry(2, { user_id: n })],
    ...overrides,
  };
}

/** 40 records. */
export const adminUserRows: AdminUser[] = Array.from({ length: 40 }, (_, i) => makeAdminUser(i + 1));

function envelope<T extends { id: number; created_at: string }>(all: T[], query: Record<string, string>): ListEnvelope<T> {
  const page = Number(query['page'] ?? 1);
  const pageSize = Number(query['pageSize'] ?? 15);
  const items = all.slice((page - 1) * pageSize, page * pageSize);
  const last = items[items.length - 1];
  const more = page * pageSize < all.length && last !== undefined;
  return { items, total: all.length, page, pageSize, nextCursor: more ? encodeCursor({ createdAt: last.created_at, id: last.id }) : null };
}

/** The api's answer to the list call over `rows`: search and filters, newest first, then one page. */
export function answerUsersList(rows: readonly AdminUser[], query: Record<string, string>): ListEnvelope<AdminUser> {
  const search = (query['search'] ?? '').toLowerCase();
  const all = rows
    .filter((r) => !search || `${r.fullname} ${r.email} ${r.unique_number}`.toLowerCase().includes(search))
    .filter((r) => !query['role_id'] || r.role_id === Number(query['role_id']))
    .filter((r) => !query['branch_id'] || r.branch_id === Number(query['branch_id']))
    .filter((r) => !query['active'] || String(r.active) === query['active'])
    .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id);
  return envelope(all, query);
}

export const auditRows: AuditEntryDto[] = Array.from({ length: 30 }, (_, i) => makeAuditEntry(30 - i));

const change = (data: unknown) => ({ message: 'Done.', data });

/** endpointVariants where `empty` defaults to `ok` (a mutation's answer has no empty form). */
function variants<T>(method: Parameters<typeof endpointVariants>[0], path: string, options: Omit<VariantOptions<T>, 'empty'> & { empty?: T }) {
  return endpointVariants<T>(method, path, { ...options, empty: options.empty ?? (options.ok as T) });
}

/**
 * The endpoints' MSW handlers in their named variants (ok, empty, invalid, forbidden, error,
 * slow), on relative paths: `server.use(usersVariants.list.error)`.
 */
export const usersVariants = {
  list: variants('GET', USER_PATHS.list, {
    ok: ({ query }) => answerUsersList(adminUserRows, query),
    empty: { items: [], total: 0, page: 1, pageSize: 15 } satisfies ListEnvelope<AdminUser>,
    fieldErrors: { search: ['At most 100 characters.'] },
  }),
  /** One record. A 404 has no variant: `http.get(path, () => HttpResponse.json(..., { status: 404 }))`. */
  details: variants('GET', USER_PATHS.byId, {
    ok: makeAdminUserDetails(7),
    empty: makeAdminUserDetails(1, { branch_id: null, branch: null, sessions: [], recent_actions: [], last_sign_in_at: null }),
    fieldErrors: { id: ['Must be a positive whole number.'] },
  }),
  create: variants('POST', USER_PATHS.create, {
    ok: { message: 'User created. An invitation was sent to new@demo.zm.', data: makeAdminUser(41, { password_set: false }) },
    fieldErrors: { email: ['The email has already been taken.'] },
  }),
  update: variants('PUT', USER_PATHS.update, {
    ok: change(makeAdminUser(7)),
    fieldErrors: { unique_number: ['The unique number has already been taken.'] },
  }),
  remove: variants('DELETE', USER_PATHS.delete, { ok: { message: 'User deleted.' } }),
  resendInvitation: variants('POST', USER_PATHS.resendInvitation, { ok: { message: 'The invitation was sent again.' } }),
  revokeSessions: variants('POST', USER_PATHS.revokeSessions, { ok: { message: '1 session signed out.', count: 1 } }),
  branches: variants('GET', USER_PATHS.branches, { ok: branchRows, empty: [] }),
  // As the demo admin sees them: every role is theirs to give.
  roleOptions: variants('GET', USER_PATHS.roleOptions, { ok: roleRows.map(({ id, name }) => ({ id, name, grantable: true })), empty: [] }),
  audit: variants('GET', AUDIT_PATHS.list, {
    ok: ({ query }) => envelope(auditRows.filter((r) => !query['action'] || r.action === query['action']), query),
    empty: { items: [], total: 0, page: 1, pageSize: 15 } satisfies ListEnvelope<AuditEntryDto>,
    fieldErrors: { fromDate: ['Use YYYY-MM-DD.'] },
  }),
  notifications: variants('GET', USER_PATHS.notification, {
    ok: {
      unread: 1,
      items: [
        { id: 2, kind: 'role_changed', message: 'Your role changed from Viewer to Loan Officer.', read: false, created_at: '2026-11-25T07:00:00.000Z' },
        { id: 1, kind: 'new_device', message: 'New sign-in from 10.0.0.9 (Firefox).', read: true, created_at: '2026-11-24T07:00:00.000Z' },
      ],
    } satisfies NotificationList,
    empty: { unread: 0, items: [] } satisfies NotificationList,
  }),
  notificationsRead: variants('POST', USER_PATHS.notificationRead, { ok: { message: 'Notifications read.' } }),
};

export const loanProductFixture: LoanProduct = {
  ...LOAN_PRODUCT_DEFAULTS,
  terms_conditions: DEFAULT_TERMS_CONDITIONS,
  terms_version: 2,
  updated_at: '2026-11-20T08:00:00.000Z',
};

export const settingsVariants = {
  loanProduct: variants('GET', SETTINGS_PATHS.loanProduct, { ok: loanProductFixture }),
  saveLoanProduct: variants('PUT', SETTINGS_PATHS.loanProduct, {
    ok: { message: 'Loan product saved.', data: loanProductFixture },
    fieldErrors: { flat_rate_percent: ['Enter a percentage from 0 to 100, with up to two decimals.'] },
  }),
  branches: variants('GET', SETTINGS_PATHS.branches, { ok: branchRows, empty: [] }),
  saveBranch: variants('POST', SETTINGS_PATHS.branchSave, {
    ok: { message: 'Branch saved.', data: branchRows[0] },
    fieldErrors: { code: ['The code has already been taken.'] },
  }),
};

export const rolesVariants = {
  list: variants('GET', `${API.roles}/all`, { ok: roleRows, empty: [] }),
  details: variants('GET', `${API.roles}/byId/:id`, {
    ok: roleRows[1],
    empty: makeRole(9, 'Empty', [], 0),
  }),
  permissions: variants('GET', `${API.permissions}/all`, { ok: permissionRows, empty: [] }),
  create: variants('POST', `${API.roles}/create`, { ok: change(makeRole(4, 'New role', [], 0)), fieldErrors: { name: ['The name has already been taken.'] } }),
  update: variants('PUT', `${API.roles}/update`, { ok: change(roleRows[1]), fieldErrors: { name: ['The name has already been taken.'] } }),
  remove: variants('DELETE', `${API.roles}/delete`, { ok: { message: 'Role deleted.', count: 1 } }),
  assign: variants('POST', `${API.roles}/assign-permission`, { ok: change(roleRows[1]) }),
  revoke: variants('POST', `${API.roles}/revoke-permission`, { ok: change(roleRows[1]) }),
};

/** A product version: flat 5 % a month by default. */
export function makeLoanProductVersion(id: number, productId: number, overrides: Partial<LoanProductVersion> = {}): LoanProductVersion {
  return {
    id,
    product_id: productId,
    version: 1,
    interest_method: 'flat',
    monthly_rate_percent: '5.00',
    min_amount: '500.00',
    max_amount: '500000.00',
    min_tenure: 1,
    max_tenure: 60,
    fees: [],
    penalty: null,
    allocation_order: ['penalty', 'fees', 'interest', 'principal'],
    settlement_rebate_percent: '0.00',
    created_by: null,
    created_at: '2026-11-20T08:00:00.000Z',
    ...overrides,
  };
}

export function makeLoanProduct(id: number, code: string, name: string, overrides: Partial<LoanProductItem> = {}, current: Partial<LoanProductVersion> = {}): LoanProductDetails {
  const v = makeLoanProductVersion(id * 10, id, current);
  return { id, code, name, active: true, is_default: false, created_at: '2026-11-20T08:00:00.000Z', updated_at: '2026-11-20T08:00:00.000Z', current: v, versions: [v], ...overrides };
}

export const loanProductRows: LoanProductDetails[] = [
  makeLoanProduct(2, 'STANDARD', 'Standard', { is_default: true }, { version: 3, fees: [{ name: 'Processing fee', kind: 'processing', calc: 'percent', value: '2.50', when: 'deducted' }] }),
  makeLoanProduct(3, 'SALARY-DEC', 'Salary declining', {}, {
    interest_method: 'declining',
    monthly_rate_percent: '4.00',
    min_amount: '1000.00',
    max_amount: '100000.00',
    max_tenure: 24,
    fees: [{ name: 'Insurance', kind: 'insurance', calc: 'percent', value: '1.00', when: 'capitalised' }],
    penalty: { calc: 'percent', value: '5.00', grace_days: 3, stop_months_after_maturity: 3 },
  }),
  makeLoanProduct(1, 'LEGACY-FLAT', 'Legacy flat', { active: false }),
];

const listOf = (rows: LoanProductDetails[]) => ({ data: rows.map(({ versions: _v, ...item }) => item) });

export const loanProductsVariants = {
  list: variants('GET', LOAN_PRODUCTS_PATHS.list, { ok: listOf(loanProductRows), empty: { data: [] } }),
  details: variants('GET', LOAN_PRODUCTS_PATHS.byId, { ok: loanProductRows[1], empty: makeLoanProduct(9, 'EMPTY', 'Empty') }),
  create: variants('POST', LOAN_PRODUCTS_PATHS.create, {
    ok: { message: 'Loan product added.', data: makeLoanProduct(4, 'NEW', 'New product') },
    fieldErrors: { allocation_order: ['The allocation order must name each of penalty, fees, interest and principal once.'], code: ['The code has already been taken.'] },
  }),
  update: variants('PUT', LOAN_PRODUCTS_PATHS.update, {
    ok: { message: 'Loan product saved.', data: loanProductRows[1] },
    fieldErrors: { 'fees.0.value': ['The fee is a percent more than 0 and at most 100, with at most 2 decimals.'] },
  }),
  deactivate: variants('POST', LOAN_PRODUCTS_PATHS.deactivate, { ok: { message: 'Loan product deactivated.', data: { ...loanProductRows[1], active: false } } }),
  setDefault: variants('POST', LOAN_PRODUCTS_PATHS.setDefault, { ok: { message: 'Default loan product set.', data: { ...loanProductRows[1], is_default: true } } }),
};

/** Every endpoint answering normally: `setupApiServer(...usersHandlers)`. */
export const usersHandlers = [...Object.values(usersVariants), ...Object.values(rolesVariants), ...Object.values(settingsVariants), ...Object.values(loanProductsVariants)].map((v) => v.ok);

/** The details of a user who is not there: 404. */
export const userNotFound = http.get(USER_PATHS.byId, () => HttpResponse.json({ message: 'User not found.' }, { status: 404 }));
