import { http, HttpResponse } from 'msw';
import { endpointVariants } from '@loan/shared-data-access-api/testing';
import {
  DISBURSEMENTS_PATHS,
  encodeCursor,
  fromNgwee,
  toNgwee,
  type DisburseBulkResult,
  type Disbursement,
  type DisbursementDetails,
  type DisbursementList,
  type DisburseSingleResult,
  type PayableList,
  type PayableLoan,
  type ReconcileResult,
  type AutoRule,
  type AutoRuleDryRun,
  type AutoRuleList,
  type DisbursementBranch,
  type StatementMatch,
} from '@loan/shared-contract';

/** One disbursement as the api answers it; `n` makes each one different (a day apart, newest is n = 40). */
export function makeDisbursement(n: number, overrides: Partial<Disbursement> = {}): Disbursement {
  return {
    id: n,
    application_id: 100 + n,
    client_id: 200 + n,
    branch_id: (n % 3) + 1,
    amount: `${1000 + n * 250}.50`,
    mode: n % 5 === 0 ? 'auto' : n % 2 === 0 ? 'instant_bulk' : 'instant_single',
    method: 'mobile_money',
    recipient: `09${String(n).padStart(8, '0')}`,
    status: n % 7 === 0 ? 'failed' : n % 11 === 0 ? 'pending' : 'success',
    provider: 'sandbox',
    provider_ref: n % 7 === 0 ? null : `SBX-${String(n).padStart(6, '0')}`,
    failure_reason: n % 7 === 0 ? 'Recipient not reachable' : null,
    batch_id: null,
    rule_id: null,
    reference_code: `LA-2026-${String(100 + n).padStart(6, '0')}`,
    client_name: `Borrower ${n}`,
    reconciled: n % 3 === 0,
    reconciled_at: n % 3 === 0 ? new Date(Date.UTC(2026, 0, n, 12)).toISOString() : null,
    created_at: new Date(Date.UTC(2026, 0, n, 8)).toISOString(),
    ...overrides,
  };
}

/** 40 records. */
export const disbursementRows: Disbursement[] = Array.from({ length: 40 }, (_, i) => makeDisbursement(i + 1));

/** The api's answer to the list call over `rows`: search on the recipient or provider reference, newest first, then one page. */
export function answerDisbursementsList(rows: readonly Disbursement[], query: Record<string, string>): DisbursementList {
  const page = Number(query['page'] ?? 1);
  const pageSize = Number(query['pageSize'] ?? 15);
  const search = (query['search'] ?? '').toLowerCase();
  const all = rows
    .filter((r) => !query['status'] || r.status === query['status'])
    .filter((r) => !query['mode'] || r.mode === query['mode'])
    .filter((r) => !query['reconciled'] || String(r.reconciled) === query['reconciled'])
    .filter((r) => !query['branch_id'] || String(r.branch_id) === query['branch_id'])
    .filter((r) => !search || r.recipient.toLowerCase().includes(search) || (r.provider_ref ?? '').toLowerCase().includes(search))
    .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id);
  const items = all.slice((page - 1) * pageSize, page * pageSize);
  const last = items[items.length - 1];
  const more = page * pageSize < all.length && last !== undefined;
  const totals = { count: all.length, amount: fromNgwee(all.reduce((sum, r) => sum + toNgwee(r.amount), 0n)) };
  return { items, total: all.length, page, pageSize, nextCursor: more ? encodeCursor({ createdAt: last.created_at, id: last.id }) : null, totals };
}

/** One disbursement's details: its provider messages, attempts, loan and audit. */
export function makeDisbursementDetails(n: number, overrides: Partial<DisbursementDetails> = {}): DisbursementDetails {
  const d = makeDisbursement(n);
  return {
    ...d,
    events: [
      { id: 1, kind: 'initiate', status: 'pending', message: null, payload: { status: 'PENDING' }, created_at: d.created_at },
      { id: 2, kind: 'poll', status: d.status, message: d.failure_reason ?? `Provider reference ${d.provider_ref}`, payload: {}, created_at: d.created_at },
    ],
    attempts: [{ id: n, status: d.status, amount: d.amount, created_at: d.created_at }],
    audit: [{ id: 1, action: 'disbursement.create', user_name: 'Finance Officer', ip_address: '127.0.0.1', details: {}, created_at: d.created_at }],
    loan: { id: d.application_id ?? 1, kind: 'application', reference_code: d.reference_code ?? 'LA-2026-000001', fullname: d.client_name ?? 'Borrower', status: 'approved', amount: d.amount, total_amount_due: d.amount, tenure_months: 6 },
    ...overrides,
  };
}

