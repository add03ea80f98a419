import { and, asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Instalment, LoanBalance, Repayment } from '@loan/shared-contract';
import type { Db } from './database';
import { branches, loanApplications, loanBalances, loanSchedule, repayments, users } from './schema';

/**
 * Reads of the one source of balances (views loan_balances / loan_schedule, migration
 * 0840) as the contract's wire shapes, for every domain that shows a balance (loan
 * details, repayments, dashboard, reports): nobody adds repayments up by hand.
 */

export type LoanBalanceRow = typeof loanBalances.$inferSelect;

export function toLoanBalance(b: LoanBalanceRow): LoanBalance {
  return {
    application_id: b.applicationId,
    reference_code: b.referenceCode,
    status: b.status,
    total_due: b.totalDue,
    instalments: b.instalments,
    instalment_amount: b.instalmentAmount,
    disbursed_on: b.disbursedOn,
    maturity_date: b.maturityDate,
    paid: b.paid,
    balance: b.balance,
    repayments_count: b.repaymentsCount,
    last_paid_on: b.lastPaidOn,
    next_due_no: b.nextDueNo,
    next_due_date: b.nextDueDate,
    next_due_amount: b.nextDueAmount,
    due_to_date: b.dueToDate,
    arrears: b.arrears,
    days_past_due: b.daysPastDue,
    state: b.state,
  };
}

/** The balance of one loan, or null when the application is not a loan (request, rejected). */
export async function loanBalance(db: Db, applicationId: number): Promise<LoanBalance | null> {
  const [row] = await db.select().from(loanBalances).where(eq(loanBalances.applicationId, applicationId));
  return row ? toLoanBalance(row) : null;
}

/** Balances of several loans, by application id. */
export async function loanBalancesOf(db: Db, applicationIds: readonly number[]): Promise<Map<number, LoanBalance>> {
  if (!applicationIds.length) return new Map();
  const rows = await db.select().from(loanBalances).where(inArray(loanBalances.applicationId, [...applicationIds]));
  return new Map(rows.map((r) => [r.applicationId, toLoanBalance(r)]));
}

/** The instalments of one loan, oldest first (empty before disbursement). */
export async function loanScheduleOf(db: Db, applicationId: number): Promise<Instalment[]> {
  const rows = await db
    .select()
    .from(loanSchedule)
    .where(eq(loanSchedule.applicationId, applicationId))
    .orderBy(asc(loanSchedule.instalmentNo));
  return rows.map((r) => ({
    instalment_no: r.instalmentNo,
    due_date: r.dueDate,
    amount: r.amount,
    paid: r.paid,
    outstanding: r.outstanding,
    status: r.status,
  }));
}

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

/** The columns of a repayment as the contract shows it (with its loan, branch and recorder). */
export const repaymentColumns = {
  id: repayments.id,
  applicationId: repayments.applicationId,
  referenceCode: loanApplications.referenceCode,
  clientName: loanApplications.fullname,
  mobile: loanApplications.mobile,
  branchId: loanApplications.branchId,
  branchName: branches.name,
  amount: repayments.amount,
  paidAt: repayments.paidAt,
  method: repayments.method,
  reference: repayments.reference,
  note: repayments.note,
  uploadId: repayments.uploadId,
  reversedAt: repayments.reversedAt,
  reversalReason: repayments.reversalReason,
  recordedBy: users.fullname,
  createdAt: repayments.createdAt,
  updatedAt: repayments.updatedAt,
};

/** SELECT repaymentColumns FROM repayments with its loan, branch and recorder joined. */
export function selectRepayments(db: Db) {
  return db
    .select(repaymentColumns)
    .from(repayments)
    .leftJoin(loanApplications, eq(loanApplications.id, repayments.applicationId))
    .leftJoin(branches, eq(branches.id, loanApplications.branchId))
    .leftJoin(users, eq(users.id, repayments.createdBy));
}

export type RepaymentRow = Awaited<ReturnType<ReturnType<typeof selectRepayments>['execute']>>[number];

export function toRepayment(r: RepaymentRow): Repayment {
  return {
    id: r.id,
    application_id: r.applicationId,
    reference_code: r.referenceCode,
    client_name: r.clientName,
    mobile: r.mobile,
    branch_id: r.branchId,
    branch_name: r.branchName,
    amount: r.amount,
    paid_at: r.paidAt,
    method: r.method,
    reference: r.reference,
    note: r.note,
    upload_id: r.uploadId,
    reversed: r.reversedAt !== null,
    reversed_at: iso(r.reversedAt),
    reversal_reason: r.reversalReason,
    recorded_by: r.recordedBy,
    created_at: iso(r.createdAt) as string,
    updated_at: iso(r.updatedAt) as string,
  };
}

/** The repayments of one loan, newest first, reversed ones included (marked). */
export async function loanRepaymentsOf(db: Db, applicationId: number, where?: SQL): Promise<Repayment[]> {
  const rows = await selectRepayments(db)
    .where(and(eq(repayments.applicationId, applicationId), where))
    .orderBy(desc(repayments.paidAt), desc(repayments.id));
  return rows.map(toRepayment);
}
