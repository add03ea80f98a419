import { http, HttpResponse } from 'msw';
import { endpointVariants } from '@loan/shared-data-access-api/testing';
import { COLLECTIONS_PATHS, type SuspenseItem, type SuspenseList } from '@loan/shared-contract';
import { repayableLoans, repaymentsVariants } from './repayments';

/** A suspense line: open unless told otherwise. */
export function makeSuspenseItem(n: number, overrides: Partial<SuspenseItem> = {}): SuspenseItem {
  return {
    id: n,
    amount: `${500 + n * 25}.00`,
    payer_msisdn: `2609771${String(n).padStart(5, '0')}`,
    provider: 'mtn_momo',
    provider_transaction_id: `MTN${String(7_000_000 + n)}`,
    reference: n % 3 === 0 ? null : `LA-2026-9${String(n).padStart(5, '0')}`,
    reason: n % 2 ? 'No loan with this reference.' : 'No pending request for this payment.',
    status: 'open',
    matched_application_id: null,
    repayment_id: null,
    refund_reference: null,
    created_at: `2026-03-${String(1 + (n % 27)).padStart(2, '0')}T09:30:00.000Z`,
    resolved_at: null,
    ...overrides,
  };
}

export const suspenseRows: SuspenseItem[] = Array.from({ length: 18 }, (_, i) => makeSuspenseItem(i + 1));

export function suspenseList(rows: readonly SuspenseItem[], page = 1, pageSize = 15): SuspenseList {
  return { items: rows.slice((page - 1) * pageSize, page * pageSize), total: rows.length, page, pageSize };
}

/** The suspense endpoints in their named variants: `server.use(suspenseVariants.list.error)`. */
export const suspenseVariants = {
  list: endpointVariants('GET', COLLECTIONS_PATHS.suspense, {
    ok: ({ query }: { query: Record<string, string> }) =>
      suspenseList(
        suspenseRows.filter((r) => !query['status'] || r.status === query['status']),
        Number(query['page'] ?? 1),
        Number(query['pageSize'] ?? 15),
      ),
    empty: suspenseList([]),
    fieldErrors: { search: ['At most 100 characters.'] },
  }),
  match: endpointVariants('POST', COLLECTIONS_PATHS.suspenseMatch, {
    ok: makeSuspenseItem(1, { status: 'matched', matched_application_id: repayableLoans[0].application_id, repayment_id: 99, resolved_at: '2026-03-20T10:00:00.000Z' }),
    empty: makeSuspenseItem(1, { status: 'matched' }),
    fieldErrors: { application_id: ['More than the balance of ZMW 3,500.00.'] },
  }),
  refund: endpointVariants('POST', COLLECTIONS_PATHS.suspenseRefund, {
    ok: makeSuspenseItem(1, { status: 'refunded', refund_reference: 'RF-1', resolved_at: '2026-03-20T10:00:00.000Z' }),
    empty: makeSuspenseItem(1, { status: 'refunded' }),
    fieldErrors: { refund_reference: ['Enter the refund reference.'] },
  }),
};

/** The line left suspense already (another user, another tab): 409. */
export const suspenseConflict = http.post(COLLECTIONS_PATHS.suspenseMatch, () => HttpResponse.json({ message: 'This line left suspense already (matched).' }, { status: 409 }));

/** The suspense endpoints and the loan picker's list (the match dialog picks from it). */
export const suspenseHandlers = [...Object.values(suspenseVariants).map((v) => v.ok), repaymentsVariants.loans.ok];
