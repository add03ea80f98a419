import type { LoanBalance, Repayment } from '@loan/shared-contract';

/*
 * Loan figures as the api answers them, for every domain's fixtures (the loans workspace's
 * loan disk, the transactions' repayments): one builder each, overridden per use.
 */

const NAMES = ['Mwila Banda', 'Chanda Mulenga', 'Natasha Phiri', 'Joseph Tembo'];
const METHODS = ['mobile_money', 'bank', 'cash', 'payroll'] as const;

/** A disbursed loan's balance: 6,000.00 due in 3 instalments from 2026-01-15, 2,500.00 paid, overdue. */
export function makeLoanBalance(overrides: Partial<LoanBalance> = {}): LoanBalance {
  return {
    application_id: 7,
    reference_code: 'LA-2026-000007',
    status: 'approved',
    total_due: '6000.00',
    instalments: 3,
    instalment_amount: '2000.00',
    disbursed_on: '2026-01-15',
    maturity_date: '2026-04-15',
    paid: '2500.00',
    balance: '3500.00',
    repayments_count: 2,
    last_paid_on: '2026-02-15',
    next_due_no: 2,
    next_due_date: '2026-03-15',
    next_due_amount: '1500.00',
    due_to_date: '6000.00',
    arrears: '3500.00',
    days_past_due: 255,
    state: 'overdue',
    ...overrides,
  };
}

/** One repayment; `n` makes each one different (loan, client, amount, day, method). */
export function makeRepayment(n: number, overrides: Partial<Repayment> = {}): Repayment {
  const day = String(1 + (n % 27)).padStart(2, '0');
  return {
    id: n,
    application_id: 100 + (n % 4),
    reference_code: `LA-2026-${String(100 + (n % 4)).padStart(6, '0')}`,
    client_name: NAMES[n % NAMES.length],
    mobile: `+2609700${String(n).padStart(5, '0')}`,
    branch_id: 1 + (n % 2),
    branch_name: n % 2 ? 'Ndola' : 'Lusaka',
    amount: `${500 + n * 25}.50`,
    paid_at: `2026-03-${day}`,
    method: METHODS[n % METHODS.length],
    reference: `MM-${String(n).padStart(4, '0')}`,
    note: null,
    upload_id: null,
    reversed: false,
    reversed_at: null,
    reversal_reason: null,
    recorded_by: 'Fiona Finance',
    created_at: `2026-03-${day}T09:00:00.000Z`,
    updated_at: `2026-03-${day}T09:00:00.000Z`,
    ...overrides,
  };
}
