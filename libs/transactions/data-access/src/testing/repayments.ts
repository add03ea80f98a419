import { http, HttpResponse } from 'msw';
import { endpointVariants, makeLoanBalance, makeRepayment } from '@loan/shared-data-access-api/testing';
import {
  REPAYMENT_PATHS,
  sumMoney,
  type BulkUploadReport,
  type RepayableLoan,
  type Repayment,
  type RepaymentList,
  type RepaymentResult,
} from '@loan/shared-contract';

const NAMES = ['Mwila Banda', 'Chanda Mulenga', 'Natasha Phiri', 'Joseph Tembo'];

export { makeRepayment };

export const repaymentRows: Repayment[] = Array.from({ length: 20 }, (_, i) => makeRepayment(i + 1));

export function repaymentList(rows: readonly Repayment[], page = 1, pageSize = 15): RepaymentList {
  const live = rows.filter((r) => !r.reversed);
  return {
    items: rows.slice((page - 1) * pageSize, page * pageSize),
    total: rows.length,
    page,
    pageSize,
    nextCursor: null,
    totals: { count: live.length, amount: sumMoney(...live.map((r) => r.amount)) },
  };
}

/** A payable loan for the add form's picker. */
export function makeRepayableLoan(n: number, overrides: Partial<RepayableLoan> = {}): RepayableLoan {
  return {
    ...makeLoanBalance({ application_id: 100 + n, reference_code: `LA-2026-${String(100 + n).padStart(6, '0')}`, days_past_due: 10 }),
    fullname: NAMES[n % NAMES.length],
    mobile: `+2609711${String(n).padStart(5, '0')}`,
    branch_name: 'Lusaka',
    ...overrides,
  };
}

export const repayableLoans: RepayableLoan[] = [makeRepayableLoan(1), makeRepayableLoan(2, { balance: '6000.00', paid: '0.00', next_due_no: 1, next_due_amount: '2000.00', next_due_date: '2026-02-15' })];

export function repaymentResult(r: Repayment, balance = '2000.00'): RepaymentResult {
  return { repayment: r, balance: { ...repayableLoans[0], balance } as RepaymentResult['balance'] };
}

export const uploadReportOk: BulkUploadReport = { rows: 3, total_amount: '4500.00', loans: 2, error_count: 0, errors: [], saved: false, upload_id: null };
export const uploadReportBad: BulkUploadReport = {
  rows: 3,
  total_amount: '4500.00',
  loans: 2,
  error_count: 2,
  errors: [
    { row: 2, column: 'amount', message: 'More than the balance left: ZMW 1,000.00 after the earlier rows of this loan.' },
    { row: 3, column: 'reference_code', message: 'No loan with this reference code.' },
  ],
  saved: false,
  upload_id: null,
};

/** The repayment endpoints in their named variants: `server.use(repaymentsVariants.list.error)`. */
export const repaymentsVariants = {
  list: endpointVariants('GET', REPAYMENT_PATHS.list, {
    ok: ({ query }: { query: Record<string, string> }) => repaymentList(repaymentRows, Number(query['page'] ?? 1), Number(query['pageSize'] ?? 15)),
    empty: repaymentList([]),
    fieldErrors: { toDate: ['Must not be before fromDate.'] },
  }),
  loans: endpointVariants('GET', REPAYMENT_PATHS.loans, {
    ok: { items: repayableLoans, page: 1, pageSize: 15, nextCursor: null },
    empty: { items: [], page: 1, pageSize: 15, nextCursor: null },
  }),
  create: endpointVariants('POST', REPAYMENT_PATHS.create, {
    ok: repaymentResult(makeRepayment(99, { reference_code: repayableLoans[0].reference_code, amount: '1500.00' })),
    empty: repaymentResult(makeRepayment(99)),
    fieldErrors: { amount: ['More than the balance of ZMW 3,500.00.'], reference: ['This reference was already recorded.'] },
  }),
  update: endpointVariants('PUT', REPAYMENT_PATHS.update, {
    ok: repaymentResult(makeRepayment(1, { amount: '700.00' })),
    empty: repaymentResult(makeRepayment(1)),
    fieldErrors: { paid_at: ['The date cannot be in the future.'] },
  }),
  delete: endpointVariants('DELETE', REPAYMENT_PATHS.delete, {
    ok: repaymentResult(makeRepayment(1, { reversed: true, reversal_reason: 'Bounced', reversed_at: '2026-03-20T10:00:00.000Z' }), '4000.00'),
    empty: repaymentResult(makeRepayment(1, { reversed: true })),
    fieldErrors: { reason: ['Give the reason for the reversal.'] },
  }),
  upload: endpointVariants('POST', REPAYMENT_PATHS.bulkUpload, {
    ok: ({ query }: { query: Record<string, string> }) => (query['confirm'] === 'true' ? { ...uploadReportOk, saved: true, upload_id: 5 } : uploadReportOk),
    empty: { ...uploadReportOk, rows: 0, loans: 0, total_amount: '0.00' },
    fieldErrors: { csv: ['The first line must be the header reference_code,amount,paid_at,method,reference,note.'] },
  }),
};

export const repaymentsHandlers = Object.values(repaymentsVariants).map((v) => v.ok);

/** The bulk upload answering with row errors (nothing saved): `uploadReportBad`. */
export const repaymentsUploadProblems = http.post(REPAYMENT_PATHS.bulkUpload, () => HttpResponse.json(uploadReportBad));
