import { date, integer, jsonb, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { id, money, tstz } from './types';

/**
 * Tables of migrations/1710_loan_accounts.sql (owner: libs/loans/account): the loan account,
 * its stored schedule and its append-only ledger. Only libs/loans/account writes them.
 */

export type LoanAccountState = 'active' | 'closed' | 'written_off';
export type LoanTransactionKind =
  | 'disbursement'
  | 'repayment'
  | 'repayment_reversal'
  | 'fee_charge'
  | 'penalty_charge'
  | 'interest_accrual'
  | 'waiver'
  | 'write_off'
  | 'recovery'
  | 'reschedule'
  | 'settlement';
/** What a transaction did to one instalment: signed changes to what is outstanding (decimal numbers). */
export interface LoanAllocationEntry {
  no: number;
  principal: number | string;
  interest: number | string;
  fees: number | string;
  penalty: number | string;
}

export const loanAccounts = pgTable('loan_accounts', {
  applicationId: id('application_id').primaryKey(),
  productVersionId: id('product_version_id'),
  state: text('state').$type<LoanAccountState>().notNull().default('active'),
  disbursedOn: date('disbursed_on', { mode: 'string' }).notNull(),
  amount: money('amount').notNull(),
  scheduleVersion: integer('schedule_version').notNull().default(1),
  allocationOrder: text('allocation_order').array().notNull(),
  principalOutstanding: money('principal_outstanding').notNull(),
  interestOutstanding: money('interest_outstanding').notNull(),
  feesOutstanding: money('fees_outstanding').notNull(),
  penaltyOutstanding: money('penalty_outstanding').notNull(),
  paidTotal: money('paid_total').notNull(),
  nextDueNo: integer('next_due_no'),
  nextDueDate: date('next_due_date', { mode: 'string' }),
  nextDueAmount: numeric('next_due_amount', { precision: 14, scale: 2 }),
  oldestUnpaidDueDate: date('oldest_unpaid_due_date', { mode: 'string' }),
  closedOn: date('closed_on', { mode: 'string' }),
  writtenOffOn: date('written_off_on', { mode: 'string' }),
  createdAt: tstz('created_at').notNull().defaultNow(),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});

export const loanInstalments = pgTable(
  'loan_instalments',
  {
    applicationId: id('application_id').notNull(),
    scheduleVersion: integer('schedule_version').notNull(),
    no: integer('no').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    principal: money('principal').notNull(),
    interest: money('interest').notNull(),
    fees: money('fees').notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.applicationId, t.scheduleVersion, t.no] })],
);

export const loanTransactions = pgTable('loan_transactions', {
  id: id().primaryKey().generatedByDefaultAsIdentity(),
  applicationId: id('application_id').notNull(),
  seq: integer('seq').notNull(),
  kind: text('kind').$type<LoanTransactionKind>().notNull(),
  bookingDate: date('booking_date', { mode: 'string' }).notNull(),
  valueDate: date('value_date', { mode: 'string' }).notNull(),
  amount: money('amount').notNull(),
  principal: money('principal').notNull(),
  interest: money('interest').notNull(),
  fees: money('fees').notNull(),
  penalty: money('penalty').notNull(),
  allocation: jsonb('allocation').$type<LoanAllocationEntry[]>().notNull(),
  instalmentNo: integer('instalment_no'),
  chargeMonth: integer('charge_month'),
  reason: text('reason'),
  reversesId: id('reverses_id'),
  repaymentId: id('repayment_id'),
  disbursementId: id('disbursement_id'),
  supersededBy: id('superseded_by'),
  createdBy: id('created_by'),
  createdAt: tstz('created_at').notNull().defaultNow(),
});
