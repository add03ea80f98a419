import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import {
  MAKER_CHECKER_SETTING,
  P,
  PENDING_ACTION_VALID_DAYS,
  WAITING_MESSAGE,
  toNgwee,
  type HeldAnswer,
  type MakerCheckerBody,
  type MakerCheckerSettings,
  type PendingAction,
  type PendingActionList,
  type PendingActionListQuery,
  type PendingActionStatus,
  type PendingSummary,
} from '@loan/shared-contract';
import type { Db } from '../db';
import { queryRows } from '../db/sql';
import { branchScope, inScope, type BranchScope } from '../db/list';
import { HttpError, conflict, forbidden, invalid, notFound, postgresCode } from '../http/errors';
import { recordAudit, type AuditActor } from '../http/audit';
import type { RouteContext } from '../http/route';
import { permissionOf, type ActingUser, type AnyCommand, type CheckedCommand, type CommandActor, type CommandRegistry, type CommandServices } from './command';

// ---------------------------------------------------------------------------------------
// The setting: which commands need a checker, and above what amount.

interface Rule {
  required: boolean;
  above: string | null;
}
type StoredSetting = { rules?: Record<string, Rule> };

async function readStored(db: Db): Promise<{ rules: Record<string, Rule>; updatedAt: string | null }> {
  const [row] = await queryRows<{ value: StoredSetting; updated_at: Date | string }>(db, sql`SELECT value, updated_at FROM settings WHERE key = ${MAKER_CHECKER_SETTING}`);
  return { rules: row?.value?.rules ?? {}, updatedAt: row ? new Date(row.updated_at).toISOString() : null };
}

/** The setting as the screen shows it: one line per registered command (off until set). */
export async function readMakerChecker(db: Db, registry: CommandRegistry): Promise<MakerCheckerSettings> {
  const { rules, updatedAt } = await readStored(db);
  return {
    rules: registry.list().map((c) => ({
      command: c.name,
      label: c.label,
      has_amount: !!c.amount,
      required: rules[c.name]?.required ?? false,
      above: c.amount ? (rules[c.name]?.above ?? null) : null,
    })),
    updated_at: updatedAt,
  };
}

/** Writes the setting (unknown commands: 422), audited with what changed. */
export async function writeMakerChecker(tx: Db, registry: CommandRegistry, actor: AuditActor, body: MakerCheckerBody): Promise<void> {
  const { rules: current } = await readStored(tx);
  const next: Record<string, Rule> = { ...current };
  body.rules.forEach((r, i) => {
    const cmd = registry.get(r.command);
    if (!cmd) throw invalid(`rules.${i}.command`, `Unknown action: ${r.command}.`);
    next[r.command] = { required: r.required, above: cmd.amount ? (r.above ?? null) : null };
  });
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(next)) {
    const was = current[k] ?? { required: false, above: null };
    if (was.required !== v.required || was.above !== v.above) {
      before[k] = was;
      after[k] = v;
    }
  }
  await tx.execute(
    sql`INSERT INTO settings (key, value, updated_at) VALUES (${MAKER_CHECKER_SETTING}, ${JSON.stringify({ rules: next })}::jsonb, now())
        ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = now()`,
  );
  await recordAudit(tx, actor, { action: 'update', entity: 'maker_checker', entityId: null, before, after });
}

/** Whether this input of this command needs a second person now (the setting, and its amount). */
export async function needsChecker(db: Db, command: AnyCommand, input: unknown): Promise<boolean> {
  const { rules } = await readStored(db);
  const rule = rules[command.name];
  if (!rule?.required) return false;
  if (!command.amount || rule.above === null) return true;
  const amount = await command.amount(db, input);
  return amount !== null && toNgwee(amount) > toNgwee(rule.above);
}

// ---------------------------------------------------------------------------------------
// Requests.

interface Row {
  id: string;
  command: string;
  input: unknown;
  summary: PendingSummary;
  entity: string | null;
  entity_id: string | null;
  branch_id: string | null;
  maker_id: string;
  maker_name: string;
  checker_id: string | null;
  checker_name: string | null;
  status: PendingActionStatus;
  reason: string | null;
  created_at: Date | string;
  expires_at: Date | string;
  decided_at: Date | string | null;
  expired: boolean;
}

