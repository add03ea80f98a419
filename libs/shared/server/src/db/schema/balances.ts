import { date, integer, numeric, pgTable, pgView, text } from 'drizzle-orm/pg-core';
import { id, money, tstz } from './types';

/** Tables and views of migrations/0840_loan_balances.sql (owner: repayments). */

/** One row per uploaded repayments file: the same file (SHA-256) is refused twice. */
export const repaymentUploads = pgTable('repayment_uploads', {
  id: id().primaryKey().generatedByDefaultAsIdentity(),
  fileSha256: text('file_sha256').notNull(),
  fileName: text('file_name'),
  rowCount: integer('row_count').notNull(),
  totalAmount: numeric('total_amount', { precision: 16, scale: 2 }).notNull(),
  createdBy: id('created_by'),
  createdAt: tstz('created_at').notNull().defaultNow(),
});

/** migrations/1040: the SMS receipt of an uploaded repayment, claimed once (never sent twice). */
export const repaymentReceipts = pgTable('repayment_receipts', {
  repaymentId: id('repayment_id').primaryKey(),
  messageId: id('message_id'),
  createdAt: tstz('created_at').notNull().defaultNow(),
});

/** Loans closed by full repayment: an edit or reversal of their repayments reopens them. */
export const loanPaidInFull = pgTable('loan_paid_in_full', {
  applicationId: id('application_id').primaryKey(),
  closedAt: tstz('closed_at').notNull().defaultNow(),
});

export type LoanBalanceState = 'paid' | 'not_disbursed' | 'overdue' | 'current';

/**
 * THE balance of every loan (approved or closed application/top-up), computed in SQL:
 * read balances here, never add repayments up elsewhere. Money columns are strings.
 */
export const loanBalances = pgView('loan_balances', {
  applicationId: id('application_id').notNull(),
  kind: text('kind').notNull(),
  referenceCode: text('reference_code').notNull(),
  clientId: id('client_id'),
  branchId: id('branch_id'),
  status: text('status').$type<'approved' | 'closed'>().notNull(),
  totalDue: money('total_due').notNull(),
  instalments: integer('instalments').notNull(),
  instalmentAmount: money('instalment_amount').notNull(),
  disbursedOn: date('disbursed_on', { mode: 'string' }),
  maturityDate: date('maturity_date', { mode: 'string' }),
  paid: money('paid').notNull(),
  balance: money('balance').notNull(),
  repaymentsCount: integer('repayments_count').notNull(),
  lastPaidOn: date('last_paid_on', { mode: 'string' }),
  nextDueNo: integer('next_due_no'),
  nextDueDate: date('next_due_date', { mode: 'string' }),
  nextDueAmount: money('next_due_amount'),
  dueToDate: money('due_to_date').notNull(),
  arrears: money('arrears').notNull(),
  daysPastDue: integer('days_past_due').notNull(),
  state: text('state').$type<LoanBalanceState>().notNull(),
}).existing();

export type LoanInstalmentStatus = 'paid' | 'overdue' | 'part_paid' | 'due';

/** The instalments of disbursed loans with what the repayments settled, oldest first. */
export const loanSchedule = pgView('loan_schedule', {
  applicationId: id('application_id').notNull(),
  instalmentNo: integer('instalment_no').notNull(),
  dueDate: date('due_date', { mode: 'string' }).notNull(),
  amount: money('amount').notNull(),
  paid: money('paid').notNull(),
  outstanding: money('outstanding').notNull(),
  status: text('status').$type<LoanInstalmentStatus>().notNull(),
}).existing();
