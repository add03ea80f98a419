import { z } from 'zod';

/**
 * The loan account's details (NOTES.md "Loan products and loan accounts"; the loan details
 * page): the balance split by part, the stored schedule with what was charged, paid and is
 * outstanding per instalment, and the ledger (newest first, superseded rows shown as such).
 * Read with `can view application` inside the caller's branches.
 */
export const LOAN_ACCOUNT_PATHS = {
  details: '/api/loan-accounts/:id',
} as const;

/** A decimal string with two decimals, signed (a ledger row's change to what is owed). */
const signedMoney = z.string().regex(/^-?\d+\.\d{2}$/);
const parts = z.object({ principal: signedMoney, interest: signedMoney, fees: signedMoney, penalty: signedMoney });

export const LOAN_ACCOUNT_STATES = ['active', 'closed', 'written_off'] as const;
export const LOAN_TRANSACTION_KINDS = [
  'disbursement', 'repayment', 'repayment_reversal', 'fee_charge', 'penalty_charge', 'interest_accrual',
  'waiver', 'write_off', 'recovery', 'reschedule', 'settlement',
] as const;

export const loanAccountInstalmentSchema = z.object({
  no: z.number().int(),
  due_date: z.string(),
  principal: signedMoney,
  interest: signedMoney,
  fees: signedMoney,
  penalties: signedMoney,
  paid: signedMoney,
  outstanding: signedMoney,
  status: z.enum(['paid', 'part_paid', 'due', 'overdue']),
});

export const loanAccountTransactionSchema = z.object({
  id: z.number().int(),
  seq: z.number().int(),
  kind: z.enum(LOAN_TRANSACTION_KINDS),
  booking_date: z.string(),
  value_date: z.string(),
  amount: signedMoney,
  parts,
  reason: z.string().nullable(),
  repayment_id: z.number().int().nullable(),
  superseded: z.boolean(),
  created_at: z.string(),
});

export const loanAccountDetailsSchema = z.object({
  application_id: z.number().int(),
  state: z.enum(LOAN_ACCOUNT_STATES),
  disbursed_on: z.string(),
  amount: signedMoney,
  schedule_version: z.number().int(),
  allocation_order: z.array(z.string()),
  outstanding: parts.extend({ total: signedMoney }),
  paid_total: signedMoney,
  next_due: z.object({ no: z.number().int(), date: z.string(), amount: signedMoney }).nullable(),
  schedule: z.array(loanAccountInstalmentSchema),
  transactions: z.array(loanAccountTransactionSchema),
});
export type LoanAccountDetails = z.infer<typeof loanAccountDetailsSchema>;
