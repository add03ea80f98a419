import { eq, sql } from 'drizzle-orm';
import {
  DISBURSEMENTS_PATHS,
  P,
  autoRuleBodySchema,
  autoRuleDryRunSchema,
  autoRuleListSchema,
  autoRuleRunListSchema,
  autoRuleSchema,
  disbursementBranchListSchema,
  fromNgwee,
  idParamsSchema,
  idSchema,
  orHeld,
  toNgwee,
  type AutoRule,
  type AutoRuleBody,
  type AutoRuleDryRun,
  type AutoRuleRun,
} from '@loan/shared-contract';
import { auditChanges, businessDayStartSql, conflict, defineCommand, defineRoute, invalid, notFound, queryRows, recordAudit, runChecked, schema, type AuditActor, type Db } from '@loan/shared-server';
import { z } from 'zod';
import { AUTO_DISBURSE_JOB, planRule } from './auto';

type RuleRow = typeof schema.autoDisburseRules.$inferSelect;
const rules = schema.autoDisburseRules;

/** How many runs the list shows per rule. */
export const LAST_RUNS = 3;

interface RunRow {
  id: string;
  rule_id: string;
  paid: AutoRuleRun['paid'];
  refused: AutoRuleRun['refused'];
  skipped: AutoRuleRun['skipped'];
  paused: boolean;
  created_at: Date | string;
}

const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();
const runDto = (r: RunRow): AutoRuleRun => ({
  id: Number(r.id),
  rule_id: Number(r.rule_id),
  paid: r.paid,
  refused: r.refused,
  skipped: r.skipped,
  paused: r.paused,
  created_at: iso(r.created_at),
});

async function runsOf(db: Db, ruleIds: number[], perRule: number): Promise<Map<number, AutoRuleRun[]>> {
  const out = new Map<number, AutoRuleRun[]>();
  if (!ruleIds.length) return out;
  const rows = await queryRows<RunRow>(
    db,
    sql`SELECT r.* FROM unnest(${`{${ruleIds.join(',')}}`}::bigint[]) AS ids(id)
        CROSS JOIN LATERAL (SELECT * FROM auto_disburse_runs WHERE rule_id = ids.id ORDER BY id DESC LIMIT ${perRule}) r
        ORDER BY r.rule_id, r.id DESC`,
  );
  for (const r of rows) {
    const list = out.get(Number(r.rule_id)) ?? [];
    list.push(runDto(r));
    out.set(Number(r.rule_id), list);
  }
  return out;
}

async function paidToday(db: Db): Promise<Map<number, string>> {
  const rows = await queryRows<{ rule_id: string; s: string }>(
    db,
    sql`SELECT rule_id, sum(amount)::numeric(18,2)::text AS s FROM disbursements
         WHERE mode = 'auto' AND rule_id IS NOT NULL AND status IN ('pending', 'success') AND created_at >= ${businessDayStartSql()}
         GROUP BY rule_id`,
  );
  return new Map(rows.map((r) => [Number(r.rule_id), r.s]));
}

async function toDtos(db: Db, rows: RuleRow[]): Promise<AutoRule[]> {
  const ids = rows.map((r) => r.id);
  const [runs, paid, branches] = await Promise.all([runsOf(db, ids, LAST_RUNS), paidToday(db), queryRows<{ id: string; name: string }>(db, sql`SELECT id, name FROM branches`)]);
  const branchName = new Map(branches.map((b) => [Number(b.id), b.name]));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    kind: r.kind,
    branch_id: r.branchId,
    branch_name: r.branchId === null ? null : (branchName.get(r.branchId) ?? null),
    min_amount: r.minAmount,
    max_amount: r.maxAmount,
    daily_limit: r.dailyLimit,
    active: r.active,
    paid_today: paid.get(r.id) ?? '0.00',
    last_runs: runs.get(r.id) ?? [],
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  }));
}

async function oneDto(db: Db, row: RuleRow): Promise<AutoRule> {
  return (await toDtos(db, [row]))[0];
}

async function findRule(db: Db, id: number, lock = false): Promise<RuleRow> {
  const q = db.select().from(rules).where(eq(rules.id, id));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound('Rule');
  return row;
}

async function branchExists(db: Db, id: number | null): Promise<void> {
  if (id === null) return;
  const [b] = await queryRows(db, sql`SELECT 1 FROM branches WHERE id = ${id}`);
  if (!b) throw invalid('branch_id', 'Choose a branch from the list.');
}

const values = (body: AutoRuleBody) => ({
  name: body.name,
  kind: body.kind,
  branchId: body.branch_id,
  minAmount: body.min_amount,
  maxAmount: body.max_amount,
  dailyLimit: body.daily_limit,
});

export async function listRules(db: Db): Promise<AutoRule[]> {
  return toDtos(db, await db.select().from(rules).orderBy(rules.name, rules.id));
}