/** One payable loan (signed, not disbursed). */
export function makePayableLoan(n: number, overrides: Partial<PayableLoan> = {}): PayableLoan {
  return {
    application_id: 500 + n,
    kind: n % 4 === 0 ? 'topup' : 'application',
    reference_code: `LA-2026-${String(500 + n).padStart(6, '0')}`,
    client_id: 600 + n,
    client_name: `Payable Borrower ${n}`,
    recipient: `097${String(n).padStart(7, '0')}`,
    amount: `${1000 * n}.25`,
    branch_id: 1,
    signed_at: new Date(Date.UTC(2026, 10, n, 9)).toISOString(),
    last_failure: null,
    ...overrides,
  };
}

export const payableRows: PayableLoan[] = Array.from({ length: 12 }, (_, i) => makePayableLoan(i + 1));

export function answerPayable(rows: readonly PayableLoan[], query: Record<string, string>): PayableList {
  const page = Number(query['page'] ?? 1);
  const pageSize = Number(query['pageSize'] ?? 15);
  const search = (query['search'] ?? '').toLowerCase();
  const all = rows.filter((r) => !search || r.client_name.toLowerCase().includes(search) || r.reference_code.toLowerCase().includes(search));
  const items = all.slice((page - 1) * pageSize, page * pageSize);
  return { items, total: all.length, page, pageSize, nextCursor: null, totals: { count: all.length, amount: fromNgwee(all.reduce((s, r) => s + toNgwee(r.amount), 0n)) } };
}

/** The answer to paying one payable loan (sent, pending at the provider). */
export function paidAnswer(applicationId: number, replayed = false): DisburseSingleResult {
  const loan = payableRows.find((r) => r.application_id === applicationId) ?? makePayableLoan(1, { application_id: applicationId });
  return {
    replayed,
    disbursement: makeDisbursement(applicationId % 1000, {
      id: applicationId,
      application_id: applicationId,
      amount: loan.amount,
      recipient: loan.recipient,
      status: 'pending',
      provider_ref: null,
      failure_reason: null,
      mode: 'instant_single',
      reference_code: loan.reference_code,
      client_name: loan.client_name,
      reconciled: false,
      reconciled_at: null,
    }),
  };
}

/** A statement's match: two lines matched (one already reconciled), one line whose amount differs, one disbursement not in the statement. */
export const statementMatchAnswer: StatementMatch = {
  matched: [
    { line: 1, reference: 'SBX-000001', amount: '1250.50', date: '2026-11-20', disbursement_id: 1, recipient: '0900000001', already_reconciled: false },
    { line: 2, reference: 'SBX-000003', amount: '1750.50', date: '2026-11-20', disbursement_id: 3, recipient: '0900000003', already_reconciled: true },
  ],
  unmatched_lines: [{ line: 3, reference: 'SBX-000002', amount: '9.99', date: '2026-11-20', reason: 'The amount differs: 1500.50 was paid.', disbursement_id: 2 }],
  unmatched_disbursements: [{ id: 4, provider_ref: 'SBX-000004', amount: '2000.50', date: '2026-11-20', recipient: '0900000004', reference_code: 'LA-2026-000104' }],
  from: '2026-11-20',
  to: '2026-11-20',
};

export const branchOptions: DisbursementBranch[] = [
  { id: 1, name: 'Lusaka' },
  { id: 2, name: 'Ndola' },
  { id: 3, name: 'Kitwe' },
];

