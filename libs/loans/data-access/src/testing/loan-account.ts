import { http, HttpResponse } from 'msw';
import { endpointVariants, requestLog } from '@loan/shared-data-access-api/testing';
import {
  LOAN_ACCOUNT_COMMAND_PATHS,
  LOAN_ACCOUNT_PATHS,
  type LoanAccountDetails,
  type LoanReschedulePreview,
  type LoanSettlementQuote,
} from '@loan/shared-contract';

type Tx = LoanAccountDetails['transactions'][number];
type Instalment = LoanAccountDetails['schedule'][number];

const ZERO = { principal: '0.00', interest: '0.00', fees: '0.00', penalty: '0.00' };

/** One ledger row of loan 7; `parts` are the change to what is owed (a payment's are negative). */
export function makeLoanTransaction(id: number, overrides: Partial<Tx> = {}): Tx {
  return {
    id,
    seq: id - 10,
    kind: 'repayment',
    booking_date: '2026-03-25',
    value_date: '2026-03-25',
    amount: '0.00',
    parts: ZERO,
    reason: null,
    repayment_id: null,
    superseded: false,
    created_at: '2026-03-25T09:00:00.000Z',
    ...overrides,
  };
}

const instalment = (no: number, due_date: string, over: Partial<Instalment> = {}): Instalment => ({
  no,
  due_date,
  principal: '833.33',
  interest: '250.00',
  fees: '25.00',
  penalties: '0.00',
  paid: '0.00',
  outstanding: '1108.33',
  status: 'due',
  ...over,
});

const DUES = ['2026-02-15', '2026-03-15', '2026-04-15', '2026-05-15', '2026-06-15', '2026-07-15'];

/**
 * Loan 7's account (business date 2026-04-20): ZMW 5,000.00 over 6 months, a capitalised fee
 * of 25.00 an instalment, instalment 1 paid, a penalty on instalment 2 and 500.00 paid of it
 * (its first allocation superseded by a backdated repayment), a repayment keyed twice and
 * reversed.
 */
export const loanAccountRow: LoanAccountDetails = {
  application_id: 7,
  state: 'active',
  disbursed_on: '2026-01-15',
  amount: '5000.00',
  schedule_version: 1,
  allocation_order: ['penalty', 'fees', 'interest', 'principal'],
  outstanding: { principal: '3995.84', interest: '1000.00', fees: '100.00', penalty: '0.00', total: '5095.84' },
  paid_total: '1608.33',
  next_due: { no: 2, date: '2026-03-15', amount: '662.50' },
  schedule: [
    instalment(1, DUES[0], { paid: '1108.33', outstanding: '0.00', status: 'paid' }),
    instalment(2, DUES[1], { penalties: '54.17', paid: '500.00', outstanding: '662.50', status: 'overdue' }),
    instalment(3, DUES[2], { status: 'overdue' }),
    instalment(4, DUES[3]),
    instalment(5, DUES[4]),
    instalment(6, DUES[5], { principal: '833.35', outstanding: '1108.35' }),
  ],
  transactions: [
    makeLoanTransaction(17, {
      seq: 8, kind: 'repayment_reversal', booking_date: '2026-04-03', value_date: '2026-04-03', amount: '200.00',
      parts: { ...ZERO, principal: '200.00' }, reason: 'Keyed twice', repayment_id: 43, created_at: '2026-04-03T10:00:00.000Z',
    }),
    makeLoanTransaction(16, {
      seq: 7, booking_date: '2026-04-02', value_date: '2026-04-02', amount: '200.00', parts: { ...ZERO, principal: '-200.00' }, repayment_id: 43,
      created_at: '2026-04-02T09:00:00.000Z',
    }),
    makeLoanTransaction(15, {
      seq: 6, amount: '500.00', parts: { principal: '-170.83', interest: '-250.00', fees: '-25.00', penalty: '-54.17' }, repayment_id: 42,
      created_at: '2026-03-26T09:00:00.000Z',
    }),
    makeLoanTransaction(13, {
      seq: 4, amount: '500.00', parts: { principal: '-225.00', interest: '-250.00', fees: '-25.00', penalty: '0.00' }, repayment_id: 42, superseded: true,
    }),
    makeLoanTransaction(12, {
      seq: 3, kind: 'penalty_charge', booking_date: '2026-03-18', value_date: '2026-03-18', amount: '54.17', parts: { ...ZERO, penalty: '54.17' },
      created_at: '2026-03-18T01:00:00.000Z',
    }),
    makeLoanTransaction(14, {
      seq: 5, booking_date: '2026-03-26', value_date: '2026-02-14', amount: '1108.33', parts: { principal: '-833.33', interest: '-250.00', fees: '-25.00', penalty: '0.00' },
      repayment_id: 41, created_at: '2026-03-26T08:30:00.000Z',
    }),
    makeLoanTransaction(11, {
      seq: 1, kind: 'disbursement', booking_date: '2026-01-15', value_date: '2026-01-15', amount: '5000.00',
      parts: { principal: '5000.00', interest: '1500.00', fees: '150.00', penalty: '0.00' }, created_at: '2026-01-15T08:00:00.000Z',
    }),
  ],
};