export async function createRule(db: Db, actor: AuditActor, body: AutoRuleBody): Promise<AutoRule> {
  await branchExists(db, body.branch_id);
  const row = await db.transaction(async (tx) => {
    const [created] = await tx.insert(rules).values({ ...values(body), createdBy: actor.userId }).returning();
    await recordAudit(tx, actor, { action: 'auto_disburse_rule.create', entity: 'auto_disburse_rule', entityId: created.id, after: values(body) });
    return created;
  });
  return oneDto(db, row);
}

export async function updateRule(db: Db, actor: AuditActor, id: number, body: AutoRuleBody): Promise<AutoRule> {
  await branchExists(db, body.branch_id);
  const row = await db.transaction(async (tx) => {
    const current = await findRule(tx, id, true);
    const next = values(body);
    const changes = auditChanges(current as unknown as Record<string, unknown>, next);
    const [updated] = await tx.update(rules).set({ ...next, updatedAt: sql`now()` }).where(eq(rules.id, id)).returning();
    await recordAudit(tx, actor, { action: 'auto_disburse_rule.update', entity: 'auto_disburse_rule', entityId: id, ...changes });
    return updated;
  });
  return oneDto(db, row);
}

export async function deleteRule(db: Db, actor: AuditActor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await findRule(tx, id, true);
    await tx.delete(rules).where(eq(rules.id, id));
    await recordAudit(tx, actor, { action: 'auto_disburse_rule.delete', entity: 'auto_disburse_rule', entityId: id, before: { name: current.name } });
  });
}

/** Pause (active = false) or resume a rule; setting it to what it already is changes and audits nothing. */
export async function setActive(db: Db, actor: AuditActor, id: number, active: boolean): Promise<AutoRule> {
  const row = await db.transaction(async (tx) => {
    const current = await findRule(tx, id, true);
    if (current.active === active) return current;
    const [updated] = await tx.update(rules).set({ active, updatedAt: sql`now()` }).where(eq(rules.id, id)).returning();
    await recordAudit(tx, actor, { action: active ? 'auto_disburse_rule.resume' : 'auto_disburse_rule.pause', entity: 'auto_disburse_rule', entityId: id });
    return updated;
  });
  return oneDto(db, row);
}

/** What the rule would pay now (its plan, paused or not): nothing is paid or recorded. */
export async function dryRun(db: Db, id: number, floatLimit: string | null): Promise<AutoRuleDryRun> {
  const rule = await findRule(db, id);
  const plan = await planRule(db, rule, floatLimit);
  return {
    pay: plan.pay.map((p) => ({
      application_id: Number(p.application_id),
      reference_code: p.reference_code,
      client_name: p.client_name,
      recipient: p.recipient,
      amount: fromNgwee(toNgwee(p.amount)),
    })),
    skipped: plan.skipped,
    total: fromNgwee(plan.pay.reduce((s, p) => s + toNgwee(p.amount), 0n)),
  };
}

export async function runsOfRule(db: Db, id: number): Promise<AutoRuleRun[]> {
  await findRule(db, id);
  return (await runsOf(db, [id], 50)).get(id) ?? [];
}

const floatLimit = () => process.env['DISBURSE_FLOAT_LIMIT'] || null;

/**
 * A rule added, edited or resumed runs now rather than at the next minute: one auto-disburse
 * job is queued (on whichever instance takes it; paying stays once-only). Without a running
 * queue (JOBS=off) the schedule of another instance runs it.
 */
// ---------------------------------------------------------------------------------------
// Maker-checker: every change of a rule is one checkable action.

/** One action for every change of an automatic disbursement rule (pausing one is never held: it stops money). */
export const autoRuleInputSchema = z.discriminatedUnion('op', [
  z.object({ op: z.literal('create'), rule: autoRuleBodySchema }),
  z.object({ op: z.literal('update'), id: idSchema, rule: autoRuleBodySchema }),
  z.object({ op: z.literal('delete'), id: idSchema }),
  z.object({ op: z.literal('resume'), id: idSchema }),
]);
export type AutoRuleInput = z.output<typeof autoRuleInputSchema>;

const ruleLines = (before: Partial<Record<string, unknown>> | null, after: Partial<Record<string, unknown>> | null) =>
  (['name', 'kind', 'branch_id', 'min_amount', 'max_amount', 'daily_limit', 'active'] as const)
    .map((k) => ({ label: k.replace('_', ' '), before: before && before[k] !== undefined ? String(before[k] ?? 'any') : null, after: after && after[k] !== undefined ? String(after[k] ?? 'any') : null }))
    .filter((l) => l.before !== l.after);