/** One automatic rule; rule 1 paid two loans and skipped one in its last run, rule 2 was paused after provider failures. */
export function makeAutoRule(n: number, overrides: Partial<AutoRule> = {}): AutoRule {
  const at = new Date(Date.UTC(2026, 10, 20, 8, n)).toISOString();
  return {
    id: n,
    name: n === 1 ? 'Small loans, Lusaka' : `Rule ${n}`,
    kind: n === 1 ? 'application' : 'any',
    branch_id: n === 1 ? 1 : null,
    branch_name: n === 1 ? 'Lusaka' : null,
    min_amount: '500.00',
    max_amount: '5000.00',
    daily_limit: n === 1 ? '20000.00' : null,
    active: n !== 2,
    paid_today: n === 1 ? '3500.75' : '0.00',
    last_runs:
      n === 1
        ? [{ id: 11, rule_id: 1, paid: [{ disbursement_id: 71, application_id: 501, amount: '1500.25' }, { disbursement_id: 72, application_id: 502, amount: '2000.50' }], refused: [], skipped: [{ application_id: 503, reason: "Over the rule's daily limit" }], paused: false, created_at: at }]
        : n === 2
          ? [{ id: 12, rule_id: 2, paid: [], refused: [{ application_id: 510, reason: 'Recipient not reachable' }], skipped: [], paused: true, created_at: at }]
          : [],
    created_at: at,
    updated_at: at,
    ...overrides,
  };
}

export const autoRuleRows: AutoRule[] = [makeAutoRule(1), makeAutoRule(2), makeAutoRule(3)];

export const dryRunAnswer: AutoRuleDryRun = {
  pay: [
    { application_id: 501, reference_code: 'LA-2026-000501', client_name: 'Payable Borrower 1', recipient: '0970000001', amount: '1000.25' },
    { application_id: 502, reference_code: 'LA-2026-000502', client_name: 'Payable Borrower 2', recipient: '0970000002', amount: '2000.25' },
  ],
  skipped: [{ application_id: 503, reason: 'Over the global float' }],
  total: '3000.50',
};

const ruleFromBody = (id: number, body: unknown): AutoRule => {
  const b = (body ?? {}) as Record<string, string>;
  return makeAutoRule(id, { name: b['name'] ?? 'Rule', kind: (b['kind'] as AutoRule['kind']) ?? 'any', last_runs: [], paid_today: '0.00' });
};

/**
 * The endpoints' MSW handlers in their named variants (ok, empty, invalid, forbidden, error,
 * slow), on relative paths: `server.use(disbursementsVariants.list.error)`.
 */
