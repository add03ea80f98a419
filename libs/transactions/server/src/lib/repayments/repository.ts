import { and, desc, eq, gte, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
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

/** The repayment row locked for a change (its own columns). */
export async function lockRepayment(db: Db, id: number) {
  const [row] = await db.select().from(r).where(eq(r.id, id)).for('update').limit(1);
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
 * A loan (by reference code or id), locked (`FOR UPDATE` of loan_applications) so the
 * balance check and the write that follows it are one step: a second repayment of the same
 * loan waits here until this transaction ends, then sees the new balance.
 */
async function lockLoan(db: Db, where: SQL): Promise<LoanForPayment | undefined> {
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
    .where(where)
    .for('update')
    .limit(1);
  return row;
}

export const lockLoanByReference = (db: Db, referenceCode: string) => lockLoan(db, eq(la.referenceCode, referenceCode));
export const lockLoanById = (db: Db, id: number) => lockLoan(db, eq(la.id, id));

export async function referenceTaken(db: Db, reference: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: r.id })
    .from(r)
    .where(and(eq(r.reference, reference), exceptId === undefined ? undefined : sql`${r.id} <> ${exceptId}`))
    .limit(1);
  return !!row;
}

/**
 * Closes the approved loans among `ids` (a subquery answering loan ids) whose balance is
 * paid, and marks them paid in full; `answer` selects from `done` (the closed ids).
 */
const closeStatement = (ids: SQL, answer: SQL) =>
  sql`WITH done AS (
        UPDATE loan_applications la SET status = 'closed', closed_at = now(), updated_at = now()
          FROM loan_balances b
         WHERE b.application_id = la.id AND la.status = 'approved' AND b.balance <= 0
           AND la.id IN (${ids})
        RETURNING la.id)
      , mark AS (INSERT INTO loan_paid_in_full (application_id) SELECT id FROM done
                 ON CONFLICT (application_id) DO UPDATE SET closed_at = now())
      ${answer}`;

/**
 * Closes the loans of `ids` (a subquery, e.g. a bulk upload's temporary table) that are paid
 * in full, in the database only (no list of them in this process): answers how many closed.
 */
export async function closePaidInFull(db: Db, ids: SQL): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, closeStatement(ids, sql`SELECT count(*)::int AS n FROM done`));
  return row.n;
}

/**
 * After repayments of these loans changed: closes the approved ones now paid in full
 * (approved -> closed, remembered in loan_paid_in_full) and reopens the ones closed that
 * way whose balance is owed again (closed -> approved). One statement each; answers the
 * ids closed and reopened, for the audit trail.
 */
export async function settleLoanStatus(db: Db, ids: readonly number[]): Promise<{ closed: number[]; reopened: number[] }> {
  if (!ids.length) return { closed: [], reopened: [] };
  const list = ids.join(',');
  const closed = await queryRows<{ id: number }>(
    db,
    closeStatement(sql`SELECT unnest(string_to_array(${list}, ',')::bigint[])`, sql`SELECT id::int AS id FROM done ORDER BY id`),
  );
  const reopened = await queryRows<{ id: number }>(
    db,
    sql`WITH owed AS (
          DELETE FROM loan_paid_in_full p USING loan_balances b
           WHERE b.application_id = p.application_id AND b.balance > 0
             AND p.application_id = ANY(string_to_array(${list}, ',')::bigint[])
          RETURNING p.application_id)
        UPDATE loan_applications la SET status = 'approved', closed_at = NULL, updated_at = now()
          FROM owed WHERE owed.application_id = la.id AND la.status = 'closed'
        RETURNING la.id::int AS id`,
  );
  return { closed: closed.map((c) => c.id), reopened: reopened.map((c) => c.id) };
}