const iso = (v: Date | string) => new Date(v).toISOString();

const SELECT = sql`SELECT a.id, a.command, a.input, a.summary, a.entity, a.entity_id, a.branch_id, a.maker_id, m.fullname AS maker_name,
                          a.checker_id, c.fullname AS checker_name, a.status, a.reason, a.created_at, a.expires_at, a.decided_at,
                          a.expires_at <= now() AS expired
                     FROM pending_actions a
                     JOIN users m ON m.id = a.maker_id
                     LEFT JOIN users c ON c.id = a.checker_id`;

/** Who looks at requests: the signed-in user. */
export type Viewer = Pick<ActingUser, 'id' | 'permissions' | 'branchId'>;

const canCheck = (v: Viewer) => v.permissions.has(P.checkPendingActions);
const visibleTo = (v: Viewer, r: Row) =>
  Number(r.maker_id) === v.id || (canCheck(v) && (r.branch_id === null || inScope(branchScope(v), Number(r.branch_id))));

function toDto(r: Row, viewer: Viewer, registry: CommandRegistry): PendingAction {
  const mine = Number(r.maker_id) === viewer.id;
  return {
    id: Number(r.id),
    command: r.command,
    label: registry.get(r.command)?.label ?? r.command,
    status: r.status,
    summary: r.summary,
    maker: { id: Number(r.maker_id), name: r.maker_name },
    checker: r.checker_id === null ? null : { id: Number(r.checker_id), name: r.checker_name ?? '' },
    entity: r.entity,
    entity_id: r.entity_id,
    created_at: iso(r.created_at),
    expires_at: iso(r.expires_at),
    decided_at: r.decided_at === null ? null : iso(r.decided_at),
    reason: r.reason,
    can_decide: r.status === 'pending' && !r.expired && !mine && canCheck(viewer),
    mine,
  };
}

async function findRow(db: Db, id: number, lock = false): Promise<Row | undefined> {
  const [r] = await queryRows<Row>(db, sql`${SELECT} WHERE a.id = ${id}${lock ? sql` FOR UPDATE OF a` : sql``}`);
  return r;
}

/** The scope condition of the requests a checker sees: their branches', and those of no branch. */
function scopeSql(scope: BranchScope): SQL {
  if (scope.all) return sql`true`;
  if (scope.branchId === null) return sql`a.branch_id IS NULL`;
  return sql`(a.branch_id IS NULL OR a.branch_id = ${scope.branchId})`;
}

/** The inbox: a checker sees their scope's requests; anyone else only their own. Newest first. */
export async function listRequests(db: Db, registry: CommandRegistry, viewer: Viewer, q: PendingActionListQuery): Promise<PendingActionList> {
  const where: SQL[] = [];
  if (q.mine || !canCheck(viewer)) where.push(sql`a.maker_id = ${viewer.id}`);
  else where.push(sql`(a.maker_id = ${viewer.id} OR ${scopeSql(branchScope(viewer))})`);
  if (q.status) where.push(sql`a.status = ${q.status}`);
  if (q.command) where.push(sql`a.command = ${q.command}`);
  if (q.entity) where.push(sql`a.entity = ${q.entity}`);
  if (q.entity_id !== undefined) where.push(sql`a.entity_id = ${String(q.entity_id)}`);
  const cond = sql.join(where, sql` AND `);
  const offset = (q.page - 1) * q.pageSize;
  const [rows, [count]] = await Promise.all([
    queryRows<Row>(db, sql`${SELECT} WHERE ${cond} ORDER BY a.created_at DESC, a.id DESC LIMIT ${q.pageSize} OFFSET ${offset}`),
    queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM pending_actions a WHERE ${cond}`),
  ]);
  return { items: rows.map((r) => toDto(r, viewer, registry)), total: Number(count?.n ?? 0), page: q.page, pageSize: q.pageSize };
}

/** The top bar's figure: pending, unexpired requests the viewer may decide. */
export async function countDecidable(db: Db, viewer: Viewer): Promise<number> {
  if (!canCheck(viewer)) return 0;
  const [r] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM pending_actions a
         WHERE a.status = 'pending' AND a.expires_at > now() AND a.maker_id <> ${viewer.id} AND ${scopeSql(branchScope(viewer))}`,
  );
  return Number(r?.n ?? 0);
}

/** One request; 404 unless it is the viewer's own or a checker's in scope. */
export async function requestById(db: Db, registry: CommandRegistry, viewer: Viewer, id: number): Promise<PendingAction> {
  const r = await findRow(db, id);
  if (!r || !visibleTo(viewer, r)) throw notFound('Request');
  return toDto(r, viewer, registry);
}

/** The same action: the command and its input (or the command's own key), as a short hash. */
export function dedupeKeyOf(command: AnyCommand, input: unknown): string {
  const canon = (v: unknown): unknown =>
    Array.isArray(v) ? v.map(canon) : v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)).map(([a, b]) => [a, canon(b)])) : v;
  const raw = command.dedupeKey ? command.dedupeKey(input) : JSON.stringify(canon(input ?? null));
  return createHash('sha256').update(raw).digest('hex');
}