export const disbursementsVariants = {
  list: endpointVariants('GET', DISBURSEMENTS_PATHS.list, {
    ok: ({ query }) => answerDisbursementsList(disbursementRows, query),
    empty: { items: [], total: 0, page: 1, pageSize: 15, totals: { count: 0, amount: '0.00' } } satisfies DisbursementList,
    fieldErrors: { search: ['At most 100 characters.'] },
  }),
  /** One record; `empty` is the record with nothing optional filled in. A 404 has no variant: `http.get(path, () => HttpResponse.json(..., { status: 404 }))`. */
  details: endpointVariants('GET', DISBURSEMENTS_PATHS.byId, {
    ok: makeDisbursementDetails(7),
    empty: makeDisbursementDetails(1, { branch_id: null, provider_ref: null, application_id: null, client_id: null, events: [], attempts: [], audit: [], loan: null }),
    fieldErrors: { id: ['Must be a positive whole number.'] },
  }),
  payable: endpointVariants('GET', DISBURSEMENTS_PATHS.payable, {
    ok: ({ query }) => answerPayable(payableRows, query),
    empty: { items: [], total: 0, page: 1, pageSize: 15, nextCursor: null, totals: { count: 0, amount: '0.00' } } satisfies PayableList,
    fieldErrors: { search: ['At most 100 characters.'] },
  }),
  /** Pays the loan the body names (pending at the provider). Headers are not logged: a spec that checks the Idempotency-Key uses its own handler. */
  disburseSingle: endpointVariants('POST', DISBURSEMENTS_PATHS.disburseSingle, {
    ok: ({ body }) => paidAnswer(Number((body as { application_id?: number } | undefined)?.application_id ?? 501)),
    empty: paidAnswer(501),
    fieldErrors: { 'Idempotency-Key': ['Every disbursing call needs an Idempotency-Key header.'] },
  }),
  disburseBulk: endpointVariants('POST', DISBURSEMENTS_PATHS.disburseBulk, {
    ok: ({ body }) => {
      const b = (body ?? {}) as { application_ids?: number[]; batch?: string };
      return {
        batch_id: b.batch ?? 'B-1',
        replayed: false,
        results: (b.application_ids ?? []).map((id) => ({ application_id: id, outcome: 'sent' as const, disbursement: { ...paidAnswer(id).disbursement, mode: 'instant_bulk' as const }, message: null })),
      } satisfies DisburseBulkResult;
    },
    empty: { batch_id: 'B-1', replayed: false, results: [] } satisfies DisburseBulkResult,
    fieldErrors: { application_ids: ['Choose at least one.'] },
  }),
  reconcile: endpointVariants('POST', DISBURSEMENTS_PATHS.reconcile, {
    ok: ({ body }) => ({ reconciled: ((body as { ids?: number[] })?.ids ?? []).length, skipped: 0 }) satisfies ReconcileResult,
    empty: { reconciled: 0, skipped: 0 } satisfies ReconcileResult,
    fieldErrors: { ids: ['Choose at least one.'] },
  }),
  statementMatch: endpointVariants('POST', DISBURSEMENTS_PATHS.statementMatch, {
    ok: statementMatchAnswer,
    empty: { matched: [], unmatched_lines: [], unmatched_disbursements: [], from: '2026-11-20', to: '2026-11-20' } satisfies StatementMatch,
    fieldErrors: { 'lines.2.amount': ['Enter an amount such as 12500.00, with at most two decimals.'] },
  }),
  statementConfirm: endpointVariants('POST', DISBURSEMENTS_PATHS.statementConfirm, {
    ok: { reconciled: 1, skipped: 1 } satisfies ReconcileResult,
    empty: { reconciled: 0, skipped: 0 } satisfies ReconcileResult,
  }),
  branches: endpointVariants('GET', DISBURSEMENTS_PATHS.branches, { ok: branchOptions, empty: [] }),
  autoRules: endpointVariants('GET', DISBURSEMENTS_PATHS.autoRules, {
    ok: { items: autoRuleRows } satisfies AutoRuleList,
    empty: { items: [] } satisfies AutoRuleList,
  }),
  addAutoRule: endpointVariants('POST', DISBURSEMENTS_PATHS.autoRules, {
    ok: ({ body }) => ruleFromBody(9, body),
    empty: makeAutoRule(9, { last_runs: [] }),
    fieldErrors: { name: ['A rule with this name exists already.'] },
  }),
  editAutoRule: endpointVariants('PUT', DISBURSEMENTS_PATHS.autoRule, {
    ok: ({ body }) => ruleFromBody(1, body),
    empty: makeAutoRule(1, { last_runs: [] }),
    fieldErrors: { max_amount: ['Must be at least the smallest amount.'] },
  }),
  deleteAutoRule: endpointVariants('DELETE', DISBURSEMENTS_PATHS.autoRule, { ok: null, empty: null }),
  pauseAutoRule: endpointVariants('POST', DISBURSEMENTS_PATHS.autoRulePause, { ok: makeAutoRule(1, { active: false }), empty: makeAutoRule(1, { active: false }) }),
  resumeAutoRule: endpointVariants('POST', DISBURSEMENTS_PATHS.autoRuleResume, { ok: makeAutoRule(2, { active: true }), empty: makeAutoRule(2, { active: true }) }),
  dryRunAutoRule: endpointVariants('POST', DISBURSEMENTS_PATHS.autoRuleDryRun, {
    ok: dryRunAnswer,
    empty: { pay: [], skipped: [], total: '0.00' } satisfies AutoRuleDryRun,
  }),
};

/** Every endpoint answering normally: `setupApiServer(...disbursementsHandlers)`. */
export const disbursementsHandlers = Object.values(disbursementsVariants).map((v) => v.ok);

/** The details of a disbursement that is not there (or outside the user's branches): 404. */
export const disbursementNotFound = http.get(DISBURSEMENTS_PATHS.byId, () => HttpResponse.json({ message: 'Disbursement not found.' }, { status: 404 }));
/** Deleting a failed disbursement: 204. */
export const disbursementRemoved = http.delete(DISBURSEMENTS_PATHS.remove, () => new HttpResponse(null, { status: 204 }));
