import { endpointVariants, makeLoanBalance, makeRepayment } from '@loan/shared-data-access-api/testing';
import { LOAN_DISK_PATHS, type LoanDisk, type Repayment } from '@loan/shared-contract';

/** A repayment of the loan disk fixture (loan 7, paid on the 15th of month n + 1). */
export function makeLoanRepayment(n: number, overrides: Partial<Repayment> = {}): Repayment {
  const at = `2026-0${1 + n}-15`;
  return makeRepayment(n, {
    application_id: 7,
    reference_code: 'LA-2026-000007',
    client_name: 'Chanda Mulenga',
    mobile: '+260970000007',
    branch_id: 2,
    branch_name: 'Ndola',
    amount: '1000.00',
    paid_at: at,
    method: 'mobile_money',
    reference: `MM-${n}`,
    created_at: `${at}T09:00:00.000Z`,
    updated_at: `${at}T09:00:00.000Z`,
    ...overrides,
  });
}

/** Loan 7, disbursed 2026-01-15: 3 instalments of 2,000.00, 2,500.00 paid, one reversal. */
export const loanDiskRow: LoanDisk = {
  loan: {
    id: 7,
    kind: 'application',
    reference_code: 'LA-2026-000007',
    fullname: 'Chanda Mulenga',
    nrc: '100007/11/1',
    mobile: '+260970000007',
    branch_id: 2,
    branch_name: 'Ndola',
    status: 'approved',
    amount: '5000.00',
    interest: '1000.00',
    total_amount_due: '6000.00',
    tenure_months: 3,
  },
  balance: makeLoanBalance(),
  schedule: [
    { instalment_no: 1, due_date: '2026-02-15', amount: '2000.00', paid: '2000.00', outstanding: '0.00', status: 'paid' },
    { instalment_no: 2, due_date: '2026-03-15', amount: '2000.00', paid: '500.00', outstanding: '1500.00', status: 'overdue' },
    { instalment_no: 3, due_date: '2026-04-15', amount: '2000.00', paid: '0.00', outstanding: '2000.00', status: 'overdue' },
  ],
  repayments: [
    makeLoanRepayment(2, { amount: '100.00', reversed: true, reversed_at: '2026-03-16T10:00:00.000Z', reversal_reason: 'Keyed twice' }),
    makeLoanRepayment(1, { amount: '1500.00' }),
    makeLoanRepayment(0, { amount: '1000.00' }),
  ],
};

/** `server.use(loanDiskVariants.byId.error)`; `empty` is an application that is not a loan yet. */
export const loanDiskVariants = {
  byId: endpointVariants('GET', LOAN_DISK_PATHS.loanById, {
    ok: loanDiskRow,
    empty: { ...loanDiskRow, loan: { ...loanDiskRow.loan, status: 'request' }, balance: null, schedule: [], repayments: [] },
    fieldErrors: { id: ['Must be an id: a whole number from 1.'] },
  }),
};
