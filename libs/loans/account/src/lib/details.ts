import { sql } from 'drizzle-orm';
import type { LoanAccountDetails } from '@loan/shared-contract';
import { queryRows, type Db } from '@loan/shared-server';

/**
 * The loan account of one loan as the details page shows it: balance by part (the kept
 * balances), the current schedule with, per instalment, what was scheduled, charged (penalties),
 * paid and is outstanding (from the live allocations), and every ledger row newest first
 * (superseded ones included, marked). Undefined when the loan has no account (not paid out).
 * Three index reads; the caller checks the branch scope.
 */
export async function accountDetails(db: Db, applicationId: number): Promise<LoanAccountDetails | undefined> {
  const [a] = await queryRows<Record<string, string | number | null | string[]>>(
    db,
    sql`SELECT application_id::int AS application_id, state, disbursed_on::text AS disbursed_on, amount::text AS amount, schedule_version,
               allocation_order, principal_outstanding::text AS p, interest_outstanding::text AS i, fees_outstanding::text AS f,
               penalty_outstanding::text AS n,
               (principal_outstanding + interest_outstanding + fees_outstanding + penalty_outstanding)::numeric(14,2)::text AS total,
               paid_total::text AS paid_total, next_due_no, next_due_date::text AS next_due_date, next_due_amount::text AS next_due_amount
          FROM loan_accounts WHERE application_id = ${applicationId}`,
  );
  if (!a) return undefined;
  const schedule = await queryRows<{
    no: number; due_date: string; principal: string; interest: string; fees: string; penalties: string; paid: string; outstanding: string; status: string;
  }>(
    db,
    sql`SELECT i.no, i.due_date::text AS due_date, i.principal::text AS principal, i.interest::text AS interest, i.fees::text AS fees,
               coalesce(m.penalties, 0)::numeric(14,2)::text AS penalties, coalesce(m.paid, 0)::numeric(14,2)::text AS paid,
               (i.principal + i.interest + i.fees + coalesce(m.change, 0))::numeric(14,2)::text AS outstanding,
               CASE WHEN i.principal + i.interest + i.fees + coalesce(m.change, 0) <= 0 THEN 'paid'
                    WHEN i.due_date < business_today() THEN 'overdue'
                    WHEN coalesce(m.paid, 0) > 0 THEN 'part_paid' ELSE 'due' END AS status
          FROM loan_instalments i
          LEFT JOIN (
            SELECT (e->>'no')::int AS no,
                   sum((e->>'principal')::numeric + (e->>'interest')::numeric + (e->>'fees')::numeric + (e->>'penalty')::numeric) AS change,
                   sum((e->>'penalty')::numeric) FILTER (WHERE t.kind = 'penalty_charge') AS penalties,
                   -sum((e->>'principal')::numeric + (e->>'interest')::numeric + (e->>'fees')::numeric + (e->>'penalty')::numeric)
                     FILTER (WHERE t.kind IN ('repayment', 'repayment_reversal', 'settlement')) AS paid
              FROM loan_transactions t CROSS JOIN LATERAL jsonb_array_elements(t.allocation) e
             WHERE t.application_id = ${applicationId} AND t.superseded_by IS NULL AND t.kind <> 'disbursement'
             GROUP BY 1) m ON m.no = i.no
         WHERE i.application_id = ${applicationId} AND i.schedule_version = ${a['schedule_version']}
         ORDER BY i.no`,
  );
  const txs = await queryRows<{
    id: number; seq: number; kind: string; booking_date: string; value_date: string; amount: string;
    principal: string; interest: string; fees: string; penalty: string; reason: string | null; repayment_id: number | null; superseded: boolean; created_at: string;
  }>(
    db,
    sql`SELECT id::int AS id, seq, kind, booking_date::text AS booking_date, value_date::text AS value_date, amount::text AS amount,
               principal::text AS principal, interest::text AS interest, fees::text AS fees, penalty::text AS penalty, reason,
               repayment_id::int AS repayment_id, superseded_by IS NOT NULL AS superseded, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at
          FROM loan_transactions WHERE application_id = ${applicationId}
         ORDER BY value_date DESC, seq DESC`,
  );
  const s = (k: string) => String(a[k]);
  return {
    application_id: Number(a['application_id']),
    state: s('state') as LoanAccountDetails['state'],
    disbursed_on: s('disbursed_on'),
    amount: s('amount'),
    schedule_version: Number(a['schedule_version']),
    allocation_order: a['allocation_order'] as string[],
    outstanding: { principal: s('p'), interest: s('i'), fees: s('f'), penalty: s('n'), total: s('total') },
    paid_total: s('paid_total'),
    next_due: a['next_due_no'] === null ? null : { no: Number(a['next_due_no']), date: s('next_due_date'), amount: s('next_due_amount') },
    schedule: schedule.map((r) => ({ ...r, no: Number(r.no), status: r.status as LoanAccountDetails['schedule'][number]['status'] })),
    transactions: txs.map((r) => ({
      id: Number(r.id),
      seq: Number(r.seq),
      kind: r.kind as LoanAccountDetails['transactions'][number]['kind'],
      booking_date: r.booking_date,
      value_date: r.value_date,
      amount: r.amount,
      parts: { principal: r.principal, interest: r.interest, fees: r.fees, penalty: r.penalty },
      reason: r.reason,
      repayment_id: r.repayment_id === null ? null : Number(r.repayment_id),
      superseded: Boolean(r.superseded),
      created_at: r.created_at,
    })),
  };
}