export const SAME_PENDING = 'The same action is already waiting for a second person.';

/**
 * Stores the request (premise checked first: a maker hears at once that it cannot happen), in
 * one transaction with its audit record. The same action already waiting: 409 naming it.
 */
export async function hold(db: Db, registry: CommandRegistry, command: AnyCommand, actor: CommandActor, input: unknown): Promise<PendingAction> {
  const summary = await command.summary(db, actor, input);
  const key = dedupeKeyOf(command, input);
  const store = () =>
    db.transaction(async (tx) => {
      await command.premise?.(tx, actor, input);
      const [row] = await queryRows<{ id: string }>(
        tx,
        sql`INSERT INTO pending_actions (command, input, summary, dedupe_key, entity, entity_id, branch_id, maker_id, expires_at)
            VALUES (${command.name}, ${JSON.stringify(input ?? null)}::jsonb,
                    ${JSON.stringify({ title: summary.title, lines: summary.lines, link: summary.link })}::jsonb, ${key},
                    ${summary.entity ?? null}, ${summary.entityId === undefined || summary.entityId === null ? null : String(summary.entityId)},
                    ${summary.branchId ?? null}, ${actor.user.id}, now() + make_interval(days => ${PENDING_ACTION_VALID_DAYS}))
            RETURNING id`,
      );
      await recordAudit(tx, actor.audit, {
        action: 'pending_action.request',
        entity: 'pending_action',
        entityId: row.id,
        details: { command: command.name, title: summary.title, entity: summary.entity ?? null, entity_id: summary.entityId ?? null },
      });
      return Number(row.id);
    });
  let id: number;
  try {
    id = await store();
  } catch (err) {
    if (postgresCode(err) !== '23505') throw err;
    const [first] = await queryRows<{ id: string; expired: boolean }>(
      db,
      sql`SELECT id, expires_at <= now() AS expired FROM pending_actions WHERE command = ${command.name} AND dedupe_key = ${key} AND status = 'pending'`,
    );
    if (!first) throw conflict(SAME_PENDING);
    if (!first.expired) {
      throw new HttpError(409, SAME_PENDING, undefined, { pending_action_id: Number(first.id), link: `/approvals/${first.id}` });
    }
    // The first one's week is over but the job has not marked it yet: mark it, then ask again.
    await expirePendingActions(db);
    id = await store();
  }
  const viewer = { id: actor.user.id, permissions: actor.user.permissions, branchId: actor.user.branchId };
  return toDto((await findRow(db, id)) as Row, viewer, registry);
}

/** The maker as they are now (active, their role's permissions), or null. */
export async function loadActingUser(db: Db, userId: number): Promise<ActingUser | null> {
  const [r] = await queryRows<{ id: string; fullname: string; role_id: string; branch_id: string | null; permissions: string[] }>(
    db,
    sql`SELECT u.id, u.fullname, u.role_id, u.branch_id,
               array(SELECT p.name FROM role_permissions rp JOIN permissions p ON p.id = rp.permission_id WHERE rp.role_id = u.role_id) AS permissions
          FROM users u WHERE u.id = ${userId} AND u.active`,
  );
  if (!r) return null;
  return { id: Number(r.id), fullname: r.fullname, roleId: Number(r.role_id), branchId: r.branch_id === null ? null : Number(r.branch_id), permissions: new Set(r.permissions) };
}