export const autoRuleCommand = defineCommand<AutoRuleInput, AutoRule | null>({
  name: 'auto_rule.change',
  label: 'Auto-disbursement rule changes',
  permission: (i) => (i.op === 'create' ? P.addAutoDisburse : i.op === 'delete' ? P.deleteAutoDisburse : P.editAutoDisburse),
  input: autoRuleInputSchema,
  summary: async (db, _actor, i) => {
    const current = i.op === 'create' ? null : (await db.select().from(rules).where(eq(rules.id, i.id)))[0];
    if (i.op !== 'create' && !current) throw conflict('This rule no longer exists.');
    const was = current
      ? { name: current.name, kind: current.kind, branch_id: current.branchId, min_amount: current.minAmount, max_amount: current.maxAmount, daily_limit: current.dailyLimit, active: current.active }
      : null;
    const verb = { create: 'Add', update: 'Change', delete: 'Delete', resume: 'Resume' }[i.op];
    const after = i.op === 'create' || i.op === 'update' ? { ...i.rule, active: was?.active ?? true } : i.op === 'resume' ? { ...was, active: true } : null;
    return {
      title: `${verb} the automatic disbursement rule "${i.op === 'create' || i.op === 'update' ? i.rule.name : (current?.name ?? '')}"`,
      lines: ruleLines(was, after),
      link: '/transactions/disbursements/auto',
      entity: 'auto_disburse_rule',
      entityId: i.op === 'create' ? null : i.id,
      branchId: null,
    };
  },
  run: async (tx, actor, i) => {
    if (i.op === 'create') return createRule(tx, actor.audit, i.rule);
    if (i.op === 'update') return updateRule(tx, actor.audit, i.id, i.rule);
    if (i.op === 'resume') return setActive(tx, actor.audit, i.id, true);
    await deleteRule(tx, actor.audit, i.id);
    return null;
  },
  // A rule that may pay now runs soon (as it always did after a save).
  afterCommit: async ({ jobs }, _actor, rule) => {
    if (rule?.active && jobs.state === 'running') await jobs.send(AUTO_DISBURSE_JOB, {}).catch(() => undefined);
    return rule;
  },
});


/** The auto screen's routes: each with its permission (spec §6: view, add, edit, delete auto disburse). */
export const autoRuleRoutes = [
  defineRoute({
    method: 'GET',
    url: DISBURSEMENTS_PATHS.autoRules,
    auth: P.viewAutoDisburse,
    response: autoRuleListSchema,
    handler: async ({ db }) => ({ items: await listRules(db) }),
  }),
  defineRoute({
    method: 'POST',
    url: DISBURSEMENTS_PATHS.autoRules,
    auth: P.addAutoDisburse,
    body: autoRuleBodySchema,
    response: orHeld(autoRuleSchema),
    handler: async (ctx) => {
      const out = await runChecked(ctx, autoRuleCommand, { op: 'create', rule: ctx.body });
      if (ctx.reply.statusCode !== 202) ctx.reply.code(201);
      return out;
    },
  }),
  defineRoute({
    method: 'PUT',
    url: DISBURSEMENTS_PATHS.autoRule,
    auth: P.editAutoDisburse,
    params: idParamsSchema,
    body: autoRuleBodySchema,
    response: orHeld(autoRuleSchema),
    handler: (ctx) => runChecked(ctx, autoRuleCommand, { op: 'update', id: ctx.params.id, rule: ctx.body }),
  }),
  defineRoute({
    method: 'DELETE',
    url: DISBURSEMENTS_PATHS.autoRule,
    auth: P.deleteAutoDisburse,
    params: idParamsSchema,
    // 204, or 202 with the request when a second person must check it.
    response: null,
    handler: async (ctx) => {
      const out = await runChecked(ctx, autoRuleCommand, { op: 'delete', id: ctx.params.id });
      return out ? ctx.reply.send(out) : ctx.reply.code(204).send();
    },
  }),
  defineRoute({
    method: 'POST',
    url: DISBURSEMENTS_PATHS.autoRulePause,
    auth: P.editAutoDisburse,
    params: idParamsSchema,
    response: autoRuleSchema,
    handler: ({ db, auditActor, params }) => setActive(db, auditActor, params.id, false),
  }),
  defineRoute({
    method: 'POST',
    url: DISBURSEMENTS_PATHS.autoRuleResume,
    auth: P.editAutoDisburse,
    params: idParamsSchema,
    response: orHeld(autoRuleSchema),
    handler: (ctx) => runChecked(ctx, autoRuleCommand, { op: 'resume', id: ctx.params.id }),
  }),
  defineRoute({
    method: 'POST',
    url: DISBURSEMENTS_PATHS.autoRuleDryRun,
    auth: P.viewAutoDisburse,
    params: idParamsSchema,
    response: autoRuleDryRunSchema,
    handler: ({ db, params }) => dryRun(db, params.id, floatLimit()),
  }),
  defineRoute({
    method: 'GET',
    url: DISBURSEMENTS_PATHS.autoRuleRuns,
    auth: P.viewAutoDisburse,
    params: idParamsSchema,
    response: autoRuleRunListSchema,
    handler: async ({ db, params }) => ({ items: await runsOfRule(db, params.id) }),
  }),
  defineRoute({
    method: 'GET',
    url: DISBURSEMENTS_PATHS.branches,
    auth: P.viewTransactionModule,
    response: disbursementBranchListSchema,
    handler: async ({ db }) =>
      (await queryRows<{ id: string; name: string }>(db, sql`SELECT id, name FROM branches ORDER BY name, id`)).map((b) => ({ id: Number(b.id), name: b.name })),
  }),
];
