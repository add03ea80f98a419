import { eq } from 'drizzle-orm';
import { P, type LoanDisk, type PermissionName } from '@loan/shared-contract';
import {
  inScope,
  loanBalance,
  loanRepaymentsOf,
  loanScheduleOf,
  notFound,
  type BranchScope,
  type Db,
} from '@loan/shared-server';
import { branches, loanApplications } from '@loan/shared-server/schema';

export interface Reader {
  scope: BranchScope;
  can(permission: PermissionName): boolean;
}

/** The loan, its balance and schedule (the views of migration 0840) and its repayments. */
export async function loanDisk(db: Db, id: number, reader: Reader): Promise<LoanDisk> {
  const [row] = await db
    .select({ la: loanApplications, branchName: branches.name })
    .from(loanApplications)
    .leftJoin(branches, eq(branches.id, loanApplications.branchId))
    .where(eq(loanApplications.id, id))
    .limit(1);
  // Outside the caller's branches, or of a kind they may not view: as unknown.
  const mayView = row && (reader.can(row.la.kind === 'topup' ? P.viewTopup : P.viewApplication) || reader.can(P.viewRepayments));
  if (!row || !mayView || !inScope(reader.scope, row.la.branchId)) throw notFound('Loan');
  const la = row.la;
  const [balance, schedule, repayments] = [await loanBalance(db, id), await loanScheduleOf(db, id), await loanRepaymentsOf(db, id)];
  return {
    loan: {
      id: la.id,
      kind: la.kind,
      reference_code: la.referenceCode,
      fullname: la.fullname,
      nrc: la.nrc,
      mobile: la.mobile,
      branch_id: la.branchId,
      branch_name: row.branchName,
      status: la.status,
      amount: la.amount,
      interest: la.interest,
      total_amount_due: la.totalAmountDue,
      tenure_months: la.tenureMonths,
    },
    balance,
    schedule,
    repayments,
  };
}
