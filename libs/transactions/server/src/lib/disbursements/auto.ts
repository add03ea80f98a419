import { eq, sql } from 'drizzle-orm';
import { toNgwee } from '@loan/shared-contract';
import { businessDayStartSql, queryRows, recordAudit, schema, type Db, type Ports } from '@loan/shared-server';
import { disburseOne, SYSTEM_ACTOR } from './disburse';
import type { PayableRow } from './repository';

type Rule = typeof schema.autoDisburseRules.$inferSelect;

/** The pg-boss queue of automatic disbursement (every minute, and at once when a rule is added, edited or resumed). */
export const AUTO_DISBURSE_JOB = 'auto-disburse';

/** A rule pauses itself after this many provider failures in a row (NOTES.md). */
export const FAILURES_TO_PAUSE = 3;

export interface RulePlan {
  pay: PayableRow[];
  skipped: { application_id: number; reason: string }[];
}

/** What automatic payments paid today (business day of the one clock): of one rule, or of all (ruleId null). */
async function paidToday(db: Db, ruleId: number | null): Promise<bigint> {
  const [row] = await queryRows<{ s: string }>(
    db,
    sql`SELECT coalesce(sum(amount), 0)::numeric(18,2)::text AS s FROM disbursements
         WHERE mode = 'auto' AND status IN ('pending', 'success') AND created_at >= ${businessDayStartSql()}
           AND ${ruleId === null ? sql`TRUE` : sql`rule_id = ${ruleId}`}`,
  );
  return toNgwee(row.s);
}

/**
 * What a rule would pay now (the dry run, and the run's plan): the signed, not disbursed loans
 * of its kind, branch and amount range, oldest signature first, while the rule's daily limit and
 * the global float (all auto payments today, `floatLimit`) allow. Money in ngwee (bigint).
 */
export async function planRule(db: Db, rule: Rule, floatLimit: string | null): Promise<RulePlan> {
  const candidates = await queryRows<PayableRow>(
    db,
    sql`SELECT a.id AS application_id, a.kind, a.reference_code, a.client_id, a.fullname AS client_name, a.mobile AS recipient,
               a.amount::text AS amount, a.branch_id, s.signed_at, NULL AS last_failure, s.signed_at::text AS position
          FROM loan_applications a
          JOIN LATERAL (SELECT o.signed_at FROM offer_letters o WHERE o.application_id = a.id AND o.status = 'signed' ORDER BY o.signed_at DESC LIMIT 1) s ON TRUE
         WHERE a.status = 'approved'
           AND NOT EXISTS (SELECT 1 FROM disbursements d WHERE d.application_id = a.id AND d.status IN ('pending', 'success'))
           AND ${rule.kind === 'any' ? sql`TRUE` : sql`a.kind = ${rule.kind}`}
           AND ${rule.branchId === null ? sql`TRUE` : sql`a.branch_id = ${rule.branchId}`}
           AND a.amount >= ${rule.minAmount} AND a.amount <= ${rule.maxAmount}
         ORDER BY s.signed_at, a.id LIMIT 500`,
  );
  let ruleLeft = rule.dailyLimit === null ? null : toNgwee(rule.dailyLimit) - (await paidToday(db, rule.id));
  let floatLeft = floatLimit === null ? null : toNgwee(floatLimit) - (await paidToday(db, null));
  const plan: RulePlan = { pay: [], skipped: [] };
  for (const c of candidates) {
    const amount = toNgwee(c.amount);
    if (ruleLeft !== null && amount > ruleLeft) plan.skipped.push({ application_id: Number(c.application_id), reason: "Over the rule's daily limit" });
    else if (floatLeft !== null && amount > floatLeft) plan.skipped.push({ application_id: Number(c.application_id), reason: 'Over the global float' });
    else {
      plan.pay.push(c);
      if (ruleLeft !== null) ruleLeft -= amount;
      if (floatLeft !== null) floatLeft -= amount;
    }
  }
  return plan;
}

/** Whether the rule's last `FAILURES_TO_PAUSE` disbursements all failed at the provider. */
async function failedInARow(db: Db, ruleId: number): Promise<boolean> {
  const rows = await queryRows<{ status: string }>(
    db,
    sql`SELECT status FROM disbursements WHERE rule_id = ${ruleId} AND status <> 'pending' ORDER BY created_at DESC, id DESC LIMIT ${FAILURES_TO_PAUSE}`,
  );
  return rows.length === FAILURES_TO_PAUSE && rows.every((r) => r.status === 'failed');
}

export interface RuleRun {
  paid: number[];
  /** What each payment was (the run's record on the auto screen). */
  paidRows: { disbursement_id: number; application_id: number; amount: string }[];
  refused: { application_id: number; reason: string }[];
  skipped: RulePlan['skipped'];
  paused: boolean;
}

/**
 * Runs a rule once: pays its plan (each loan through the same once-only path as an instant
 * payment, so a racing instant request or a second worker gets 409, never a second payment),
 * then pauses the rule (active = false, audited) after 3 provider failures in a row.
 */
export async function runRule(db: Db, ports: Ports, rule: Rule, floatLimit: string | null): Promise<RuleRun> {
  const run: RuleRun = { paid: [], paidRows: [], refused: [], skipped: [], paused: false };
  if (!rule.active) return run;
  const plan = await planRule(db, rule, floatLimit);
  run.skipped = plan.skipped;
  for (const loan of plan.pay) {
    try {
      const d = await disburseOne(db, ports, SYSTEM_ACTOR, Number(loan.application_id), { mode: 'auto', ruleId: rule.id });
      run.paid.push(d.id);
      run.paidRows.push({ disbursement_id: d.id, application_id: Number(loan.application_id), amount: d.amount });
    } catch (err) {
      run.refused.push({ application_id: Number(loan.application_id), reason: (err as Error).message });
    }
    if (await failedInARow(db, rule.id)) {
      await db.transaction(async (tx) => {
        await tx.update(schema.autoDisburseRules).set({ active: false, updatedAt: sql`now()` }).where(eq(schema.autoDisburseRules.id, rule.id));
        await recordAudit(tx, SYSTEM_ACTOR.audit, {
          action: 'auto_disburse_rule.pause',
          entity: 'auto_disburse_rule',
          entityId: rule.id,
          details: { reason: `${FAILURES_TO_PAUSE} provider failures in a row` },
        });
      });
      run.paused = true;
      break;
    }
  }
  await recordRun(db, rule.id, run);
  return run;
}

/** Keeps what a run did for the auto screen's "last runs"; a run that found nothing to do is not kept. */
export async function recordRun(db: Db, ruleId: number, run: RuleRun): Promise<void> {
  if (!run.paid.length && !run.refused.length && !run.skipped.length && !run.paused) return;
  await db.execute(
    sql`INSERT INTO auto_disburse_runs (rule_id, paid, refused, skipped, paused)
        VALUES (${ruleId}, ${JSON.stringify(run.paidRows)}::jsonb, ${JSON.stringify(run.refused)}::jsonb, ${JSON.stringify(run.skipped)}::jsonb, ${run.paused})`,
  );
}
