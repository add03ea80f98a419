import { sql } from 'drizzle-orm';
import { businessToday, queryRows, type Db } from '@loan/shared-server';
import { publish } from './events';
import { replayLoans } from './ledger';

/** The daily penalty job's queue (registered by the loans server on pg-boss, business time). */
export const PENALTY_JOB = 'loan-penalties';
/** Accounts per transaction: their locks are held only while that batch is charged. */
export const PENALTY_BATCH = 5000;

/**
 * chargePenalties: the daily penalty job (NOTES.md "Penalty"; the rules' penaltiesDue, set-based).
 * For every ACTIVE account whose product version has a penalty: each instalment of its
 * (first, not rescheduled) schedule whose principal + interest is not fully paid is charged once
 * per month overdue: month 1 on due date + grace days + 1, month m one month later (month ends
 * clamped), none dated after today nor after maturity + stop months. Amount: percent of the
 * instalment's unpaid principal + interest today (half-up; never penalties or fees) or the fixed
 * sum. Idempotent: a (loan, instalment, month) charged already is skipped (and the unique index
 * loan_transactions_penalty_once holds it): running it twice a day changes nothing. Closed and
 * written-off loans get none.
 *
 * Batches of PENALTY_BATCH accounts in id order, one transaction each, the accounts locked FOR
 * UPDATE first (the one lock order of the commands); charges inserted set-based; the kept
 * balances refreshed set-based; a loan given a charge dated before a later transaction (a
 * catch-up run) is replayed so its later allocations pay the penalty first. Answers the charges.
 */
export async function chargePenalties(db: Db, opts: { batch?: number } = {}): Promise<number> {
  const batch = opts.batch ?? PENALTY_BATCH;
  let after = 0;
  let total = 0;
  const today = await businessToday(db);
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const locked = await queryRows<{ id: number }>(
        tx,
        sql`SELECT a.application_id::int AS id
              FROM loan_accounts a JOIN loan_product_versions v ON v.id = a.product_version_id
             WHERE a.application_id > ${after} AND a.state = 'active' AND a.schedule_version = 1 AND v.penalty IS NOT NULL
               AND a.oldest_unpaid_due_date < ${today}::date
             ORDER BY a.application_id LIMIT ${batch}
               FOR UPDATE OF a`,
      );
      if (!locked.length) return { last: null, charged: 0 };
      const ids = sql`string_to_array(${locked.map((l) => l.id).join(',')}, ',')::bigint[]`;
      const charged = await queryRows<{ id: number; vd: string }>(
        tx,
        sql`WITH acc AS (
              SELECT a.application_id, v.penalty->>'calc' AS calc, (v.penalty->>'value')::numeric AS value,
                     coalesce((v.penalty->>'graceDays')::int, 0) AS grace, coalesce((v.penalty->>'stopMonthsAfterMaturity')::int, 0) AS stop_months
                FROM loan_accounts a JOIN loan_product_versions v ON v.id = a.product_version_id
               WHERE a.application_id = ANY (${ids}) AND a.state = 'active' AND a.schedule_version = 1
            ), inst AS (
              SELECT i.application_id, i.no, i.due_date, acc.calc, acc.value, acc.grace,
                     (max(i.due_date) OVER (PARTITION BY i.application_id) + make_interval(months => acc.stop_months))::date AS stop_at,
                     i.principal + i.interest + coalesce(m.paid, 0) AS unpaid
                FROM acc
                JOIN loan_instalments i ON i.application_id = acc.application_id AND i.schedule_version = 1
                LEFT JOIN LATERAL (
                  SELECT sum((e->>'principal')::numeric + (e->>'interest')::numeric) AS paid
                    FROM loan_transactions t CROSS JOIN LATERAL jsonb_array_elements(t.allocation) e
                   WHERE t.application_id = i.application_id AND t.superseded_by IS NULL AND t.kind <> 'disbursement'
                     AND (e->>'no')::int = i.no) m ON true
            ), due AS (
              SELECT inst.application_id, inst.no, g.month,
                     (inst.due_date + inst.grace + 1 + make_interval(months => g.month - 1))::date AS value_date,
                     CASE WHEN inst.calc = 'fixed' THEN round(inst.value, 2) ELSE round(inst.unpaid * inst.value / 100, 2) END AS amount
                FROM inst
               CROSS JOIN LATERAL generate_series(1, 1200) AS g(month)
               WHERE inst.unpaid > 0
                 AND (inst.due_date + inst.grace + 1 + make_interval(months => g.month - 1))::date <= least(${today}::date, inst.stop_at)
            ), fresh AS (
              SELECT d.* FROM due d
               WHERE d.amount > 0
                 AND NOT EXISTS (SELECT 1 FROM loan_transactions t
                                  WHERE t.application_id = d.application_id AND t.kind = 'penalty_charge' AND t.superseded_by IS NULL
                                    AND t.instalment_no = d.no AND t.charge_month = d.month)
            ), base AS (
              SELECT application_id, max(seq) AS seq FROM loan_transactions WHERE application_id = ANY (${ids}) GROUP BY 1
            )
            INSERT INTO loan_transactions (application_id, seq, kind, value_date, amount, penalty, allocation, instalment_no, charge_month, reason)
            SELECT f.application_id, b.seq + row_number() OVER (PARTITION BY f.application_id ORDER BY f.value_date, f.no, f.month),
                   'penalty_charge', f.value_date, f.amount, f.amount,
                   jsonb_build_array(jsonb_build_object('no', f.no, 'principal', 0, 'interest', 0, 'fees', 0, 'penalty', f.amount)),
                   f.no, f.month, 'Late instalment ' || f.no || ', month ' || f.month
              FROM fresh f JOIN base b ON b.application_id = f.application_id
            ON CONFLICT (application_id, kind, instalment_no, charge_month) WHERE kind = 'penalty_charge' AND superseded_by IS NULL DO NOTHING
            RETURNING application_id::int AS id, value_date::text AS vd`,
      );
      if (charged.length) {
        const hit = [...new Set(charged.map((c) => Number(c.id)))];
        const hitIds = sql`string_to_array(${hit.join(',')}, ',')::bigint[]`;
        await queryRows(tx, sql`SELECT 1 AS done FROM (SELECT loan_account_refresh(${hitIds})) x`);
        // A charge dated before a later transaction of its loan (a catch-up run): the later allocations re-run.
        const later = await queryRows<{ id: number }>(
          tx,
          sql`SELECT DISTINCT c.application_id::int AS id
                FROM loan_transactions c
                JOIN loan_transactions t ON t.application_id = c.application_id AND t.superseded_by IS NULL
                                        AND t.kind NOT IN ('disbursement', 'penalty_charge') AND t.value_date > c.value_date
               WHERE c.application_id = ANY (${hitIds}) AND c.kind = 'penalty_charge' AND c.superseded_by IS NULL
                 AND c.booking_date = ${today}::date AND c.value_date < ${today}::date
               ORDER BY 1`,
        );
        if (later.length) await replayLoans(tx, later.map((l) => Number(l.id)), today);
      }
      await publish(tx, { type: 'PenaltiesCharged', businessDate: today, count: charged.length });
      return { last: locked[locked.length - 1].id, charged: charged.length };
    });
    total += done.charged;
    if (done.last === null) break;
    after = done.last;
  }
  return total;
}
