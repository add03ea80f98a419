import { and, sql } from 'drizzle-orm';
import {
  DISBURSEMENTS_PATHS,
  P,
  reconcileResultSchema,
  statementBodySchema,
  statementMatchSchema,
  toNgwee,
  type ReconcileResult,
  type StatementMatch,
} from '@loan/shared-contract';
import { businessDateSql, businessDayRange, defineRoute, queryRows, scopeCondition, type BranchScope, type Db } from '@loan/shared-server';
import { reconcile, type Actor } from './disburse';

type Line = { line: number; reference: string; amount: string; date: string };

interface Candidate {
  id: string;
  provider_ref: string | null;
  amount: string;
  status: string;
  reconciled: boolean;
  recipient: string;
  reference_code: string | null;
  /** The Lusaka days of its creation and of its settlement (the statement may date either). */
  created_day: string;
  settled_day: string | null;
  branch_id: string | null;
}

const lusakaDay = (col: ReturnType<typeof sql>) => sql`to_char(${businessDateSql(col)}, 'YYYY-MM-DD')`;

/**
 * Matches the provider's statement lines with our disbursements on provider reference,
 * amount and date (NOTES.md), inside the user's branch scope. A line matches one
 * successful disbursement whose provider reference equals the line's, whose amount is the
 * same to the ngwee and whose creation or settlement day (Lusaka) is the line's date.
 * Also lists the successful, not reconciled disbursements of the statement's days that no
 * line matched. Reads only.
 */
export async function matchStatement(db: Db, scope: BranchScope, lines: readonly Line[]): Promise<StatementMatch> {
  const refs = [...new Set(lines.map((l) => l.reference))];
  const scoped = scopeCondition(scope, sql`d.branch_id`) ?? sql`TRUE`;
  const byRef = new Map<string, Candidate[]>();
  const rows = await queryRows<Candidate>(
    db,
    sql`SELECT d.id, d.provider_ref, d.amount::text AS amount, d.status, d.reconciled, d.recipient, a.reference_code, d.branch_id,
               ${lusakaDay(sql`d.created_at`)} AS created_day, ${lusakaDay(sql`d.settled_at`)} AS settled_day
          FROM disbursements d LEFT JOIN loan_applications a ON a.id = d.application_id
         WHERE d.provider_ref IN (${sql.join(refs.map((r) => sql`${r}`), sql`, `)}) AND ${scoped}`,
  );
  for (const r of rows) byRef.set(r.provider_ref ?? '', [...(byRef.get(r.provider_ref ?? '') ?? []), r]);

  const out: StatementMatch = { matched: [], unmatched_lines: [], unmatched_disbursements: [], from: '', to: '' };
  const used = new Set<string>();
  for (const l of lines) {
    const base = { line: l.line, reference: l.reference, amount: l.amount, date: l.date };
    const candidates = byRef.get(l.reference) ?? [];
    const ok = candidates.filter((c) => c.status === 'success');
    const miss = (reason: string, id: string | null = null) => out.unmatched_lines.push({ ...base, reason, disbursement_id: id === null ? null : Number(id) });
    if (!candidates.length) miss('No disbursement has this provider reference.');
    else if (!ok.length) miss(`The disbursement is ${candidates[0].status}, not successful.`, candidates[0].id);
    else {
      const amountOk = ok.filter((c) => toNgwee(c.amount) === toNgwee(l.amount));
      const hit = amountOk.find((c) => c.created_day === l.date || c.settled_day === l.date);
      if (!amountOk.length) miss(`The amount differs: ${ok[0].amount} was paid.`, ok[0].id);
      else if (!hit) miss(`The date differs: paid on ${amountOk[0].settled_day ?? amountOk[0].created_day}.`, amountOk[0].id);
      else if (used.has(hit.id)) miss('This reference is in the statement twice.', hit.id);
      else {
        used.add(hit.id);
        out.matched.push({ ...base, disbursement_id: Number(hit.id), recipient: hit.recipient, already_reconciled: hit.reconciled });
      }
    }
  }

  const days = lines.map((l) => l.date).sort();
  out.from = days[0] ?? '';
  out.to = days[days.length - 1] ?? '';
  if (out.from) {
    const rest = await queryRows<Candidate>(
      db,
      sql`SELECT d.id, d.provider_ref, d.amount::text AS amount, d.recipient, a.reference_code, ${lusakaDay(sql`coalesce(d.settled_at, d.created_at)`)} AS settled_day
            FROM disbursements d LEFT JOIN loan_applications a ON a.id = d.application_id
           WHERE d.status = 'success' AND NOT d.reconciled AND ${scoped}
             AND ${and(...businessDayRange(sql`coalesce(d.settled_at, d.created_at)`, out.from, out.to))}
           ORDER BY coalesce(d.settled_at, d.created_at), d.id LIMIT 1000`,
    );
    for (const r of rest)
      if (!used.has(r.id))
        out.unmatched_disbursements.push({ id: Number(r.id), provider_ref: r.provider_ref, amount: r.amount, date: r.settled_day ?? '', recipient: r.recipient, reference_code: r.reference_code });
  }
  return out;
}

/**
 * Confirms a statement: matches it again (the server decides, not the screen) and marks the
 * matched disbursements reconciled in one transaction with row locks; a confirm repeated
 * reconciles nothing more (the already reconciled ones are counted as skipped).
 */
export async function confirmStatement(db: Db, actor: Actor, lines: readonly Line[]): Promise<ReconcileResult> {
  const match = await matchStatement(db, actor.scope, lines);
  if (!match.matched.length) return { reconciled: 0, skipped: 0 };
  return reconcile(db, actor, match.matched.map((m) => m.disbursement_id));
}

export const statementRoutes = [
  defineRoute({
    method: 'POST',
    url: DISBURSEMENTS_PATHS.statementMatch,
    auth: P.reconcileDisbursements,
    body: statementBodySchema,
    response: statementMatchSchema,
    bodyLimit: 2 * 1024 * 1024,
    handler: ({ db, scope, body }) => matchStatement(db, scope, body.lines),
  }),
  defineRoute({
    method: 'POST',
    url: DISBURSEMENTS_PATHS.statementConfirm,
    auth: P.reconcileDisbursements,
    body: statementBodySchema,
    response: reconcileResultSchema,
    bodyLimit: 2 * 1024 * 1024,
    handler: ({ db, scope, auditActor, body }) => confirmStatement(db, { audit: auditActor, scope }, body.lines),
  }),
];