/** The actor of a signed-in request (no checker). */
export function requestActor(ctx: Pick<RouteContext<unknown, unknown, unknown>, 'user' | 'scope' | 'auditActor'>): CommandActor {
  const u = ctx.user;
  return { user: { id: u.id, fullname: u.fullname, roleId: u.roleId, branchId: u.branchId, permissions: u.permissions }, scope: ctx.scope, audit: ctx.auditActor };
}

/** Runs a command now: `run` in one transaction, then its after-commit step. */
export async function runNow<I, R, A>(services: CommandServices, command: CheckedCommand<I, R, A>, actor: CommandActor, input: I): Promise<A> {
  const result = await services.db.transaction((tx) => command.run(tx, actor, input));
  return command.afterCommit ? command.afterCommit(services, actor, result, input) : (result as unknown as A);
}

/**
 * The route's one call for a checkable action: runs it now, or, when the setting asks for a
 * second person, stores it and answers 202 with the request (`{ held: true, pending }`).
 */
export async function runChecked<I, R, A>(
  ctx: Pick<RouteContext<unknown, unknown, unknown>, 'user' | 'scope' | 'auditActor' | 'db' | 'reply' | 'req'>,
  command: CheckedCommand<I, R, A>,
  input: I,
): Promise<A | HeldAnswer> {
  const app = ctx.req.server;
  const registry = app.commands;
  if (registry.get(command.name) !== command) throw new Error(`commands: '${command.name}' is not registered (app.commands.register)`);
  const actor = requestActor(ctx);
  if (!(await needsChecker(ctx.db, command as AnyCommand, input))) return runNow({ db: ctx.db, ports: app.ports, config: app.config, jobs: app.jobs }, command, actor, input);
  const pending = await hold(ctx.db, registry, command as AnyCommand, actor, input);
  ctx.reply.code(202);
  return { message: WAITING_MESSAGE, held: true, pending };
}

// ---------------------------------------------------------------------------------------
// Decisions.

/** The checker: who decides, and from where. */
export interface Checker {
  user: ActingUser;
  audit: AuditActor;
}

const EXPIRED = 'This request has expired: ask again if it is still needed.';
const OWN = 'You cannot approve or reject your own request: another person must check it.';

/** Refusals about the request itself (nothing to mark on it). */
function assertDecidable(r: Row | undefined, checker: Checker): asserts r is Row {
  if (!r || !visibleTo(checker.user, r)) throw notFound('Request');
  if (r.status !== 'pending') throw conflict(`This request was ${r.status} already.`);
  if (Number(r.maker_id) === checker.user.id) throw forbidden(OWN);
}

class Expired extends Error {}

async function markFailed(db: Db, id: number, checker: Checker, reason: string, status: 'failed' | 'expired'): Promise<void> {
  await db.transaction(async (tx) => {
    const [r] = await queryRows<{ id: string }>(
      tx,
      sql`UPDATE pending_actions SET status = ${status}, reason = ${status === 'failed' ? reason : null},
                 checker_id = ${status === 'failed' ? checker.user.id : null}, decided_at = now()
           WHERE id = ${id} AND status = 'pending' RETURNING id`,
    );
    if (r) await recordAudit(tx, checker.audit, { action: `pending_action.${status === 'failed' ? 'fail' : 'expire'}`, entity: 'pending_action', entityId: id, details: { reason } });
  });
}

/**
 * Approves a request: in ONE transaction the request's row is locked (two checkers at once:
 * the second waits, then finds it approved), the maker is reloaded (still active, still holding
 * the command's permission), the input re-parsed, the premise and the command's own checks
 * re-run, the command run as the maker with the checker on every audit record, and the request
 * marked approved. A refusal of the command rolls everything back and marks the request failed
 * with the reason (409); nothing ran. Then the command's after-commit step (a provider call).
 */
