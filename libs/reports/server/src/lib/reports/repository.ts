import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@loan/shared-server';
import { reportRows } from './report-query';

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
  const conds: SQL[] = [sql`true`];
  // Bounds as instants (the start of the Lusaka day), so the (kind, created_at) indexes serve them.
  if (f.fromDate) conds.push(sql`${at} >= ${f.fromDate}::date::timestamp AT TIME ZONE 'Africa/Lusaka'`);
  if (f.toDate) conds.push(sql`${at} < (${f.toDate}::date + 1)::timestamp AT TIME ZONE 'Africa/Lusaka'`);
  if (f.branchId !== undefined) conds.push(sql`${branch} = ${f.branchId}`);
  return sql.join(conds, sql` AND `);
}

const hours = (interval: SQL) => sql`extract(epoch FROM ${interval}) / 3600.0`;
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
 * null). A pending letter past its expiry counts as expired, as on the dashboard.
 */
export async function offerLettersByMonth(db: Db, f: ReportFilter): Promise<OfferLettersDbRow[]> {
  const rows = await reportRows<OfferLettersDbRow>(
    db,
    sql`SELECT to_char(date_trunc('month', ol.created_at AT TIME ZONE 'Africa/Lusaka'), 'YYYY-MM') AS month,
               count(*) FILTER (WHERE ol.status = 'pending' AND ol.expires_at > now())::int AS pending,
               count(*) FILTER (WHERE ol.status = 'signed')::int AS signed,
               count(*) FILTER (WHERE ol.status = 'expired' OR (ol.status = 'pending' AND ol.expires_at <= now()))::int AS expired,
               count(*)::int AS total,
               ${median(hours(sql`ol.signed_at - ol.created_at`), sql`ol.status = 'signed' AND ol.signed_at IS NOT NULL`)} AS median_hours
          FROM offer_letters ol
          JOIN loan_applications la ON la.id = ol.application_id
         WHERE ${conditions(f, sql`ol.created_at`, sql`la.branch_id`)}
         GROUP BY GROUPING SETS ((1), ())
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
 * disbursement after signing).
 */
export async function funnel(db: Db, f: ReportFilter): Promise<FunnelDbRow> {
  const [row] = await reportRows<FunnelDbRow>(
    db,
    sql`WITH cohort AS (
          SELECT la.created_at, la.approved_at,
                 -- Closed loans were approved first (NOTES.md transitions), stamped or not.
                 (la.approved_at IS NOT NULL OR la.status IN ('approved', 'closed')) AS was_approved,
                 (SELECT min(ol.signed_at) FROM offer_letters ol
                   WHERE ol.application_id = la.id AND ol.status = 'signed') AS signed_at,
                 (SELECT min(d.created_at) FROM disbursements d
                   WHERE d.application_id = la.id AND d.status = 'success') AS disbursed_at
            FROM loan_applications la
           -- Both kinds named, so the (kind, created_at) indexes serve a date range.
           WHERE la.kind IN ('application', 'topup') AND ${conditions(f, sql`la.created_at`, sql`la.branch_id`)}
        )
        SELECT count(*)::int AS requested,
               count(*) FILTER (WHERE was_approved)::int AS approved,
               count(signed_at)::int AS signed,
               count(disbursed_at)::int AS disbursed,
               ${median(hours(sql`approved_at - created_at`), sql`approved_at IS NOT NULL`)} AS to_approve,
               ${median(hours(sql`signed_at - approved_at`), sql`signed_at IS NOT NULL AND approved_at IS NOT NULL`)} AS to_sign,
               ${median(hours(sql`disbursed_at - signed_at`), sql`disbursed_at IS NOT NULL AND signed_at IS NOT NULL`)} AS to_disburse
          FROM cohort`,
  );
  return {
    ...row,
    requested: Number(row.requested),
    approved: Number(row.approved),
    signed: Number(row.signed),
    disbursed: Number(row.disbursed),
  };
}
