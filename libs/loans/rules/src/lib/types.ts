// The types of the money rules (design: /work/notes/loan-money-design.md, "Rules API").
// Money is bigint ngwee everywhere; dates are ISO 'YYYY-MM-DD' business dates.

export type Ngwee = bigint;

export type Part = 'penalty' | 'fees' | 'interest' | 'principal';
export const PARTS: readonly Part[] = Object.freeze(['principal', 'interest', 'fees', 'penalty'] as Part[]);
export const DEFAULT_ALLOCATION_ORDER: readonly Part[] = Object.freeze(['penalty', 'fees', 'interest', 'principal'] as Part[]);
export type Parts = Record<Part, Ngwee>;
export const zeroParts = (): Parts => ({ principal: 0n, interest: 0n, fees: 0n, penalty: 0n });

export type InterestMethod = 'flat' | 'declining';
export type FeeKind = 'processing' | 'insurance' | 'other';
export type FeeWhen = 'deducted' | 'capitalised' | 'upfront';

export interface FeeRule {
  name: string;
  kind: FeeKind;
  calc: 'percent' | 'fixed';
  /** "2.50" = 2.5 % of the amount (principal), or "150.00" ZMW. */
  value: string;
  when: FeeWhen;
}

export interface PenaltyRule {
  calc: 'percent' | 'fixed';
  /** percent a month of the overdue instalment's unpaid principal + interest, or ZMW per missed instalment a month. */
  value: string;
  graceDays: number;
  /** default 3 */
  stopMonthsAfterMaturity: number;
}

export interface ProductTerms {
  interestMethod: InterestMethod;
  /** "4.00" = 4 % a month (up to 4 decimals). */
  monthlyRatePercent: string;
  fees: FeeRule[];
  penalty: PenaltyRule | null;
  /** a permutation of the four parts */
  allocationOrder: Part[];
  /** flat only: percent of the future interest given back on settlement, default "0.00" */
  settlementRebatePercent: string;
}

export interface Instalment {
  no: number;
  dueDate: string;
  principal: Ngwee;
  interest: Ngwee;
  fees: Ngwee;
}

export interface FeeAmount {
  name: string;
  kind: FeeKind;
  when: FeeWhen;
  amount: Ngwee;
}

export interface Schedule {
  instalments: Instalment[];
  /** The amount lent: the sum of the instalments' principal. Capitalised fees are NOT in it (they are the `fees` part). */
  principal: Ngwee;
  feesDeducted: Ngwee;
  feesUpfront: Ngwee;
  feesCapitalised: Ngwee;
  feesByName: FeeAmount[];
  /** amount - deducted fees */
  payout: Ngwee;
  totalInterest: Ngwee;
  /** the sum of the instalments (principal + interest + capitalised fees) */
  totalRepayable: Ngwee;
}

export interface CalculatorQuote {
  /** the first instalment (all but the last are equal for flat and declining) */
  instalment: Ngwee;
  lastInstalment: Ngwee;
  instalments: number;
  totalInterest: Ngwee;
  totalFees: Ngwee;
  totalRepayable: Ngwee;
  payout: Ngwee;
  firstDueDate: string;
  schedule: Schedule;
}

export type TxKind =
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

export interface LedgerEvent {
  seq: number;
  kind: TxKind;
  valueDate: string;
  amount: Ngwee;
  /** penalty_charge / fee_charge / interest_accrual: which instalment it belongs to */
  instalmentNo?: number;
  /** waiver: which part */
  part?: Exclude<Part, 'principal'>;
  /** repayment_reversal: the seq of the repayment it cancels */
  reverses?: number;
  /** reschedule: the new instalments for what is outstanding */
  schedule?: Instalment[];
}

export type InstalmentStatus = 'paid' | 'part_paid' | 'due' | 'overdue';

export interface InstalmentState extends Instalment {
  /** penalties charged on this instalment (fee charges are added to `fees`, interest accruals to `interest`) */
  penalty: Ngwee;
  paid: Parts;
  waived: Parts;
  /** what a write-off took off this instalment (added field) */
  writtenOff: Parts;
  /** what is still owed of each part (added field): due - paid - waived - written off */
  outstanding: Parts;
  status: InstalmentStatus;
}

/** What one event did to one instalment (positive amounts: paid, waived, charged, ...). */
export interface Allocation {
  no: number;
  parts: Parts;
}

export interface EventEffect {
  /** signed change the event made to the outstanding parts */
  parts: Parts;
  allocation: Allocation[];
  /** (added) the amount the event's row carries: the event's amount, or for write_off the sum written off */
  amount: Ngwee;
  /** (added) settlement: the interest forgiven inside it (outstanding - paid); write_off: what was written off */
  forgiven?: Parts;
}

export interface ReplayResult {
  instalments: InstalmentState[];
  effects: Map<number, EventEffect>;
  outstanding: Parts;
  state: 'active' | 'closed' | 'written_off';
  /** live repayments + settlements received */
  paidTotal: Ngwee;
  /** (added) recoveries received on a written-off loan */
  recoveredTotal: Ngwee;
  /** (added) value date of the disbursement event, null before it */
  disbursedOn: string | null;
  /** (added) value date of the event that closed or wrote the loan off */
  closedOn: string | null;
  /** (added) 1 + the number of reschedules */
  scheduleVersion: number;
}

export interface Balances {
  outstanding: Parts;
  total: Ngwee;
  arrears: Ngwee;
  dueToDate: Ngwee;
  daysPastDue: number;
  nextDue: { no: number; date: string; amount: Ngwee } | null;
  oldestUnpaidDueDate: string | null;
  /** (added) 0840's loan_balances.state: paid | overdue | current */
  state: 'paid' | 'overdue' | 'current';
  /** (added) the last instalment's due date */
  maturityDate: string | null;
}

export interface PenaltyDue {
  no: number;
  month: number;
  amount: Ngwee;
  valueDate: string;
}

export interface SettlementQuote {
  total: Ngwee;
  parts: Parts;
  interestForgiven: Ngwee;
  /** the quote holds to the end of this business day */
  validUntil: string;
}

export interface AprResult {
  monthlyIrr: number;
  apr: number;
  ear: number;
}

export interface KeyFacts {
  amount: Ngwee;
  payout: Ngwee;
  fees: FeeAmount[];
  totalFees: Ngwee;
  totalInterest: Ngwee;
  totalRepayable: Ngwee;
  instalmentAmount: Ngwee;
  lastInstalmentAmount: Ngwee;
  instalments: number;
  firstDueDate: string;
  penalty: PenaltyRule | null;
  /** e.g. "5.00% a month of the overdue instalment after 3 days' grace" */
  penaltyTerms: string;
  /** fractions: 0.6 = 60 % */
  monthlyIrr: number;
  apr: number;
  ear: number;
  /** percent strings with 2 decimals, e.g. "60.00" */
  aprPercent: string;
  earPercent: string;
}

export class RuleError extends Error {
  readonly code: string;
  readonly field?: string;
  constructor(code: string, message: string, field?: string) {
    super(message);
    this.name = 'RuleError';
    this.code = code;
    if (field !== undefined) this.field = field;
  }
}