export async function approve(services: CommandServices, registry: CommandRegistry, checker: Checker, id: number): Promise<PendingAction> {
  const { db } = services;
  const state: { stage: 'request' | 'command'; ran?: { command: AnyCommand; actor: CommandActor; result: unknown; input: unknown } } = { stage: 'request' };
  try {
    await db.transaction(async (tx) => {
      const r = await findRow(tx, id, true);
      assertDecidable(r, checker);
      if (r.expired) throw new Expired();
      state.stage = 'command';
      const command = registry.get(r.command);
      if (!command) throw conflict(`This kind of action (${r.command}) is no longer known.`);
      const conflictOfInterest = command.checkerConflict?.(checker.user, r.input);
      if (conflictOfInterest) {
        state.stage = 'request';
        throw forbidden(conflictOfInterest);
      }
      const maker = await loadActingUser(tx, Number(r.maker_id));
      if (!maker) throw conflict(`${r.maker_name} is no longer an active user.`);
      const parsed = command.input.safeParse(r.input);
      if (!parsed.success) throw conflict('The request no longer fits the form of its action.');
      const permission = permissionOf(command, parsed.data);
      if (!maker.permissions.has(permission)) throw conflict(`${maker.fullname} no longer holds the permission '${permission}'.`);
      const actor: CommandActor = {
        user: maker,
        scope: branchScope(maker),
        audit: { userId: maker.id, ip: checker.audit.ip, userAgent: checker.audit.userAgent, checkedBy: checker.user.id, pendingActionId: id },
      };
      await command.premise?.(tx, actor, parsed.data);
      const result = await command.run(tx, actor, parsed.data);
      await tx.execute(
        sql`UPDATE pending_actions SET status = 'approved', checker_id = ${checker.user.id}, decided_at = now(), result = ${JSON.stringify(result ?? null)}::jsonb WHERE id = ${id}`,
      );
      await recordAudit(tx, checker.audit, {
        action: 'pending_action.approve',
        entity: 'pending_action',
        entityId: id,
        details: { command: r.command, maker_id: maker.id, checker_id: checker.user.id, entity: r.entity, entity_id: r.entity_id },
      });
      state.ran = { command, actor, result, input: parsed.data };
    });
  } catch (err) {
    if (err instanceof Expired) {
      await markFailed(db, id, checker, EXPIRED, 'expired');
      throw conflict(EXPIRED);
    }
    if (state.stage === 'command' && err instanceof HttpError && err.statusCode < 500) {
      await markFailed(db, id, checker, err.message, 'failed');
      throw new HttpError(409, `Not done: ${err.message}`, undefined, { pending_action_id: id });
    }
    throw err;
  }
  const done = state.ran as NonNullable<typeof state.ran>;
  if (done.command.afterCommit) await done.command.afterCommit(services, done.actor, done.result, done.input);
  return toDto((await findRow(db, id)) as Row, checker.user, registry);
}

/** Rejects a request with a reason (never the maker's own), audited. */
export async function reject(db: Db, registry: CommandRegistry, checker: Checker, id: number, reason: string): Promise<PendingAction> {
  try {
    await db.transaction(async (tx) => {
      const r = await findRow(tx, id, true);
      assertDecidable(r, checker);
      if (r.expired) throw new Expired();
      await tx.execute(sql`UPDATE pending_actions SET status = 'rejected', checker_id = ${checker.user.id}, reason = ${reason}, decided_at = now() WHERE id = ${id}`);
      await recordAudit(tx, checker.audit, {
        action: 'pending_action.reject',
        entity: 'pending_action',
        entityId: id,
        details: { command: r.command, maker_id: Number(r.maker_id), checker_id: checker.user.id, reason },
      });
    });
  } catch (err) {
    if (err instanceof Expired) {
      await markFailed(db, id, checker, EXPIRED, 'expired');
      throw conflict(EXPIRED);
    }
    throw err;
  }
  return toDto((await findRow(db, id)) as Row, checker.user, registry);
}

const SYSTEM: AuditActor = { userId: null, ip: null, userAgent: 'approvals' };

/** Marks every pending request past its expiry as expired (the job's work); answers how many. */
export async function expirePendingActions(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await queryRows<{ id: string; command: string }>(
      tx,
      sql`UPDATE pending_actions SET status = 'expired', decided_at = now() WHERE status = 'pending' AND expires_at <= now() RETURNING id, command`,
    );
    for (const r of rows) await recordAudit(tx, SYSTEM, { action: 'pending_action.expire', entity: 'pending_action', entityId: r.id, details: { command: r.command } });
    return rows.length;
  });
}
