import { desc, eq, gte, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { RepaymentFilter } from '@loan/shared-contract';
import {
  listFilter,
  queryRows,
  schema,
  selectRepayments,
  type BranchScope,
  type Db,
  type RepaymentRow,
} from '@loan/shared-server';

const r = schema.repayments;
const la = schema.loanApplications;

/** The WHERE of the list and the export: the filters inside the branch scope (branchId already narrowed). */
export function whereOf(q: RepaymentFilter, scope: BranchScope, branchId: number | undefined): SQL | undefined {
  return listFilter({
    scope,
    branchColumn: la.branchId,
    search: q.search,
    searchIn: [r.reference, la.referenceCode, la.fullname, la.mobile],
    equals: [[la.branchId, branchId], [r.method, q.method], [la.referenceCode, q.loan]],
    filters: [
      q.fromDate ? gte(r.paidAt, q.fromDate) : undefined,
      q.toDate ? lte(r.paidAt, q.toDate) : undefined,
      q.status === 'active' ? isNull(r.reversedAt) : q.status === 'reversed' ? isNotNull(r.reversedAt) : undefined,
    ],
  });
}

/** One page, newest paid first. */
export function page(db: Db, where: SQL | undefined, limit: number, offset: number): Promise<RepaymentRow[]> {
  return selectRepayments(db).where(where).orderBy(desc(r.paidAt), desc(r.id)).limit(limit).offset(offset);
}

/**
 * The same figures from repayment_day_totals (migration 1301, kept by triggers in the writes'
 * transactions) when the view allows it: every branch, and filtered only by dates, method or
 * state. Answers undefined otherwise (the caller sums the rows).
 */
export async function keptTotals(
  db: Db,
  q: RepaymentFilter,
  scope: BranchScope,
  branchId: number | undefined,
): Promise<{ rows: number; count: number; amount: string } | undefined> {
  if (!scope.all || branchId !== undefined || q.search || q.loan) return undefined;
  const conds: SQL[] = [];
  if (q.fromDate) conds.push(sql`day >= ${q.fromDate}::date`);
  if (q.toDate) conds.push(sql`day <= ${q.toDate}::date`);
  if (q.method) conds.push(sql`method = ${q.method}`);
  if (q.status === 'active') conds.push(sql`NOT reversed`);
  if (q.status === 'reversed') conds.push(sql`reversed`);
  const where = conds.length ? sql`WHERE ${sql.join(conds, sql` AND `)}` : sql``;
  const [t] = await queryRows<{ rows: number; count: number; amount: string }>(
    db,
    sql`SELECT coalesce(sum(count), 0)::int AS rows, coalesce(sum(count) FILTER (WHERE NOT reversed), 0)::int AS count,
               coalesce(sum(amount) FILTER (WHERE NOT reversed), 0)::numeric(16,2)::text AS amount
          FROM repayment_day_totals ${where}`,
  );
  return { rows: Number(t?.rows ?? 0), count: Number(t?.count ?? 0), amount: t?.amount ?? '0.00' };
}

/** Rows of the filter, and the count and sum of those not reversed (exact, in SQL). */
export async function totals(db: Db, where: SQL | undefined): Promise<{ rows: number; count: number; amount: string }> {
  const [t] = await db
    .select({
      rows: sql<number>`count(*)::int`,
      count: sql<number>`(count(*) FILTER (WHERE ${r.reversedAt} IS NULL))::int`,
      amount: sql<string>`coalesce(sum(${r.amount}) FILTER (WHERE ${r.reversedAt} IS NULL), 0)::numeric(16,2)::text`,
    })
    .from(r)
    .leftJoin(la, eq(la.id, r.applicationId))
    .where(where);
  return { rows: Number(t.rows), count: Number(t.count), amount: t.amount };
}

export async function findOne(db: Db, id: number): Promise<RepaymentRow | undefined> {
  const [row] = await selectRepayments(db).where(eq(r.id, id)).limit(1);
  return row;
}

export interface LoanForPayment {
  id: number;
  referenceCode: string;
  clientId: number | null;
  branchId: number | null;
  status: string;
  fullname: string;
  mobile: string;
}

/**
 * A loan by reference code, read (not locked: the loan account's row is the lock of a loan's
 * money, taken by the account's commands; locking the application here too would deadlock
 * against a bulk upload closing it).
 */
export async function loanByReference(db: Db, referenceCode: string): Promise<LoanForPayment | undefined> {
  const [row] = await db
    .select({
      id: la.id,
      referenceCode: la.referenceCode,
      clientId: la.clientId,
      branchId: la.branchId,
      status: la.status,
      fullname: la.fullname,
      mobile: la.mobile,
    })
    .from(la)
    .where(eq(la.referenceCode, referenceCode))
    .limit(1);
  return row;
}
