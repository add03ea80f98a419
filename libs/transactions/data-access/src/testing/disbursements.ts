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
};

/** Every endpoint answering normally: `setupApiServer(...disbursementsHandlers)`. */
export const disbursementsHandlers = Object.values(disbursementsVariants).map((v) => v.ok);

/** The details of a disbursement that is not there (or outside the user's branches): 404. */
export const disbursementNotFound = http.get(DISBURSEMENTS_PATHS.byId, () => HttpResponse.json({ message: 'Disbursement not found.' }, { status: 404 }));
/** Deleting a failed disbursement: 204. */
export const disbursementRemoved = http.delete(DISBURSEMENTS_PATHS.remove, () => new HttpResponse(null, { status: 204 }));
