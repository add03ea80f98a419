import { endpointVariants } from '@loan/shared-data-access-api/testing';
import { DISBURSEMENTS_PATHS, encodeCursor, type Disbursement, type ListEnvelope } from '@loan/shared-contract';

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
    reconciled: n % 3 === 0,
    reconciled_at: n % 3 === 0 ? new Date(Date.UTC(2026, 0, n, 12)).toISOString() : null,
    created_at: new Date(Date.UTC(2026, 0, n, 8)).toISOString(),
    ...overrides,
  };
}

/** 40 records. */
export const disbursementRows: Disbursement[] = Array.from({ length: 40 }, (_, i) => makeDisbursement(i + 1));

/** The api's answer to the list call over `rows`: search on the recipient or provider reference, newest first, then one page. */
export function answerDisbursementsList(rows: readonly Disbursement[], query: Record<string, string>): ListEnvelope<Disbursement> {
  const page = Number(query['page'] ?? 1);
  const pageSize = Number(query['pageSize'] ?? 15);
  const search = (query['search'] ?? '').toLowerCase();
  const all = rows
    .filter((r) => !search || r.recipient.toLowerCase().includes(search) || (r.provider_ref ?? '').toLowerCase().includes(search))
    .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id);
  const items = all.slice((page - 1) * pageSize, page * pageSize);
  const last = items[items.length - 1];
  const more = page * pageSize < all.length && last !== undefined;
  return { items, total: all.length, page, pageSize, nextCursor: more ? encodeCursor({ createdAt: last.created_at, id: last.id }) : null };
}

/**
 * The endpoints' MSW handlers in their named variants (ok, empty, invalid, forbidden, error,
 * slow), on relative paths: `server.use(disbursementsVariants.list.error)`.
 */
export const disbursementsVariants = {
  list: endpointVariants('GET', DISBURSEMENTS_PATHS.list, {
    ok: ({ query }) => answerDisbursementsList(disbursementRows, query),
    empty: { items: [], total: 0, page: 1, pageSize: 15 } satisfies ListEnvelope<Disbursement>,
    fieldErrors: { search: ['At most 100 characters.'] },
  }),
  /** One record; `empty` is the record with nothing optional filled in. A 404 has no variant: `http.get(path, () => HttpResponse.json(..., { status: 404 }))`. */
  details: endpointVariants('GET', DISBURSEMENTS_PATHS.byId, {
    ok: makeDisbursement(7),
    empty: makeDisbursement(1, { branch_id: null, provider_ref: null, application_id: null, client_id: null }),
    fieldErrors: { id: ['Must be a positive whole number.'] },
  }),
};

/** Every endpoint answering normally: `setupApiServer(...disbursementsHandlers)`. */
export const disbursementsHandlers = Object.values(disbursementsVariants).map((v) => v.ok);
