import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { LoanKind } from '@loan/shared-contract';
import { businessDayRange, type Db } from '@loan/shared-server';
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

/** One batch of the report, oldest closing first, after the (closed moment, id) given. */
export async function closedUnsignedBatch(
  db: Db,
  f: ClosedUnsignedFilter,
  after: { closedAt: string; id: number } | undefined,
  limit: number,
): Promise<(ClosedUnsignedDbRow & { closedAtText: string })[]> {
  const where = after
    ? (and(closedUnsignedWhere(f), sql`(${closedMoment}, ${la.id}) > (${after.closedAt}::timestamptz, ${after.id})`) as SQL)
    : closedUnsignedWhere(f);
  return (await db
    .select({
      id: la.id,
      referenceCode: la.referenceCode,
      fullname: la.fullname,
      nrc: la.nrc,
      mobile: la.mobile,
      employer: la.employer,
      branchName: branches.name,
      amount: la.amount,
      totalAmountDue: la.totalAmountDue,
      closedAt: sql<Date>`${closedMoment}`.mapWith(la.closedAt),
      closedAtText: sql<string>`${closedMoment}::text`,
      offerStatus: sql<'pending' | 'expired' | null>`(SELECT ${offerLetters.status} FROM ${offerLetters} WHERE ${offerLetters.applicationId} = ${la.id} ORDER BY ${offerLetters.createdAt} DESC, ${offerLetters.id} DESC LIMIT 1)`,
    })
    .from(la)
    .leftJoin(branches, eq(branches.id, la.branchId))
    .where(where)
    .orderBy(asc(closedMoment), asc(la.id))
    .limit(limit)) as (ClosedUnsignedDbRow & { closedAtText: string })[];
}

export async function closedUnsignedByBranch(db: Db, f: ClosedUnsignedFilter) {
  const rows = await db
    .select({
      branchId: sql<string>`coalesce(${la.branchId}, 0)::text`,
      branch: sql<string>`coalesce(min(${branches.name}), '')`,
      count: sql<string>`count(*)::text`,
      totalAmount: sql<string>`coalesce(sum(${la.amount}), 0)::numeric(18,2)::text`,
    })
    .from(la)
    .leftJoin(branches, eq(branches.id, la.branchId))
    .where(closedUnsignedWhere(f))
    .groupBy(la.branchId)
    .orderBy(sql`2`);
  return rows.map((r) => ({ branchId: Number(r.branchId), branch: r.branch, count: Number(r.count), totalAmount: r.totalAmount }));
}