/** Loan 7 the day it was paid out: nothing paid, nothing charged, one ledger row. */
export const newLoanAccountRow: LoanAccountDetails = {
  ...loanAccountRow,
  outstanding: { principal: '5000.00', interest: '1500.00', fees: '150.00', penalty: '0.00', total: '6650.00' },
  paid_total: '0.00',
  next_due: { no: 1, date: DUES[0], amount: '1108.33' },
  schedule: loanAccountRow.schedule.map((i) => ({ ...i, penalties: '0.00', paid: '0.00', outstanding: i.no === 6 ? '1108.35' : '1108.33', status: 'due' })),
  transactions: loanAccountRow.transactions.filter((t) => t.kind === 'disbursement'),
};

/**
 * `server.use(loanAccountVariants.details.error)`; `empty` is an account just paid out;
 * `details.none` is a loan without an account (404: not paid out), which shows nothing new.
 */
export function loanAccountVariants(row: LoanAccountDetails = loanAccountRow) {
  return {
    details: {
      ...endpointVariants('GET', LOAN_ACCOUNT_PATHS.details, {
        ok: row,
        empty: { ...newLoanAccountRow, application_id: row.application_id },
        fieldErrors: { id: ['Must be an id: a whole number from 1.'] },
      }),
      none: http.get(LOAN_ACCOUNT_PATHS.details, ({ request }) => {
        const url = new URL(request.url);
        requestLog.push({ method: 'GET', path: url.pathname, query: {}, search: url.search, body: undefined });
        return HttpResponse.json({ message: 'Loan account not found.' }, { status: 404 });
      }),
    },
  };
}

export const loanAccountHandlers = [loanAccountVariants().details.ok];

/** Today's settlement quote of loan 7 (business date 2026-04-20). */
export const settlementQuoteRow: LoanSettlementQuote = {
  application_id: 7,
  as_of: '2026-04-20',
  valid_to: '2026-04-20',
  valid_until: '2026-04-20T21:59:59.999Z',
  principal: '3995.84',
  interest: '366.67',
  fees: '100.00',
  penalty: '0.00',
  total: '4462.51',
  interest_forgiven: '633.33',
};

/** Loan 7 rescheduled over 3 months at 4%: the preview the reschedule dialog shows. */
export const reschedulePreviewRow: LoanReschedulePreview = {
  application_id: 7,
  from_date: '2026-04-20',
  tenure: 3,
  monthly_rate_percent: '4.0000',
  schedule_version: 2,
  instalments: [
    { no: 1, due_date: '2026-05-20', principal: '1331.95', interest: '159.83', fees: '33.33', penalty: '0.00', total: '1525.11' },
    { no: 2, due_date: '2026-06-20', principal: '1331.95', interest: '106.56', fees: '33.33', penalty: '0.00', total: '1471.84' },
    { no: 3, due_date: '2026-07-20', principal: '1331.94', interest: '53.28', fees: '33.34', penalty: '0.00', total: '1418.56' },
  ],
  outstanding_before: loanAccountRow.outstanding,
  total_repayable: '4415.51',
};

const writtenOff: LoanAccountDetails = {
  ...loanAccountRow,
  state: 'written_off',
  outstanding: { principal: '0.00', interest: '0.00', fees: '0.00', penalty: '0.00', total: '0.00' },
  next_due: null,
};

/**
 * The money commands of loan 7 (`LOAN_ACCOUNT_COMMAND_PATHS`), each answering the account
 * after it: `server.use(loanAccountCommandVariants.waive.invalid)` puts a 422 on `amount`.
 */
export const loanAccountCommandVariants = {
  waive: endpointVariants('POST', LOAN_ACCOUNT_COMMAND_PATHS.waive, {
    ok: loanAccountRow,
    empty: loanAccountRow,
    fieldErrors: { amount: ['More than the penalty owed (ZMW 0.00).'] },
  }),
  writeOff: endpointVariants('POST', LOAN_ACCOUNT_COMMAND_PATHS.writeOff, {
    ok: writtenOff,
    empty: writtenOff,
    fieldErrors: { reason: ['Give the reason for the write-off.'] },
  }),
  recovery: endpointVariants('POST', LOAN_ACCOUNT_COMMAND_PATHS.recovery, {
    ok: writtenOff,
    empty: writtenOff,
    fieldErrors: { paid_at: ['Must not be after today.'] },
  }),
  settlementQuote: endpointVariants('GET', LOAN_ACCOUNT_COMMAND_PATHS.settlementQuote, { ok: settlementQuoteRow, empty: settlementQuoteRow }),
  settle: endpointVariants('POST', LOAN_ACCOUNT_COMMAND_PATHS.settle, {
    ok: { ...loanAccountRow, state: 'closed', outstanding: writtenOff.outstanding, next_due: null } satisfies LoanAccountDetails,
    empty: loanAccountRow,
    fieldErrors: { amount: ['The quote changed: it is now ZMW 4,470.00.'] },
  }),
  reschedulePreview: endpointVariants('POST', LOAN_ACCOUNT_COMMAND_PATHS.reschedulePreview, {
    ok: reschedulePreviewRow,
    empty: reschedulePreviewRow,
    fieldErrors: { tenure: [`Tenure: a whole number of months from 1 to 360.`] },
  }),
  reschedule: endpointVariants('POST', LOAN_ACCOUNT_COMMAND_PATHS.reschedule, {
    ok: { ...loanAccountRow, schedule_version: 2 } satisfies LoanAccountDetails,
    empty: loanAccountRow,
    fieldErrors: { tenure: ['Tenure: a whole number of months from 1 to 360.'] },
  }),
};

/** The details and every command answering normally. */
export const loanAccountCommandHandlers = Object.values(loanAccountCommandVariants).map((v) => v.ok);
