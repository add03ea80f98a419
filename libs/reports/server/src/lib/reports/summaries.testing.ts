import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '@loan/shared-server';

/**
 * Every report summary (migrations 1100-1104 and 1500, kept by 1240's statement triggers) beside the
 * same figures worked out here from the base tables, independently of the summaries' own SQL
 * (as the reports read them before there were summaries). Each pair must be equal after any
 * write; every value is text, so numbers compare exactly.
 */
export const SUMMARIES = {
  /** report_daily: due (the schedule), collected (live repayments), disbursed, per Lusaka day and the loan's branch. */
  report_daily: {
    kept: sql`SELECT day::text, branch_id::text, due::numeric(18,2)::text AS due, due_count::text, collected::numeric(18,2)::text AS collected,
                     collected_count::text, disbursed::numeric(18,2)::text AS disbursed, disbursed_count::text
                FROM report_daily WHERE due_count <> 0 OR collected_count <> 0 OR disbursed_count <> 0 OR due <> 0 OR collected <> 0 OR disbursed <> 0
               ORDER BY 1, 2`,
    recomputed: sql`SELECT day::text, branch_id::text, sum(due)::numeric(18,2)::text AS due, sum(due_count)::text AS due_count,
                     sum(collected)::numeric(18,2)::text AS collected, sum(collected_count)::text AS collected_count,
                     sum(disbursed)::numeric(18,2)::text AS disbursed, sum(disbursed_count)::text AS disbursed_count
                FROM (SELECT s.due_date AS day, coalesce(la.branch_id, 0) AS branch_id, s.amount AS due, 1 AS due_count, 0 AS collected, 0 AS collected_count, 0 AS disbursed, 0 AS disbursed_count
                        FROM loan_schedule s JOIN loan_applications la ON la.id = s.application_id
                      UNION ALL
                      SELECT r.paid_at, coalesce(la.branch_id, 0), 0, 0, r.amount, 1, 0, 0
                        FROM repayments r JOIN loan_applications la ON la.id = r.application_id WHERE r.reversed_at IS NULL
                      UNION ALL
                      SELECT (d.created_at AT TIME ZONE business_time_zone())::date, coalesce(la.branch_id, 0), 0, 0, 0, 0, d.amount, 1
                        FROM disbursements d JOIN loan_applications la ON la.id = d.application_id WHERE d.status = 'success') x
               GROUP BY 1, 2 ORDER BY 1, 2`,
  },
  /** report_loan_balances: loan_balances' balance and days past due of every disbursed loan. */
  report_loan_balances: {
    kept: sql`SELECT application_id::text AS id, branch_id::text AS branch, disbursed_on::text AS d, balance::text AS balance,
                     greatest(0, business_today() - next_due_date)::text AS dpd
                FROM report_loan_balances ORDER BY application_id`,
    recomputed: sql`SELECT application_id::text AS id, branch_id::text AS branch, disbursed_on::text AS d, balance::text AS balance, days_past_due::text AS dpd
                FROM loan_balances WHERE disbursed_on IS NOT NULL ORDER BY application_id`,
  },
  /** report_funnel: per application, approved / signed / paid out and the hours between the steps. */
  report_funnel: {
    kept: sql`SELECT application_id::text AS id, branch_id::text AS branch, created_at::text AS created, was_approved::text AS approved,
                     signed::text, disbursed::text, round(to_approve, 6)::text AS a, round(to_sign, 6)::text AS s, round(to_disburse, 6)::text AS d
                FROM report_funnel ORDER BY application_id`,
    recomputed: sql`SELECT c.id::text AS id, c.branch_id::text AS branch, c.created_at::text AS created,
                     (c.approved_at IS NOT NULL OR c.status IN ('approved', 'closed'))::text AS approved,
                     (c.signed_at IS NOT NULL)::text AS signed, (c.disbursed_at IS NOT NULL)::text AS disbursed,
                     round(extract(epoch FROM c.approved_at - c.created_at) / 3600.0, 6)::text AS a,
                     round(extract(epoch FROM c.signed_at - c.approved_at) / 3600.0, 6)::text AS s,
                     round(extract(epoch FROM c.disbursed_at - c.signed_at) / 3600.0, 6)::text AS d
                FROM (SELECT la.*,
                             (SELECT min(ol.signed_at) FROM offer_letters ol WHERE ol.application_id = la.id AND ol.status = 'signed') AS signed_at,
                             (SELECT min(d.created_at) FROM disbursements d WHERE d.application_id = la.id AND d.status = 'success') AS disbursed_at
                        FROM loan_applications la WHERE la.kind IN ('application', 'topup')) c
               ORDER BY c.id`,
  },
  /** report_offer_letters: the letters with their application's branch and Lusaka month. */
  report_offer_letters: {
    kept: sql`SELECT letter_id::text AS id, application_id::text AS app, created_at::text AS created, month, branch_id::text AS branch, status,
                     expires_at::text AS expires, round(to_sign, 6)::text AS h
                FROM report_offer_letters ORDER BY letter_id`,
    recomputed: sql`SELECT ol.id::text AS id, ol.application_id::text AS app, ol.created_at::text AS created,
                     to_char(date_trunc('month', ol.created_at AT TIME ZONE business_time_zone()), 'YYYY-MM') AS month, la.branch_id::text AS branch, ol.status,
                     ol.expires_at::text AS expires,
                     round(CASE WHEN ol.status = 'signed' AND ol.signed_at IS NOT NULL THEN extract(epoch FROM ol.signed_at - ol.created_at) / 3600.0 END, 6)::text AS h
                FROM offer_letters ol JOIN loan_applications la ON la.id = ol.application_id ORDER BY ol.id`,
  },
  /** report_closed_unsigned (1500): closed loans without a signed letter, their kind, branch, closing moment and amount. */
  report_closed_unsigned: {
    kept: sql`SELECT application_id::text AS id, kind, branch_id::text AS branch, closed_moment::text AS closed, amount::text AS amount
                FROM report_closed_unsigned ORDER BY application_id`,
    recomputed: sql`SELECT la.id::text AS id, la.kind, la.branch_id::text AS branch, coalesce(la.closed_at, la.updated_at)::text AS closed, la.amount::text AS amount
                FROM loan_applications la
               WHERE la.status = 'closed' AND la.id NOT IN (SELECT ol.application_id FROM offer_letters ol WHERE ol.status = 'signed')
               ORDER BY la.id`,
  },
} satisfies Record<string, { kept: SQL; recomputed: SQL }>;

export type SummaryName = keyof typeof SUMMARIES;

/** The rows of the given summaries as kept and as recomputed, to compare with toEqual. */
export async function summariesBeside(db: Db, names: readonly SummaryName[] = Object.keys(SUMMARIES) as SummaryName[]) {
  const kept: Record<string, Record<string, string>[]> = {};
  const recomputed: Record<string, Record<string, string>[]> = {};
  for (const name of names) {
    kept[name] = await queryRows<Record<string, string>>(db, SUMMARIES[name].kept);
    recomputed[name] = await queryRows<Record<string, string>>(db, SUMMARIES[name].recomputed);
  }
  return { kept, recomputed };
}
