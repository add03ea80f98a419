import { sql, type SQL } from 'drizzle-orm';
import { businessDayRange, reportRows, type Db } from '@loan/shared-server';

/**
 * What every report is filtered by: created between fromDate and toDate (Lusaka days,
 * Africa/Lusaka = UTC+2, both inclusive: the business dates of NOTES.md "Business time"),
 * and a branch already narrowed to the user's scope (`undefined` = every branch).
 */
export interface ReportFilter {
  fromDate?: string;
  toDate?: string;
  branchId?: number;
}

/** The WHERE conditions on a timestamp column and the application's branch column. */
function conditions(f: ReportFilter, at: SQL, branch: SQL): SQL {
  // Bounds as instants (the start of the Lusaka day), so the (kind, created_at) indexes serve them.
  const conds: SQL[] = [sql`true`, ...businessDayRange(at, f.fromDate, f.toDate)];
  if (f.branchId !== undefined) conds.push(sql`${branch} = ${f.branchId}`);
  return sql.join(conds, sql` AND `);
}

const median = (value: SQL, filter: SQL) =>
  sql`round((percentile_cont(0.5) WITHIN GROUP (ORDER BY ${value}) FILTER (WHERE ${filter}))::numeric, 1)::text`;

export interface OfferLettersDbRow {
  month: string | null;
  pending: number;
  signed: number;
  expired: number;
  total: number;
  median_hours: string | null;
}

/**
 * Offer letters by month of creation (Lusaka) and state, the totals as the last row (month
 * null). A pending letter past its expiry counts as expired, as on the dashboard. Read from
 * report_offer_letters (migration 1103: the letters with their application's branch, kept in
 * step in the writes' transactions).
 */
export async function offerLettersByMonth(db: Db, f: ReportFilter): Promise<OfferLettersDbRow[]> {
  const rows = await reportRows<OfferLettersDbRow>(
    db,
    sql`SELECT ol.month,
               count(*) FILTER (WHERE ol.status = 'pending' AND ol.expires_at > now())::int AS pending,
               count(*) FILTER (WHERE ol.status = 'signed')::int AS signed,
               count(*) FILTER (WHERE ol.status = 'expired' OR (ol.status = 'pending' AND ol.expires_at <= now()))::int AS expired,
               count(*)::int AS total,
               ${median(sql`ol.to_sign`, sql`ol.to_sign IS NOT NULL`)} AS median_hours
          FROM report_offer_letters ol
         WHERE ${conditions(f, sql`ol.created_at`, sql`ol.branch_id`)}
         GROUP BY GROUPING SETS ((ol.month), ())
         ORDER BY 1 NULLS LAST`,
  );
  return rows.map((r) => ({ ...r, pending: Number(r.pending), signed: Number(r.signed), expired: Number(r.expired), total: Number(r.total) }));
}

export interface FunnelDbRow {
  requested: number;
  approved: number;
  signed: number;
  disbursed: number;
  to_approve: string | null;
  to_sign: string | null;
  to_disburse: string | null;
}

/**
 * The funnel of the applications and top-ups requested in the range: how many were
 * approved, had a signed offer letter and a successful disbursement, and the median hours
 * of each step (approval after the request, signing after approval, the first successful
 * disbursement after signing). Read from report_funnel (migration 1101: one narrow row per
 * application, kept in step in the writes' transactions).
 */
export async function funnel(db: Db, f: ReportFilter): Promise<FunnelDbRow> {
  const [row] = await reportRows<FunnelDbRow>(
    db,
    sql`SELECT count(*)::int AS requested,
               count(*) FILTER (WHERE rf.was_approved)::int AS approved,
               count(*) FILTER (WHERE rf.signed)::int AS signed,
               count(*) FILTER (WHERE rf.disbursed)::int AS disbursed,
               ${median(sql`rf.to_approve`, sql`rf.to_approve IS NOT NULL`)} AS to_approve,
               ${median(sql`rf.to_sign`, sql`rf.to_sign IS NOT NULL`)} AS to_sign,
               ${median(sql`rf.to_disburse`, sql`rf.to_disburse IS NOT NULL`)} AS to_disburse
          FROM report_funnel rf
         WHERE ${conditions(f, sql`rf.created_at`, sql`rf.branch_id`)}`,
  );
  return {
    ...row,
    requested: Number(row.requested),
    approved: Number(row.approved),
    signed: Number(row.signed),
    disbursed: Number(row.disbursed),
  };
}
