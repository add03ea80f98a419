import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { LoanKind } from '@loan/shared-contract';
import { businessDayRange, queryRows, reportRows, type Db } from '@loan/shared-server';
import { branches, loanApplications as la, offerLetters } from '@loan/shared-server/schema';

/** The closed-and-unsigned report: closed loans whose offer letter was never signed. */

export interface ClosedUnsignedFilter {
  kind: LoanKind;
  branchId?: number;
  fromDate?: string;
  toDate?: string;
}

/** The moment a loan closed; rows closed before closed_at was recorded fall back to updated_at. */
const closedMoment = sql`coalesce(${la.closedAt}, ${la.updatedAt})`;

/** Closed loans with no signed offer letter. */
export function closedUnsignedWhere(f: ClosedUnsignedFilter): SQL {
  const conds: SQL[] = [
    eq(la.kind, f.kind),
    eq(la.status, 'closed'),
    sql`NOT EXISTS (SELECT 1 FROM ${offerLetters} WHERE ${offerLetters.applicationId} = ${la.id} AND ${offerLetters.status} = 'signed')`,
  ];
  if (f.branchId !== undefined) conds.push(eq(la.branchId, f.branchId));
  // Closing days are Lusaka days (Africa/Lusaka), as in every other report.
  conds.push(...businessDayRange(closedMoment, f.fromDate, f.toDate));
  return and(...conds) as SQL;
}

export interface ClosedUnsignedDbRow {
  id: number;
  referenceCode: string;
  fullname: string;
  nrc: string;
  mobile: string;
  employer: string | null;
  branchName: string | null;
  amount: string;
  totalAmountDue: string;
  closedAt: Date;
  offerStatus: 'pending' | 'expired' | null;
}

/**
 * The report's loans as report_closed_unsigned holds them (migration 1500: one narrow row per
 * closed loan without a signed letter, kept by the writes' statement triggers), filtered on its
 * columns: no anti-join of every closed loan with every signed letter.
 */
function closedUnsignedFactsWhere(f: ClosedUnsignedFilter): SQL {
  const conds: SQL[] = [sql`c.kind = ${f.kind}`];
  if (f.branchId !== undefined) conds.push(sql`c.branch_id = ${f.branchId}`);
  conds.push(...businessDayRange(sql`c.closed_moment`, f.fromDate, f.toDate));
  return sql.join(conds, sql` AND `);
}

/**
 * One batch of the report, oldest closing first, after the (closed moment, id) given: a stretch
 * of report_closed_unsigned's (kind, closed_moment, application_id) index, picked first (so the
 * plan never joins every remaining loan and sorts them: 1 s a batch at 1M when it did), then
 * joined to the loans.
 */
export async function closedUnsignedBatch(
  db: Db,
  f: ClosedUnsignedFilter,
  after: { closedAt: string; id: number } | undefined,
  limit: number,
): Promise<(ClosedUnsignedDbRow & { closedAtText: string })[]> {
  const keyset = after ? sql` AND (c.closed_moment, c.application_id) > (${after.closedAt}::timestamptz, ${after.id})` : sql``;
  const rows = await queryRows<Omit<ClosedUnsignedDbRow, 'id' | 'closedAt'> & { id: string | number; closedAtText: string }>(
    db,
    sql`SELECT la.id, la.reference_code AS "referenceCode", la.fullname, la.nrc, la.mobile, la.employer, b.name AS "branchName",
               la.amount::text AS amount, la.total_amount_due::text AS "totalAmountDue", c.closed_moment::text AS "closedAtText",
               (SELECT ol.status FROM ${offerLetters} ol WHERE ol.application_id = la.id ORDER BY ol.created_at DESC, ol.id DESC LIMIT 1) AS "offerStatus"
          FROM (SELECT c.application_id, c.closed_moment FROM report_closed_unsigned c
                 WHERE ${closedUnsignedFactsWhere(f)}${keyset}
                 ORDER BY c.closed_moment, c.application_id
                 LIMIT ${limit}) c
          JOIN ${la} la ON la.id = c.application_id
          LEFT JOIN ${branches} b ON b.id = la.branch_id
         ORDER BY c.closed_moment, c.application_id`,
  );
  return rows.map((r) => ({ ...r, id: Number(r.id), closedAt: new Date(r.closedAtText) }));
}

/** Counts and amounts by branch from report_closed_unsigned (an index-only scan), JIT off. */
export async function closedUnsignedByBranch(db: Db, f: ClosedUnsignedFilter) {
  const rows = await reportRows<{ branchId: string; branch: string; count: string; totalAmount: string }>(
    db,
    sql`SELECT coalesce(c.branch_id, 0)::text AS "branchId", coalesce(min(b.name), '') AS branch, count(*)::text AS count,
               coalesce(sum(c.amount), 0)::numeric(18,2)::text AS "totalAmount"
          FROM report_closed_unsigned c LEFT JOIN ${branches} b ON b.id = c.branch_id
         WHERE ${closedUnsignedFactsWhere(f)}
         GROUP BY c.branch_id
         ORDER BY 2`,
  );
  return rows.map((r) => ({ branchId: Number(r.branchId), branch: r.branch, count: Number(r.count), totalAmount: r.totalAmount }));
}
