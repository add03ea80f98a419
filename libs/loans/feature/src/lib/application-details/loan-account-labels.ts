import type { LoanAccountDetails } from '@loan/shared-contract';

type State = LoanAccountDetails['state'];
type Kind = LoanAccountDetails['transactions'][number]['kind'];
type InstalmentStatus = LoanAccountDetails['schedule'][number]['status'];

/** NOTES.md "States of a loan account", in words. */
export const ACCOUNT_STATE_LABEL: Readonly<Record<State, string>> = { active: 'Active', closed: 'Closed', written_off: 'Written off' };

export const ACCOUNT_STATE_TONE: Readonly<Record<State, string>> = {
  active: 'bg-green-100 text-green-800 dark:bg-green-900/50 dark:text-green-200',
  closed: 'bg-gray-200 text-gray-800 dark:bg-slate-700 dark:text-gray-200',
  written_off: 'bg-red-100 text-red-800 dark:bg-red-900/50 dark:text-red-200',
};

/** NOTES.md "Loan transactions", in words. */
export const TRANSACTION_KIND_LABEL: Readonly<Record<Kind, string>> = {
  disbursement: 'Disbursement',
  repayment: 'Repayment',
  repayment_reversal: 'Repayment reversed',
  fee_charge: 'Fee charged',
  penalty_charge: 'Penalty charged',
  interest_accrual: 'Interest accrued',
  waiver: 'Waiver',
  write_off: 'Write-off',
  recovery: 'Recovery',
  reschedule: 'Reschedule',
  settlement: 'Settlement',
};

export const INSTALMENT_STATUS_LABEL: Readonly<Record<InstalmentStatus, string>> = { paid: 'Paid', part_paid: 'Part paid', due: 'Due', overdue: 'Overdue' };
